import type { AuditListRequest } from '@console/domain';
import type { Db, Tx } from '../../db/client.ts';
import { type AuditRecord, insertAuditEntry, listAuditEntries } from './audit.store.ts';

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
  return db.$transaction(
    async (tx) => {
      const { result, audit } = await work(tx);
      await insertAuditEntry(tx, audit);
      return result;
    },
    { isolationLevel: options.isolationLevel ?? 'ReadCommitted', timeout: 15_000, maxWait: 10_000 },
  );
}

export const listAudit = (db: Db, environmentId: string, request: AuditListRequest) =>
  listAuditEntries(db, environmentId, request.offset, request.limit);
