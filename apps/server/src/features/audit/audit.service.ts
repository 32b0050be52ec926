import type { AuditListRequest } from '@console/domain';
import type { Db, Tx } from '../../db/client.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { type AuditRecord, insertAuditEntry, listAuditEntries } from './audit.store.ts';

export type { AuditRecord } from './audit.store.ts';

export interface MutationOutcome<T> {
  result: T;
  /**
   * A typed audit event (packages/domain audit.ts); several for one change that concerns several
   * environments (issue 14: a console-wide role change is written to every environment's log).
   */
  audit: AuditRecord | readonly AuditRecord[];
}

/** Thrown by unchanged(): the transaction rolls back, and mutate answers the result. */
class Unchanged {
  constructor(readonly result: unknown) {}
}

/**
 * Rule (docs/decisions.md, "Audit: no-ops"): an entry is written exactly when the mutation writes.
 * A request that asks for what already holds (switching a plugin or an A/B-test to the state it
 * has) calls unchanged(result): whatever the work did is rolled back and no entry is written. A save
 * of submitted values always writes (modifier and time change), so it is always audited, even when
 * the values equal the stored ones.
 */
export function unchanged<T>(result: T): never {
  throw new Unchanged(result);
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
  try {
    return await runInTransaction(
      db,
      async (tx) => {
        const { result, audit } = await work(tx);
        for (const record of [audit].flat()) await insertAuditEntry(tx, record);
        return result;
      },
      options,
    );
  } catch (error) {
    if (error instanceof Unchanged) return error.result as T;
    throw error;
  }
}

export const listAudit = (db: Db, environmentId: string, request: AuditListRequest) =>
  listAuditEntries(db, {
    environmentId,
    offset: request.offset,
    limit: request.limit,
    action: request.action || undefined,
    target: request.target || undefined,
    before: request.before,
  });
