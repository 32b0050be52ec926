import type { Db, Tx } from './client.ts';

export type IsolationLevel = 'ReadCommitted' | 'RepeatableRead' | 'Serializable';

/**
 * The one place a transaction is opened, so every transaction has the same limits. Operator changes go
 * through mutate (features/audit/audit.service.ts), which adds the audit entry; this alone serves what
 * audits nothing (start-up seeding, a read in one snapshot).
 */
export function runInTransaction<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  { isolationLevel = 'ReadCommitted' }: { isolationLevel?: IsolationLevel } = {},
): Promise<T> {
  return db.$transaction(work, { isolationLevel, timeout: 15_000, maxWait: 10_000 });
}
