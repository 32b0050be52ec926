import type { AuditListRequest } from '@console/domain';
import type { Db, Tx } from '../../db/client.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { publishAudited } from '../runtime/runtime-publish.service.ts';
import {
  type AuditRecord,
  auditEntriesWrittenIn,
  insertAuditEntry,
  listAuditEntries,
} from './audit.store.ts';

export type { AuditRecord } from './audit.store.ts';

export interface MutationOutcome<T> {
  result: T;
  /**
   * A typed audit event (packages/domain audit.ts); several for one change that concerns several
   * environments (a console-wide role change is written to every environment's log).
   */
  audit: AuditRecord | readonly AuditRecord[];
  /**
   * Runs in the transaction once the entry is written, with its id (the first, when several): for
   * changes that record their own audit entry (a rollback's revision names the entry that made it).
   */
  afterAudit?: (tx: Tx, auditEntryId: number) => Promise<void>;
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
 * so a failed mutation leaves neither. when an entry the transaction wrote changes what
 * players receive (AUDIT_RUNTIME_EFFECTS), the same transaction publishes the environment's runtime
 * revision naming those entries; NOTIFY reaches the other processes after the commit.
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
        const { result, audit, afterAudit } = await work(tx);
        const auditEntryIds: number[] = [];
        for (const record of [audit].flat()) auditEntryIds.push(await insertAuditEntry(tx, record));
        await afterAudit?.(tx, auditEntryIds[0]!);
        await publishAudited(tx, auditEntriesWrittenIn(tx));
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
