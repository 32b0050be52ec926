import type { ServerResponse } from 'node:http';
import { RUNTIME_HEARTBEAT_COMMENT, RUNTIME_HEARTBEAT_MS } from '@console/domain';
import type { FastifyReply } from 'fastify';
import type { RuntimeCache, ServedRevision } from './runtime-cache.ts';
import type { RuntimeKeyCache, RuntimeKeyEntry } from './runtime-key-cache.ts';

/** How long an EventSource waits before reconnecting (the stream's `retry:` field). */
const RECONNECT_MS = 2_000;
/** A client that lets this much pile up unread is dropped rather than held in memory. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const HEARTBEAT = `${RUNTIME_HEARTBEAT_COMMENT}\n\n`;

interface OpenStream {
  keyId: string;
  raw: ServerResponse;
  /** The revision this client holds (from Last-Event-ID, then from what was sent); 0 when not known. */
  revision: number;
  unsubscribe(): void;
}

export interface RuntimeStreamsOptions {
  heartbeatMs?: number;
}

/**
 * `GET /runtime/v1/stream`, Server-Sent Events written by hand on the raw response (a few
 * lines of framing; no dependency). One `revision` event per revision this process adopts, each frame
 * built once per revision and written to every client of the environment; one heartbeat timer for all.
 */
export class RuntimeStreams {
  private readonly open = new Set<OpenStream>();
  private readonly heartbeatMs: number;
  private heartbeat: NodeJS.Timeout | undefined;
  private stopWatchingKeys: (() => void) | undefined;

  constructor(
    private readonly store: RuntimeCache,
    private readonly keys: RuntimeKeyCache,
    options: RuntimeStreamsOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? RUNTIME_HEARTBEAT_MS;
  }

  get size(): number {
    return this.open.size;
  }

  start(): void {
    this.heartbeat ??= setInterval(() => {
      for (const stream of this.open) this.write(stream, HEARTBEAT);
    }, this.heartbeatMs);
    this.heartbeat.unref();
    // A revoked key's streams end at once; its reconnect is refused (401).
    this.stopWatchingKeys ??= this.keys.onRevoked((keyId) => {
      for (const stream of this.open) if (stream.keyId === keyId) stream.raw.end();
    });
  }

  /** Ends every stream (before the server closes, which would otherwise wait for them). */
  closeAll(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    this.stopWatchingKeys?.();
    this.stopWatchingKeys = undefined;
    for (const stream of this.open) stream.raw.end();
  }

  /** Takes over the reply: headers, then the current revision unless `lastEventId` already holds it. */
  attach(reply: FastifyReply, key: RuntimeKeyEntry, lastEventId: number | null): void {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx and similar proxies would otherwise buffer the events.
      'x-accel-buffering': 'no',
    });
    raw.write(`retry: ${RECONNECT_MS}\n\n`);
    const stream: OpenStream = {
      keyId: key.keyId,
      raw,
      revision: lastEventId ?? 0,
      unsubscribe: () => {},
    };
    const current = this.store.get(key.environmentId);
    if (current && current.revision > stream.revision) this.send(stream, current);
    stream.unsubscribe = this.store.subscribe(key.environmentId, (served) => this.send(stream, served));
    this.open.add(stream);
    raw.on('close', () => {
      stream.unsubscribe();
      this.open.delete(stream);
    });
  }

  private send(stream: OpenStream, served: ServedRevision): void {
    if (served.revision <= stream.revision) return;
    // `changed` describes the step from the previous revision; a client elsewhere gets null (refetch).
    const knowsPrevious = stream.revision > 0 && stream.revision === served.previousRevision;
    stream.revision = served.revision;
    this.write(stream, knowsPrevious ? served.event : served.eventWithoutChanges);
  }

  private write(stream: OpenStream, text: string): void {
    if (stream.raw.writableLength > MAX_BUFFERED_BYTES) {
      stream.raw.destroy();
      return;
    }
    stream.raw.write(text);
  }
}

/** `Last-Event-ID` (what EventSource sends on reconnect), or `?lastEventId=`: a revision number. */
export function lastEventIdOf(header: string | string[] | undefined, query: unknown): number | null {
  const given = typeof header === 'string' ? header : typeof query === 'string' ? query : undefined;
  if (given === undefined || !/^\d{1,15}$/.test(given.trim())) return null;
  return Number(given.trim());
}
