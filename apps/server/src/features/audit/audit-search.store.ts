import { type AuditEntry, auditEntrySchema } from '@console/domain/audit';
import type { AuditExportRequest, AuditSearchRequest } from '@console/domain/search';
import type { Db } from '../../db/client.ts';
import { parseJsonColumn } from '../../db/json-column.ts';
import {
  cappedCountInOrder,
  integerSort,
  keysetOf,
  type SortColumn,
  timeSort,
  totalColumn,
  totalOfPage,
} from '../../db/search-sql.ts';
import { Prisma } from '../../generated/prisma/client.ts';

// The audit log's search and export: pages by id (keyset), from the indexes (environment_id, id),
// (environment_id, action, id), (environment_id, target, id), (environment_id, email, id) and
// (environment_id, created, id).

export type AuditFilters = Omit<AuditExportRequest, 'format'>;

interface AuditRow {
  id: number;
  environment: string | null;
  action: string;
  target: string;
  email: string;
  created: number;
  attributes: Record<string, unknown> | null;
}

const toEntry = (row: AuditRow): AuditEntry => ({
  ...row,
  attributes: parseJsonColumn(
    auditEntrySchema.shape.attributes,
    row.attributes ?? {},
    `attributes of audit entry ${row.id}`,
  ),
});

function conditionsOf(filters: AuditFilters): Prisma.Sql[] {
  const conditions: Prisma.Sql[] = [];
  if (filters.action) conditions.push(Prisma.sql`action = ${filters.action}`);
  if (filters.target) conditions.push(Prisma.sql`target = ${filters.target}`);
  if (filters.email) conditions.push(Prisma.sql`email = ${filters.email}`);
  if (filters.from !== undefined) {
    conditions.push(Prisma.sql`created >= ${new Date(filters.from).toISOString()}::timestamptz`);
  }
  if (filters.to !== undefined) {
    conditions.push(Prisma.sql`created < ${new Date(filters.to).toISOString()}::timestamptz`);
  }
  return conditions;
}

/**
 * The environment's entries, and the console-wide ones when asked, each read from its own index in id
 * order as far as the page needs, and merged (an OR of both would read neither index in order).
 */
function eachScope(environmentId: string, filters: AuditFilters, branch: (where: Prisma.Sql) => Prisma.Sql) {
  const scopes = [Prisma.sql`environment_id = ${environmentId}`];
  if (filters.consoleWide) scopes.push(Prisma.sql`environment_id IS NULL`);
  return Prisma.join(
    scopes.map((scope) => branch(Prisma.join([scope, ...conditionsOf(filters)], ' AND '))),
    ' UNION ALL ',
  );
}

const COLUMNS = Prisma.sql`id, environment_id AS environment, action, target, email,
  (extract(epoch FROM created) * 1000)::float8 AS created, attributes`;

// Qualified: within a branch, a bare `created` in ORDER BY would name the answered column (UTC ms), not
// the indexed one.
const SORTS: Record<AuditSearchRequest['sort'], SortColumn> = {
  id: integerSort(Prisma.sql`audit_entry.id`),
  created: timeSort(Prisma.sql`audit_entry.created`),
};

/** One page of entries in the order asked, after the cursor: one more than the limit, when there is one. */
export async function searchAuditEntries(
  db: Db,
  environmentId: string,
  request: AuditSearchRequest,
): Promise<{ entries: AuditEntry[]; total: number }> {
  const { after, orderBy, limit, carried } = keysetOf(request, SORTS[request.sort], {
    expression: Prisma.sql`audit_entry.id`,
    kind: 'number',
  });
  // The merged branches again in the page's order: by (created, id) or id, in the direction asked.
  const direction = request.direction === 'desc' ? Prisma.sql`DESC` : Prisma.sql`ASC`;
  const order =
    request.sort === 'created'
      ? Prisma.sql`ORDER BY created ${direction}, id ${direction}`
      : Prisma.sql`ORDER BY id ${direction}`;
  // The count runs once for the statement (or not at all: the cursor carries the first page's total).
  const count = Prisma.sql`SELECT sum(total)::int AS total FROM (${eachScope(
    environmentId,
    request,
    (where) => Prisma.sql`(${cappedCountInOrder(Prisma.sql`FROM audit_entry WHERE ${where}`, orderBy)})`,
  )}) AS counts`;
  const rows = await db.$queryRaw<(AuditRow & { total: number })[]>`
    SELECT merged.*, ${totalColumn(count, carried)} AS "total" FROM (${eachScope(
      environmentId,
      request,
      (where) =>
        Prisma.sql`(SELECT ${COLUMNS} FROM audit_entry WHERE ${where} AND ${after} ${orderBy} ${limit})`,
    )}) AS merged ${order} ${limit}`;
  return {
    entries: rows.map(({ total: _, ...row }) => toEntry(row)),
    total: await totalOfPage(db, rows, request, count, carried),
  };
}

/** The id of the newest entry now: an export covers the log as it stood when it began. */
export async function findNewestAuditId(db: Db): Promise<number> {
  const rows = await db.$queryRaw<{ id: number | null }[]>`SELECT max(id) AS id FROM audit_entry`;
  return rows[0]?.id ?? 0;
}

/** Entries matching the filters with ids below `beforeId`, newest first, at most `limit`: one part of an export. */
export async function listAuditPart(
  db: Db,
  environmentId: string,
  filters: AuditFilters,
  part: { beforeId: number; limit: number },
): Promise<AuditEntry[]> {
  const rows = await db.$queryRaw<AuditRow[]>`
    SELECT * FROM (${eachScope(
      environmentId,
      filters,
      (where) => Prisma.sql`(SELECT ${COLUMNS} FROM audit_entry WHERE ${where} AND id < ${part.beforeId}::int
                             ORDER BY id DESC LIMIT ${part.limit}::int)`,
    )}) AS merged ORDER BY id DESC LIMIT ${part.limit}::int`;
  return rows.map(toEntry);
}
