// Whether an error means "the database cannot be reached right now" (answered 503, retried by the
// caller) rather than a defect (500). The errors come in three layers, each checked along the chain of
// causes: Prisma's codes, the driver adapter's kinds, and pg's own errors, which carry only a message.

/**
 * Prisma: can't reach the server, timed out, server closed the connection, pool timeout, and a
 * transaction that could not start or ran out of time (P2028: the database too slow or not answering).
 */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2028']);
/** @prisma/adapter-pg's error kinds for a connection that failed or broke. */
const ADAPTER_KINDS = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
]);
/** Node's socket errors. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/**
 * PostgreSQL's SQLSTATEs: class 08 (connection exception), shutting down or starting up
 * (57P01-57P03), too many connections (53300), and the limits of db/pool.ts: a statement cancelled
 * by statement_timeout (57014), a lock not granted in time (55P03), a session ended for idling in a
 * transaction (25P03).
 */
const POSTGRES_CODE = /^(08[0-9A-Z]{3}|57P0[123]|53300|57014|55P03|25P03)$/;
/** pg and pg-pool raise these as plain Errors without a code. */
const PG_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^timeout expired$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
];

interface ErrorLike {
  code?: unknown;
  kind?: unknown;
  originalCode?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: unknown };
}

function isUnavailable(candidate: ErrorLike): boolean {
  const code = typeof candidate.code === 'string' ? candidate.code : '';
  const originalCode = typeof candidate.originalCode === 'string' ? candidate.originalCode : '';
  const message = typeof candidate.message === 'string' ? candidate.message : '';
  return (
    PRISMA_CODES.has(code) ||
    SOCKET_CODES.has(code) ||
    ADAPTER_KINDS.has(String(candidate.kind)) ||
    POSTGRES_CODE.test(code) ||
    POSTGRES_CODE.test(originalCode) ||
    PG_MESSAGES.some((pattern) => pattern.test(message))
  );
}

/** True when the error, or anything it was caused by, says the database is unreachable or went away. */
export function isDatabaseUnavailableError(error: unknown): boolean {
  const pending = [error];
  for (let seen = 0; pending.length > 0 && seen < 10; seen += 1) {
    const candidate = pending.pop() as ErrorLike | undefined;
    if (!candidate || typeof candidate !== 'object') continue;
    if (isUnavailable(candidate)) return true;
    pending.push(candidate.cause, candidate.meta?.driverAdapterError);
  }
  return false;
}
