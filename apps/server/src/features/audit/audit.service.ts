import type { AuditListRequest } from '@console/domain';
import type { Db, Tx } from '../../db/client.ts';
import { type AuditRecord, insertAuditEntry, listAuditEntries } from './audit.store.ts';

export type IsolationLevel = 'ReadCommitted' | 'RepeatableRead' | 'Serializable';

/**
 * The one place a transaction is opened. Operator changes use mutate (below), which adds the audit
 * entry; this alone serves what audits nothing (start-up seeding, a read in one snapshot).
 */
export function runInTransaction<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  { isolationLevel = 'ReadCommitted' }: { isolationLevel?: IsolationLevel } = {},
): Promise<T> {
  return db.$transaction(work, { isolationLevel, timeout: 15_000, maxWait: 10_000 });
}

export interface MutationOutcome<T> {
  result: T;
  audit: AuditRecord;
}

/**
 * The only way to change data: the change and its audit entry commit in one transaction,
 * so a failed mutation leaves neither.
 */
export async function mutate<T>(
  db: Db,
  work: (tx: Tx) => Promise<MutationOutcome<T>>,
  options: { isolationLevel?: 'ReadCommitted' | 'Serializable' } = {},
): Promise<T> {
  return runInTransaction(
    db,
    async (tx) => {
      const { result, audit } = await work(tx);
      await insertAuditEntry(tx, audit);
      return result;
    },
    options,
  );
}

export const listAudit = (db: Db, environmentId: string, request: AuditListRequest) =>
  listAuditEntries(db, environmentId, request.offset, request.limit);
