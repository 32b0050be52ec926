import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { DomainError, ErrorCode } from '@console/domain/errors';
import type { FastifyBaseLogger } from 'fastify';
import { errorBody, RETRY_AFTER_SECONDS } from './errors.ts';
import type { RefusalLog } from './refusal-log.ts';

// Limits on what one client may hold open, so that slow or numerous connections cannot exhaust the
// process: how long a request may take to arrive (Node's own request timeout, checked every second
// instead of every 30 s), and how many connections one address may hold at once.

/** How often Node checks the request timeout of open connections. */
const CONNECTIONS_CHECKING_INTERVAL_MS = 1_000;

/**
 * Fastify's options for the request time: Node answers 408 {"error"} (http/errors.ts) when the headers
 * and body of a request have not all arrived within `requestBodyTimeoutMs` of its first byte. Responses
 * that last (event streams, WebSockets) are not affected: their requests arrive at once.
 */
export function requestTimeoutOptions(requestBodyTimeoutMs: number) {
  return {
    requestTimeout: requestBodyTimeoutMs,
    http: {
      requestTimeout: requestBodyTimeoutMs,
      headersTimeout: requestBodyTimeoutMs,
      connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS,
    },
  };
}

const TOO_MANY_CONNECTIONS_BODY = JSON.stringify(
  errorBody(
    new DomainError(
      ErrorCode.TooManyRequests,
      'Too many open connections from this address (MAX_CONNECTIONS_PER_ADDRESS)',
    ),
  ),
);
const TOO_MANY_CONNECTIONS_ANSWER = [
  'HTTP/1.1 429 Too Many Requests',
  'content-type: application/json; charset=utf-8',
  `content-length: ${Buffer.byteLength(TOO_MANY_CONNECTIONS_BODY)}`,
  'cache-control: no-store',
  'x-content-type-options: nosniff',
  `retry-after: ${RETRY_AFTER_SECONDS}`,
  'connection: close',
  '',
  TOO_MANY_CONNECTIONS_BODY,
].join('\r\n');

/**
 * Counts the open connections of each remote address (the socket's: behind a reverse proxy, the proxy's,
 * so raise the limit or set 0 there and let the proxy limit its clients); one over `max` is answered 429
 * {"error"} and closed. The count lives in a Map and is forgotten when an address holds none.
 */
export function limitConnectionsPerAddress(
  server: Server,
  max: number,
  log: FastifyBaseLogger,
  refusals: RefusalLog,
): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      refusals.refused(log, { status: 429, client: address, reason: 'connections per address' });
      socket.end(TOO_MANY_CONNECTIONS_ANSWER, () => socket.destroy());
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
