import { type Db, databaseLimitsOf, type Tx } from './client.ts';
import { DB_POOL_WAIT_MS } from './pool.ts';

export type IsolationLevel = 'ReadCommitted' | 'RepeatableRead' | 'Serializable';

/**
 * The one place a transaction is opened, so every transaction has the same limits. Operator changes go
 * through the unit of work (mutate in db/unit-of-work.ts), which adds the audit entries; this alone serves what
 * audits nothing (start-up seeding, a read in one snapshot).
 */
export function runInTransaction<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  { isolationLevel = 'ReadCommitted' }: { isolationLevel?: IsolationLevel } = {},
): Promise<T> {
  const { transactionTimeoutMs } = databaseLimitsOf(db);
  return db.$transaction(work, { isolationLevel, timeout: transactionTimeoutMs, maxWait: DB_POOL_WAIT_MS });
}

const CONCURRENCY_CODES = new Set(['P2034', '40001', '40P01']);

interface ErrorLike {
  code?: unknown;
  kind?: unknown;
  originalCode?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: unknown };
}

/**
 * Whether a database error means a concurrent transaction won: serialization failure or deadlock.
 * Prisma reports it as P2034 from model queries and as P2010 (with the driver's error in meta) from raw ones.
 */
export function isConcurrentUpdateError(error: unknown): boolean {
  const pending = [error];
  for (let seen = 0; pending.length > 0 && seen < 10; seen += 1) {
    const candidate = pending.pop() as ErrorLike | undefined;
    if (!candidate || typeof candidate !== 'object') continue;
    if (candidate.kind === 'TransactionWriteConflict') return true;
    if (
      CONCURRENCY_CODES.has(String(candidate.code)) ||
      CONCURRENCY_CODES.has(String(candidate.originalCode))
    ) {
      return true;
    }
    pending.push(candidate.cause, candidate.meta?.driverAdapterError);
  }
  return false;
}
