import type { AuditEntry, AuditEvent } from '@console/domain';
import type { Db, Tx } from '../../db/client.ts';
import type { Prisma } from '../../generated/prisma/client.ts';

/** One typed audit event (packages/domain audit.ts), written in an environment by an operator. */
export type AuditRecord = AuditEvent & {
  environmentId: string;
  email: string;
};

export async function insertAuditEntry(tx: Tx, record: AuditRecord): Promise<void> {
  await tx.auditEntry.create({
    data: {
      environmentId: record.environmentId,
      email: record.email,
      action: record.action,
      target: record.target,
      attributes: record.attributes as Prisma.InputJsonObject,
    },
  });
}

export interface AuditListQuery {
  environmentId: string;
  offset: number;
  limit: number;
  /** Exact matches; undefined = any. */
  action?: string | undefined;
  target?: string | undefined;
}

/** Newest first, one page: served by the (environment_id, id DESC) index. */
export async function listAuditEntries(db: Db, query: AuditListQuery): Promise<AuditEntry[]> {
  const rows = await db.auditEntry.findMany({
    where: {
      environmentId: query.environmentId,
      ...(query.action === undefined ? {} : { action: query.action }),
      ...(query.target === undefined ? {} : { target: query.target }),
    },
    orderBy: { id: 'desc' },
    skip: query.offset,
    take: query.limit,
  });
  return rows.map((row) => ({
    id: row.id,
    environment: row.environmentId,
    action: row.action,
    target: row.target,
    email: row.email,
    created: row.created.getTime(),
    attributes: (row.attributes ?? {}) as Record<string, unknown>,
  }));
}
