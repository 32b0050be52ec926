import { type AuditEntry, type AuditProblem, auditEntrySchema } from '@console/domain/audit';
import type { Db, Tx } from '../../db/client.ts';
import { parseJsonColumn } from '../../db/json-column.ts';
import { Prisma } from '../../generated/prisma/client.ts';

export interface AuditListQuery {
  environmentId: string;
  offset: number;
  limit: number;
  /** Exact matches; undefined = any. */
  action?: string | undefined;
  target?: string | undefined;
  /** Only entries with a smaller id (keyset paging). */
  before?: number | undefined;
  /** Also the console-wide entries (environment_id NULL); not by default. */
  consoleWide?: boolean | undefined;
}

interface AuditRow {
  id: number;
  environment: string;
  action: string;
  target: string;
  email: string;
  created: number;
  attributes: Record<string, unknown> | null;
}

/** From this offset on, a page is read ids first (measured crossover: npm run bench, audit list pages). */
const DEEP_OFFSET = 1_000;

/**
 * Newest first, one page of the environment's entries, and of the console-wide ones when asked
 * (docs/decisions/0062): each read newest first from its own index, as
 * many as the page can need, and merged. Raw SQL because this is the hottest read of a growing table: it answers the
 * listed shape directly (created as UTC ms), about a third cheaper than findMany plus mapping. A deep
 * page finds its ids first (an index-only scan over the skipped entries) and then reads only its own
 * rows, instead of a heap fetch per skipped entry.
 */
export async function listAuditEntries(db: Db | Tx, query: AuditListQuery): Promise<AuditEntry[]> {
  const filters: Prisma.Sql[] = [];
  if (query.action !== undefined) filters.push(Prisma.sql`action = ${query.action}`);
  if (query.target !== undefined) filters.push(Prisma.sql`target = ${query.target}`);
  if (query.before !== undefined) filters.push(Prisma.sql`id < ${query.before}`);
  const needed = Prisma.sql`LIMIT ${query.offset + query.limit}::bigint`;
  const branch = (columns: Prisma.Sql, scope: Prisma.Sql) =>
    Prisma.sql`(SELECT ${columns} FROM audit_entry WHERE ${Prisma.join([scope, ...filters], ' AND ')}
                ORDER BY id DESC ${needed})`;
  const scopes = [Prisma.sql`environment_id = ${query.environmentId}`];
  if (query.consoleWide) scopes.push(Prisma.sql`environment_id IS NULL`);
  const both = (columns: Prisma.Sql) =>
    Prisma.join(
      scopes.map((scope) => branch(columns, scope)),
      ' UNION ALL ',
    );
  const page = Prisma.sql`ORDER BY id DESC OFFSET ${query.offset} LIMIT ${query.limit}`;
  const source =
    query.offset < DEEP_OFFSET
      ? Prisma.sql`SELECT * FROM (${both(Prisma.sql`*`)}) AS merged ${page}`
      : Prisma.sql`SELECT entry.* FROM (SELECT id FROM (${both(Prisma.sql`id`)}) AS merged ${page}) AS ids
          JOIN audit_entry AS entry ON entry.id = ids.id`;
  const rows = await db.$queryRaw<AuditRow[]>`
    SELECT id, environment_id AS environment, action, target, email,
           (extract(epoch FROM created) * 1000)::float8 AS created, attributes
    FROM (${source}) AS shown
    ORDER BY id DESC`;
  return rows.map((row) => ({
    ...row,
    attributes: parseJsonColumn(
      auditEntrySchema.shape.attributes,
      row.attributes ?? {},
      `attributes of audit entry ${row.id}`,
    ),
  }));
}

// ---- what other features read of the log (audit.public.ts) ----

/** The ids of the environment's audit entries of these actions written after `afterId`, ascending. */
export async function listAuditIdsAfter(
  db: Db | Tx,
  environmentId: string,
  afterId: number,
  actions: readonly string[],
): Promise<number[]> {
  const rows = await db.auditEntry.findMany({
    where: { environmentId, id: { gt: afterId }, action: { in: [...actions] } },
    orderBy: { id: 'asc' },
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

/** How many of the environment's audit entries of these actions were written after `afterId`. */
export async function countAuditEntriesAfter(
  db: Db | Tx,
  environmentId: string,
  afterId: number,
  actions: readonly string[],
): Promise<number> {
  return db.auditEntry.count({
    where: { environmentId, id: { gt: afterId }, action: { in: [...actions] } },
  });
}

export interface AuditCause {
  id: number;
  action: string;
  target: string;
}

/** The action and target of these audit entries of the environment, in one query. */
export async function findAuditCauses(
  db: Db | Tx,
  environmentId: string,
  ids: readonly number[],
): Promise<AuditCause[]> {
  if (ids.length === 0) return [];
  return db.auditEntry.findMany({
    where: { environmentId, id: { in: [...ids] } },
    select: { id: true, action: true, target: true },
  });
}

/** An audit entry that changed a plugin's active set, as stored (attributes unparsed). */
export interface ActiveSetAuditRow {
  action: string;
  email: string;
  created: Date;
  attributes: unknown;
}

/**
 * The audit entries of these actions on the target (a plugin, by name) that recorded an
 * `activeRevision` above `afterRevision`, oldest first: what a stale-draft refusal tells.
 */
export async function listActiveSetChanges(
  db: Db | Tx,
  environmentId: string,
  target: string,
  actions: readonly string[],
  afterRevision: number,
): Promise<ActiveSetAuditRow[]> {
  return db.$queryRaw<ActiveSetAuditRow[]>`
    SELECT "action", "email", "created", "attributes" FROM "audit_entry"
     WHERE "environment_id" = ${environmentId} AND "target" = ${target}
       AND "action" = ANY(${[...actions]}::text[])
       AND jsonb_typeof("attributes" -> 'activeRevision') = 'number'
       AND ("attributes" ->> 'activeRevision')::int > ${afterRevision}
     ORDER BY "id" ASC
     LIMIT 20`;
}

/** A copy the "Update is not allowed" flow made (its audit entry, target the copy, names the original). */
export interface ReassignCopy {
  from: string;
  to: string;
}

/** Every copy the flow made of these configurations, newest first, in one query (the action index). */
export async function findReassignCopies(
  db: Db | Tx,
  environmentId: string,
  fromIds: readonly string[],
): Promise<ReassignCopy[]> {
  if (fromIds.length === 0) return [];
  return db.$queryRaw<ReassignCopy[]>`
    SELECT "attributes" ->> 'from' AS "from", "target" AS "to" FROM "audit_entry"
     WHERE "environment_id" = ${environmentId} AND "action" = 'config.duplicate.reassign'
       AND "attributes" ->> 'from' = ANY(${[...fromIds]}::text[])
     ORDER BY "id" DESC`;
}

// ---- the sealed chain (migration 20261203000000_audit_chain) ----

interface AuditProblemRow {
  kind: 'inserted' | 'changed' | 'missing';
  entryId: number | null;
  environment: string | null;
  firstPosition: bigint | null;
  lastPosition: bigint | null;
  afterEntry: number | null;
  beforeEntry: number | null;
}

const numberOrNull = (value: bigint | null) => (value === null ? null : Number(value));

/** Checks every chain (the owner's audit_verify) and counts the entries: in one snapshot, given a transaction. */
export async function verifyAuditChains(tx: Tx): Promise<{ entries: number; problems: AuditProblem[] }> {
  const rows = await tx.$queryRaw<AuditProblemRow[]>`
    SELECT kind, entry_id AS "entryId", environment, first_position AS "firstPosition",
           last_position AS "lastPosition", after_entry AS "afterEntry", before_entry AS "beforeEntry"
      FROM audit_verify()`;
  const counted = await tx.$queryRaw<{ entries: bigint }[]>`SELECT count(*) AS entries FROM audit_entry`;
  return {
    entries: Number(counted[0]!.entries),
    problems: rows.map((row) => ({
      ...row,
      firstPosition: numberOrNull(row.firstPosition),
      lastPosition: numberOrNull(row.lastPosition),
    })),
  };
}
