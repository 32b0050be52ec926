import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { vi } from 'vitest';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as sent (not decompressed). */
  body: Buffer;
}

/** One request over a real socket, answered with the raw bytes (fetch would decompress). */
export function request(
  url: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const sent = body === undefined ? undefined : JSON.stringify(body);
    const outgoing = http.request(
      url,
      { method, headers: { ...(sent ? { 'content-type': 'application/json' } : {}), ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(sent);
  });
}

export const json = (answer: RawAnswer) => JSON.parse(answer.body.toString('utf8'));

export interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
  /** A comment line (`: heartbeat`), when the block was one. */
  comment?: string;
  retry?: string;
}

export interface SseClient {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The next event block (comments and retry blocks included), waiting for it. */
  next(): Promise<SseEvent>;
  /** The next block that is an event (skips comments and retry). */
  nextEvent(): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** A Server-Sent Events client over a real socket; refused answers resolve with their status. */
export function openStream(url: string, headers: Record<string, string>): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const outgoing = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      const blocks: SseEvent[] = [];
      const waiting: ((block: SseEvent) => void)[] = [];
      let buffer = '';
      let onEnd!: () => void;
      const ended = new Promise<void>((done) => {
        onEnd = done;
      });
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const text = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const block: SseEvent = {};
          for (const line of text.split('\n')) {
            if (line.startsWith(':')) block.comment = line;
            else {
              const colon = line.indexOf(':');
              const field = line.slice(0, colon) as 'id' | 'event' | 'data' | 'retry';
              block[field] = line.slice(colon + 1).trimStart();
            }
          }
          const waiter = waiting.shift();
          if (waiter) waiter(block);
          else blocks.push(block);
        }
      });
      response.on('end', onEnd);
      response.on('close', onEnd);
      const next = () =>
        new Promise<SseEvent>((take) => {
          const block = blocks.shift();
          if (block) take(block);
          else waiting.push(take);
        });
      const nextEvent = async (): Promise<SseEvent> => {
        for (;;) {
          const block = await next();
          if (block.event !== undefined) return block;
        }
      };
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        next,
        nextEvent,
        ended,
        close: () => outgoing.destroy(),
      });
    });
    outgoing.on('error', reject);
  });
}

/**
 * Stops the app's connection-registry heartbeat: a few statements every 10 s per process (not per
 * request) that would otherwise land in a window counting queries whenever the window lasts long enough,
 * as it may on a busy machine. After the heartbeat in flight, if any, has finished.
 */
export const stopRegistryHeartbeat = (app: FastifyInstance) => app.connections.stop();

/**
 * Counts the SQL statements this process sends to PostgreSQL: every pg client (Prisma's adapter pool,
 * the LISTEN connection, test helpers) sends each statement through pg.Client.prototype.query, so a
 * spy on it sees them all, whoever issues them.
 */
export function countQueries() {
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  return {
    get count() {
      return spy.mock.calls.length;
    },
    /** The statements' texts, for a failure message. */
    get texts() {
      return spy.mock.calls.map(([query]) =>
        typeof query === 'string' ? query : String((query as { text?: string }).text),
      );
    },
    restore: () => spy.mockRestore(),
  };
}
