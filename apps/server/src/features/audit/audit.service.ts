import type { AuditListRequest } from '@console/domain';
import type { Db } from '../../db/client.ts';
import { listAuditEntries } from './audit.store.ts';

// The audit log as the Audit screen reads it. Entries are written only by the unit of work
// (db/unit-of-work.ts), in the transaction of the change they record.

export const listAudit = (db: Db, environmentId: string, request: AuditListRequest) =>
  listAuditEntries(db, {
    environmentId,
    offset: request.offset,
    limit: request.limit,
    action: request.action || undefined,
    target: request.target || undefined,
    before: request.before,
  });
