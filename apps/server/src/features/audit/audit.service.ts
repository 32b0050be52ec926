import {
  AUDIT_VERIFY_PROBLEM_LIMIT,
  type AuditListRequest,
  type AuditVerifyResponse,
} from '@console/domain/audit';
import type { EnvironmentReader } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { listAuditEntries, verifyAuditChains } from './audit.store.ts';

// The audit log as the Audit screen reads it. Entries are written only by the unit of work
// (db/unit-of-work.ts), in the transaction of the change they record.

export const listAudit = ({ db, environmentId }: EnvironmentReader, request: AuditListRequest) =>
  listAuditEntries(db, {
    environmentId,
    offset: request.offset,
    limit: request.limit,
    action: request.action || undefined,
    target: request.target || undefined,
    before: request.before,
    consoleWide: request.consoleWide,
  });

/**
 * Checks the whole log against its sealed chains (docs/decisions/0059): every
 * entry inserted by another path than the console's write function, changed, or missing; the first
 * `limit` of them with their count. One snapshot, so entries committing meanwhile are either wholly in
 * it or not at all.
 */
export async function verifyAudit(
  db: Db,
  { limit = AUDIT_VERIFY_PROBLEM_LIMIT }: { limit?: number } = {},
): Promise<AuditVerifyResponse> {
  const { entries, problems } = await runInTransaction(db, verifyAuditChains, {
    isolationLevel: 'RepeatableRead',
  });
  return {
    isIntact: problems.length === 0,
    entries,
    findings: problems.length,
    problems: problems.slice(0, limit),
  };
}
