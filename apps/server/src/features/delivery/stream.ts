import type { ServerResponse } from 'node:http';
import { RUNTIME_HEARTBEAT_COMMENT, RUNTIME_HEARTBEAT_MS } from '@console/domain/runtime';
import type { FastifyReply } from 'fastify';
import type { RuntimeKeyCache, RuntimeKeyEntry } from './key-cache.ts';
import type { RuntimeCache, ServedRevision } from './revision-cache.ts';

/** How long an EventSource waits before reconnecting (the stream's `retry:` field). */
const RECONNECT_MS = 2_000;
/** A client that lets this much pile up unread is dropped rather than held in memory. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const HEARTBEAT = `${RUNTIME_HEARTBEAT_COMMENT}\n\n`;
/** The last event of a stream whose server is stopping: reconnect (another replica will answer). */
export const RUNTIME_STREAM_CLOSING_EVENT = 'closing';
/** Reconnect delays after a shutdown, spread so a replica's clients do not all arrive at once. */
const CLOSING_RETRY_MS = { min: 250, spread: 1_750 };

interface OpenStream {
  keyId: string;
  environmentId: string;
  raw: ServerResponse;
  /** The revision this client holds (from Last-Event-ID, then from what was sent); 0 when not known. */
  revision: number;
  unsubscribe(): void;
}

export interface RuntimeStreamsOptions {
  heartbeatMs?: number;
  /** Live streams one runtime key may hold over all server processes (RUNTIME_MAX_STREAMS_PER_KEY). */
  maxPerKey?: number;
  /** How many server processes share that maximum (the connection registry's heartbeat counts them). */
  processCount?: () => number;
}

/** 429 of a stream over its key's maximum: the client retries later, as after any refusal. */
export const streamLimitMessage = (max: number) =>
  `This runtime key holds its maximum of ${max} live event streams (RUNTIME_MAX_STREAMS_PER_KEY)`;

/**
 * `GET /runtime/v1/stream`, Server-Sent Events written by hand on the raw response (a few
 * lines of framing; no dependency). Every client receives one `revision` event per revision after the
 * one it holds, in order (replayed from the store's history on connect, then as the process adopts
 * them), or one reset event when the history does not reach back to it; each frame is built once per
 * revision and written to every client that needs it; one heartbeat timer for all.
 */
export class RuntimeStreams {
  private readonly open = new Set<OpenStream>();
  /** Open streams per key id, for the cap: a Map (key ids are not looked up on a plain object). */
  private readonly perKey = new Map<string, number>();
  private readonly heartbeatMs: number;
  readonly maxPerKey: number;
  private readonly processCount: () => number;
  private heartbeat: NodeJS.Timeout | undefined;
  private stopWatchingKeys: (() => void) | undefined;

  constructor(
    private readonly store: RuntimeCache,
    private readonly keys: RuntimeKeyCache,
    options: RuntimeStreamsOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? RUNTIME_HEARTBEAT_MS;
    this.maxPerKey = options.maxPerKey ?? Number.POSITIVE_INFINITY;
    this.processCount = options.processCount ?? (() => 1);
  }

  /**
   * Whether the key may open one more stream here. Each of the N live processes takes an Nth of the
   * maximum (at least one), so the streams of a key over all processes never exceed it, without a
   * database write per stream (streams come and go at the rate of game servers' reconnects).
   */
  hasRoomFor(keyId: string): boolean {
    const share = Math.max(1, Math.floor(this.maxPerKey / Math.max(1, this.processCount())));
    return (this.perKey.get(keyId) ?? 0) < share;
  }

  get size(): number {
    return this.open.size;
  }

  /** Open streams per environment (for metrics). */
  countByEnvironment(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const { environmentId } of this.open)
      counts.set(environmentId, (counts.get(environmentId) ?? 0) + 1);
    return counts;
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

  /**
   * Ends every stream (before the server closes, which would otherwise wait for them), each with a
   * `closing` event and a short `retry`, so clients reconnect soon, to a replica that still serves.
   */
  closeAll(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    this.stopWatchingKeys?.();
    this.stopWatchingKeys = undefined;
    for (const stream of this.open) {
      const retryMs = CLOSING_RETRY_MS.min + Math.floor(Math.random() * CLOSING_RETRY_MS.spread);
      stream.raw.end(
        `retry: ${retryMs}\nevent: ${RUNTIME_STREAM_CLOSING_EVENT}\ndata: {"reason":"server shutting down"}\n\n`,
      );
    }
  }

  /**
   * Takes over the reply: headers, then every revision after `lastEventId` (a reset event for the
   * current revision when it is absent, unknown or older than the history).
   */
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
      environmentId: key.environmentId,
      raw,
      revision: lastEventId ?? 0,
      unsubscribe: () => {},
    };
    const current = this.store.get(key.environmentId);
    if (current && current.revision !== stream.revision) this.catchUp(stream, current);
    stream.unsubscribe = this.store.subscribe(key.environmentId, (served) => this.catchUp(stream, served));
    this.open.add(stream);
    this.perKey.set(key.keyId, (this.perKey.get(key.keyId) ?? 0) + 1);
    raw.on('close', () => {
      stream.unsubscribe();
      this.open.delete(stream);
      const left = (this.perKey.get(key.keyId) ?? 1) - 1;
      if (left > 0) this.perKey.set(key.keyId, left);
      else this.perKey.delete(key.keyId);
    });
  }

  /** Sends the client every revision after its own up to `served`, or the reset event. */
  private catchUp(stream: OpenStream, served: ServedRevision): void {
    if (served.revision === stream.revision) return;
    const events = this.store.eventsAfter(stream.environmentId, stream.revision);
    stream.revision = served.revision;
    if (events === null) {
      this.write(stream, served.resetEvent);
      return;
    }
    // One write: a replay reaches the client together, before the snapshot it asks for on the first event.
    if (events.length > 0) this.write(stream, events.map((event) => event.text).join(''));
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
