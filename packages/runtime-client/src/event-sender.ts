import {
  eventsResponseSchema,
  MAX_EVENTS_PER_BATCH,
  RUNTIME_EVENTS_PATH,
  type RuntimeEvent,
} from '@console/domain/runtime';
import { type BackoffOptions, computeBackoffDelay, sleep } from './backoff.ts';
import type { RuntimeApiError } from './runtime-error.ts';
import type { RuntimeHttp } from './runtime-http.ts';

// Exposures and metric events on their way to POST /runtime/v1/events: queued in memory (never awaited by
// resolve() or track()), sent in batches by one loop, retried with the client's backoff while the console
// cannot take them, and dropped — counted — when the queue is full or the console refuses a batch for
// good. A batch that timed out is sent again as it was: the console stores each event id once.

export const DEFAULT_EVENT_QUEUE_SIZE = 100_000;
export const DEFAULT_EVENT_BATCH_SIZE = 500;
export const DEFAULT_EVENT_FLUSH_INTERVAL_MS = 1_000;
/** How long close() keeps sending what is queued before dropping the rest. */
export const DEFAULT_EVENT_CLOSE_TIMEOUT_MS = 5_000;

export interface EventSendingOptions {
  /** Send exposures and tracked events to the console (default true); false keeps only onExposure. */
  enabled?: boolean;
  /** The most events waiting; beyond it new ones are dropped and counted (default 100,000). */
  maxQueue?: number;
  /** Events per request, at most 1,000 (default 500). */
  batchSize?: number;
  /** How long an event may wait for a batch to fill, in ms (default 1 s). */
  flushIntervalMs?: number;
  /** How long close() keeps sending the queue, in ms (default 5 s). */
  closeTimeoutMs?: number;
}

export interface EventCounts {
  /** Waiting to be sent. */
  queued: number;
  /** Taken by the console (new or already stored). */
  sent: number;
  /** Never sent: the queue was full, the console refused the batch, or close() ran out of time. */
  dropped: number;
}

export interface EventSender {
  add(event: RuntimeEvent): void;
  /** Sends everything queued now; resolves when the queue is empty (or it gave up on it). */
  flush(): Promise<void>;
  /** Sends what is queued within the close timeout, drops the rest, and stops. */
  close(): Promise<void>;
  readonly counts: EventCounts;
}

export function createEventSender(options: {
  http: RuntimeHttp;
  backoff: BackoffOptions;
  sending: EventSendingOptions;
  onError: (error: RuntimeApiError) => void;
  /** A refused key stops the client: the events are dropped. */
  onKeyRefused: (error: RuntimeApiError) => void;
}): EventSender {
  const maxQueue = options.sending.maxQueue ?? DEFAULT_EVENT_QUEUE_SIZE;
  const batchSize = Math.min(
    MAX_EVENTS_PER_BATCH,
    Math.max(1, options.sending.batchSize ?? DEFAULT_EVENT_BATCH_SIZE),
  );
  const flushIntervalMs = options.sending.flushIntervalMs ?? DEFAULT_EVENT_FLUSH_INTERVAL_MS;
  const closeTimeoutMs = options.sending.closeTimeoutMs ?? DEFAULT_EVENT_CLOSE_TIMEOUT_MS;
  const stopping = new AbortController();
  let queue: RuntimeEvent[] = [];
  let sent = 0;
  let dropped = 0;
  let timer: NodeJS.Timeout | null = null;
  let sending: Promise<void> | null = null;
  let isClosed = false;

  const drop = (count: number) => {
    dropped += count;
  };

  const sendQueue = async (signal: AbortSignal) => {
    for (let attempt = 0; queue.length > 0 && !signal.aborted; ) {
      const batch = queue.slice(0, batchSize);
      try {
        await options.http.post(RUNTIME_EVENTS_PATH, { events: batch }, eventsResponseSchema, signal);
        queue.splice(0, batch.length);
        sent += batch.length;
        attempt = 0;
      } catch (error) {
        const apiError = error as RuntimeApiError;
        if (signal.aborted) return;
        if (apiError.isKeyRefused) {
          drop(queue.length);
          queue = [];
          options.onKeyRefused(apiError);
          return;
        }
        options.onError(apiError);
        if (apiError.isPermanent) {
          // a batch the console refuses (400, 413) would be refused again: it is dropped, the rest goes on
          queue.splice(0, batch.length);
          drop(batch.length);
          continue;
        }
        await sleep(computeBackoffDelay(attempt, options.backoff), signal);
        attempt += 1;
      }
    }
  };

  const startSending = (signal: AbortSignal = stopping.signal): Promise<void> => {
    sending ??= sendQueue(signal).finally(() => {
      sending = null;
      if (queue.length > 0 && !isClosed) schedule();
    });
    return sending;
  };

  function schedule() {
    if (timer || sending || isClosed) return;
    timer = setTimeout(() => {
      timer = null;
      void startSending();
    }, flushIntervalMs);
    timer.unref();
  }

  return {
    add(event) {
      if (isClosed || queue.length >= maxQueue) {
        drop(1);
        return;
      }
      queue.push(event);
      if (queue.length >= batchSize && !sending) {
        if (timer) clearTimeout(timer);
        timer = null;
        void startSending();
      } else schedule();
    },
    async flush() {
      if (timer) clearTimeout(timer);
      timer = null;
      while (queue.length > 0 && !stopping.signal.aborted) await startSending();
    },
    async close() {
      if (isClosed) return;
      isClosed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const deadline = AbortSignal.timeout(closeTimeoutMs);
      const ending = AbortSignal.any([deadline, stopping.signal]);
      // the loop running now keeps its own signal: it is stopped at the deadline with the rest
      deadline.addEventListener('abort', () => stopping.abort(), { once: true });
      await sending;
      if (queue.length > 0 && !ending.aborted) await sendQueue(ending);
      stopping.abort();
      drop(queue.length);
      queue = [];
    },
    get counts() {
      return { queued: queue.length, sent, dropped };
    },
  };
}
