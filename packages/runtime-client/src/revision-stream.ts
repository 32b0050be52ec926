import {
  RUNTIME_PATHS,
  RUNTIME_REVISION_EVENT,
  type RuntimeRevisionEvent,
  runtimeRevisionEventSchema,
} from '@console/domain/runtime';
import { type BackoffOptions, computeBackoffDelay, sleep } from './backoff.ts';
import { RuntimeApiError } from './runtime-error.ts';
import type { RuntimeHttp } from './runtime-http.ts';
import { createSseParser, type SseEvent } from './sse-parser.ts';

// Follows GET /runtime/v1/stream for as long as the client lives: each `revision` event announces a
// published revision; a dropped, refused or silent stream is reopened after an exponential, jittered
// delay, with Last-Event-ID = the newest revision known so the server can replay what was missed.

export interface RevisionStreamOptions {
  http: RuntimeHttp;
  /** Aborting it ends the stream for good. */
  signal: AbortSignal;
  backoff: BackoffOptions;
  /** No byte (event or heartbeat) for this long: the connection is taken for dead and reopened. */
  idleTimeoutMs: number;
  /** The revision the client holds, sent as Last-Event-ID. */
  lastRevision(): number | null;
  onOpen(): void;
  /** A revision event: its revision, and its data when it is a well-formed change or reset event. */
  onRevision(revision: number, event: RuntimeRevisionEvent | null): void;
  onLost(error: RuntimeApiError): void;
}

/** Resolves once `signal` aborted and the connection is closed. */
export async function followRevisionStream(options: RevisionStreamOptions): Promise<void> {
  let attempt = 0;
  let lastEventId: number | null = null;
  let serverRetryMs: number | null = null;
  while (!options.signal.aborted) {
    try {
      await readOnce(options, {
        lastEventId: () => Math.max(lastEventId ?? 0, options.lastRevision() ?? 0) || null,
        onOpen: () => {
          attempt = 0;
          options.onOpen();
        },
        onEventId: (id) => {
          lastEventId = Math.max(lastEventId ?? 0, id);
        },
        onRetry: (ms) => {
          serverRetryMs = ms;
        },
      });
      if (options.signal.aborted) break;
      options.onLost(new RuntimeApiError('The revision stream ended', 0, RUNTIME_PATHS.stream));
    } catch (error) {
      if (options.signal.aborted) break;
      options.onLost(toApiError(error));
    }
    // Server-Sent Events: the server's `retry:` sets the reconnection time; it replaces the first delay.
    const backoff =
      serverRetryMs === null
        ? options.backoff
        : { ...options.backoff, initialDelayMs: Math.min(serverRetryMs, options.backoff.maxDelayMs) };
    await sleep(computeBackoffDelay(attempt++, backoff), options.signal);
  }
}

interface ConnectionHooks {
  lastEventId(): number | null;
  onOpen(): void;
  onEventId(id: number): void;
  onRetry(ms: number): void;
}

async function readOnce(options: RevisionStreamOptions, hooks: ConnectionHooks): Promise<void> {
  const connection = new AbortController();
  const signal = AbortSignal.any([options.signal, connection.signal]);
  let idleTimer: NodeJS.Timeout | undefined;
  const armIdleTimer = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      connection.abort(
        new RuntimeApiError(
          `The revision stream was silent for ${options.idleTimeoutMs} ms`,
          0,
          RUNTIME_PATHS.stream,
        ),
      );
    }, options.idleTimeoutMs);
    idleTimer.unref();
  };

  try {
    armIdleTimer();
    const lastEventId = hooks.lastEventId();
    const body = await options.http.openStream(lastEventId === null ? null : String(lastEventId), signal);
    hooks.onOpen();
    const parser = createSseParser({
      onEvent: (event) => {
        const revision = readRevision(event);
        if (revision === null) return;
        hooks.onEventId(revision);
        options.onRevision(revision, readRevisionEvent(event));
      },
      onRetry: hooks.onRetry,
    });
    const decoder = new TextDecoder();
    const reader = body.getReader();
    const cancel = () => reader.cancel().catch(() => {});
    signal.addEventListener('abort', cancel, { once: true });
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        armIdleTimer();
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } finally {
      signal.removeEventListener('abort', cancel);
    }
    if (connection.signal.aborted) throw connection.signal.reason;
  } catch (error) {
    // The idle watchdog's reason is more telling than the read's "aborted".
    if (connection.signal.aborted && !options.signal.aborted) throw connection.signal.reason;
    throw error;
  } finally {
    clearTimeout(idleTimer);
    if (!connection.signal.aborted) connection.abort();
  }
}

/** The revision a `revision` event announces: its data's `revision`, else its id; null for other events. */
export function readRevision(event: SseEvent): number | null {
  if (event.event !== RUNTIME_REVISION_EVENT) return null;
  try {
    const data = JSON.parse(event.data) as { revision?: unknown };
    if (typeof data.revision === 'number' && Number.isInteger(data.revision)) return data.revision;
  } catch {
    // fall back to the id
  }
  const id = Number(event.id);
  return event.id !== '' && Number.isInteger(id) ? id : null;
}

/** The data of a `revision` event when it is a change or reset event as the console sends them. */
export function readRevisionEvent(event: SseEvent): RuntimeRevisionEvent | null {
  if (event.event !== RUNTIME_REVISION_EVENT) return null;
  try {
    return runtimeRevisionEventSchema.safeParse(JSON.parse(event.data)).data ?? null;
  } catch {
    return null;
  }
}

function toApiError(error: unknown): RuntimeApiError {
  if (error instanceof RuntimeApiError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new RuntimeApiError(`The revision stream broke: ${message}`, 0, RUNTIME_PATHS.stream, {
    cause: error,
  });
}
