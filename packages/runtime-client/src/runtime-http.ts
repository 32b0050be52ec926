import { RUNTIME_PATHS, type RuntimeSnapshot, runtimeSnapshotSchema } from '@console/domain/runtime';
import type { z } from 'zod';
import { RuntimeApiError } from './runtime-error.ts';

// The runtime API over HTTP: one place that adds the key, reads the {"payload"}/{"error"} envelope
// and turns every failure into a RuntimeApiError carrying the server's text and status.

export type FetchFunction = typeof globalThis.fetch;

export interface RuntimeHttpOptions {
  /** The console's base URL, e.g. https://console.example.com (a path prefix is kept). */
  url: string;
  /** The environment's runtime key, rk_... */
  key: string;
  fetch: FetchFunction;
  /** How long one request (not the stream) may take, in ms. */
  requestTimeoutMs: number;
}

export type SnapshotAnswer =
  | { isModified: false }
  | { isModified: true; snapshot: RuntimeSnapshot; etag: string | null };

export interface RuntimeHttp {
  /** GET the snapshot; with the ETag of the snapshot held, an unchanged revision answers 304. */
  fetchSnapshot(etag: string | null, signal: AbortSignal): Promise<SnapshotAnswer>;
  post<T extends z.ZodType>(
    path: string,
    body: unknown,
    answer: T,
    signal: AbortSignal,
  ): Promise<z.output<T>>;
  /** Opens the event stream; resolves once the server accepted it (status 200). */
  openStream(lastEventId: string | null, signal: AbortSignal): Promise<ReadableStream<Uint8Array>>;
}

export function createRuntimeHttp(options: RuntimeHttpOptions): RuntimeHttp {
  const base = options.url.replace(/\/+$/, '');
  const authorization = `Bearer ${options.key}`;

  const send = async (path: string, init: RequestInit, signal: AbortSignal, timeoutMs: number | null) => {
    const signals = timeoutMs === null ? [signal] : [signal, AbortSignal.timeout(timeoutMs)];
    try {
      return await options.fetch(`${base}${path}`, { ...init, signal: AbortSignal.any(signals) });
    } catch (error) {
      const reason = signal.aborted ? 'the client was closed' : describeFailure(error);
      throw new RuntimeApiError(`Console unreachable at ${base}${path}: ${reason}`, 0, path, {
        cause: error,
      });
    }
  };

  const readPayload = async <T extends z.ZodType>(
    response: Response,
    path: string,
    schema: T,
  ): Promise<z.output<T>> => {
    if (!response.ok) throw await toApiError(response, path);
    const body = await readJson(response, path);
    const parsed = schema.safeParse(body?.payload);
    if (!parsed.success) {
      throw new RuntimeApiError(
        `Unexpected answer from ${path}: ${parsed.error.issues[0]?.message ?? 'invalid payload'}`,
        response.status,
        path,
      );
    }
    return parsed.data;
  };

  return {
    async fetchSnapshot(etag, signal) {
      const path = RUNTIME_PATHS.snapshot;
      const headers: Record<string, string> = { authorization, accept: 'application/json' };
      if (etag) headers['if-none-match'] = etag;
      const response = await send(path, { headers }, signal, options.requestTimeoutMs);
      if (response.status === 304) {
        await response.body?.cancel();
        return { isModified: false };
      }
      const snapshot = await readPayload(response, path, runtimeSnapshotSchema);
      return { isModified: true, snapshot, etag: response.headers.get('etag') };
    },

    async post(path, body, answer, signal) {
      const response = await send(
        path,
        {
          method: 'POST',
          headers: { authorization, accept: 'application/json', 'content-type': 'application/json' },
          body: JSON.stringify(body),
        },
        signal,
        options.requestTimeoutMs,
      );
      return readPayload(response, path, answer);
    },

    async openStream(lastEventId, signal) {
      const path = RUNTIME_PATHS.stream;
      const headers: Record<string, string> = {
        authorization,
        accept: 'text/event-stream',
        'cache-control': 'no-cache',
      };
      if (lastEventId) headers['last-event-id'] = lastEventId;
      // No timeout: the stream stays open; the client's idle watchdog ends a silent one.
      const response = await send(path, { headers }, signal, null);
      if (!response.ok) throw await toApiError(response, path);
      if (!response.body)
        throw new RuntimeApiError(`The stream at ${path} has no body`, response.status, path);
      return response.body;
    },
  };
}

async function readJson(response: Response, path: string): Promise<{ payload?: unknown; error?: unknown }> {
  try {
    return (await response.json()) as { payload?: unknown; error?: unknown };
  } catch (error) {
    throw new RuntimeApiError(`Unreadable answer from ${path}: not JSON`, response.status, path, {
      cause: error,
    });
  }
}

/** The server's {"error", "code"} when it sent them, else the status line and no code. */
async function toApiError(response: Response, path: string): Promise<RuntimeApiError> {
  const text = await response.text().catch(() => '');
  let message = `${path} answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  let code: string | null = null;
  try {
    const body = JSON.parse(text) as { error?: unknown; code?: unknown };
    if (typeof body.error === 'string' && body.error) message = body.error;
    if (typeof body.code === 'string' && body.code) code = body.code;
  } catch {
    // not JSON: keep the status line
  }
  return new RuntimeApiError(message, response.status, path, { code });
}

function describeFailure(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return 'timed out';
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof Error && cause.message) return cause.message;
    return error.message;
  }
  return String(error);
}
