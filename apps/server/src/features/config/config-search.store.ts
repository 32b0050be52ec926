import { type CursorValue, decodeSearchCursor, type SortDirection } from '@console/domain/api';
import type { ConfigPickerRequest, ConfigSearchRequest, ConfigSearchSort } from '@console/domain/search';
import type { Db, Tx } from '../../db/client.ts';
import {
  allOf,
  cappedCount,
  containsPattern,
  keysetOf,
  type SortColumn,
  textSort,
  timeSort,
  toCursorValue,
} from '../../db/search-sql.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { ConfigSummary } from './config.store.ts';

// The configuration searches: a page of summaries in the asked order (keyset), and the count of matches.

/**
 * The ids the plugin entries hold (active sets and drafts), read once per query: an environment has as
 * many entries as its plugins' sets hold, whatever its number of configurations.
 */
const usedIds = (environmentId: string, pluginId?: number) => Prisma.sql`(
  SELECT unnest(e."configurations") FROM "plugin_ab_test_entry" e WHERE e."environment_id" = ${environmentId}
  ${pluginId === undefined ? Prisma.empty : Prisma.sql`AND e."plugin_id" = ${pluginId}::int`})`;

/** The sorts an index serves (In use is read in two parts: readPageByUse). */
const SORTS: Record<Exclude<ConfigSearchSort, 'inUse'>, SortColumn> = {
  id: textSort(Prisma.sql`c."id"`),
  kind: textSort(Prisma.sql`c."kind"`),
  created: timeSort(Prisma.sql`c."created"`),
  modified: timeSort(Prisma.sql`c."modified"`),
};
const KEY = { expression: Prisma.sql`c."id"`, kind: 'text' as const };

export interface ConfigPageRow extends ConfigSummary {
  sortValue: CursorValue;
}

const textFilter = (q: string | undefined): Prisma.Sql[] => {
  if (!q) return [];
  const pattern = containsPattern(q);
  return [Prisma.sql`(c."id" ILIKE ${pattern} OR c."description" ILIKE ${pattern})`];
};

function filtersOf(environmentId: string, request: Omit<ConfigSearchRequest, 'sort'>): Prisma.Sql[] {
  const filters = [Prisma.sql`c."environment_id" = ${environmentId}`, ...textFilter(request.q)];
  if (request.kinds !== undefined && request.kinds.length > 0) {
    filters.push(Prisma.sql`c."kind" = ANY(${[...request.kinds]}::text[])`);
  }
  if (request.active !== undefined) filters.push(Prisma.sql`c."active" = ${request.active}`);
  if (request.inUse === true) filters.push(Prisma.sql`c."id" IN ${usedIds(environmentId)}`);
  if (request.inUse === false) filters.push(Prisma.sql`c."id" NOT IN ${usedIds(environmentId)}`);
  if (request.usedByPlugin !== undefined) {
    filters.push(Prisma.sql`c."id" IN ${usedIds(environmentId, request.usedByPlugin)}`);
  }
  return filters;
}

const SUMMARY_COLUMNS = Prisma.sql`c."id", c."kind", c."description", c."active",
  (extract(epoch FROM c."created") * 1000)::float8 AS "created",
  (extract(epoch FROM c."modified") * 1000)::float8 AS "modified",
  c."last_modifier" AS "lastModifier"`;

type SummaryRow = ConfigSummary & { sortValue: unknown };

/**
 * A page by In use: no index orders by a computed flag, so the used configurations (the few the plugin
 * entries hold) and the unused ones (in id order from the primary key) are read apart, each only from
 * the cursor on and as far as the page needs, and merged. A part wholly before the cursor is not read.
 */
function readPageByUse(
  db: Db | Tx,
  environmentId: string,
  request: ConfigSearchRequest,
  filters: readonly Prisma.Sql[],
): Promise<SummaryRow[]> {
  const isDesc = request.direction === 'desc';
  const cursor =
    request.cursor === undefined
      ? undefined
      : decodeSearchCursor(request.cursor, { ...request, valueKind: 'number', keyKind: 'text' });
  const direction = isDesc ? Prisma.sql`DESC` : Prisma.sql`ASC`;
  const limit = Prisma.sql`LIMIT ${request.limit + 1}::int`;
  const branches: Prisma.Sql[] = [];
  for (const used of isDesc ? [1, 0] : [0, 1]) {
    const conditions = [
      ...filters,
      used
        ? Prisma.sql`c."id" IN ${usedIds(environmentId)}`
        : Prisma.sql`c."id" NOT IN ${usedIds(environmentId)}`,
    ];
    if (cursor !== undefined) {
      const isLater = isDesc ? used < Number(cursor.value) : used > Number(cursor.value);
      if (!isLater && used !== cursor.value) continue;
      if (used === cursor.value) {
        const key = String(cursor.key);
        conditions.push(isDesc ? Prisma.sql`c."id" < ${key}::text` : Prisma.sql`c."id" > ${key}::text`);
      }
    }
    branches.push(Prisma.sql`(SELECT ${SUMMARY_COLUMNS}, ${used === 1}::boolean AS "sortValue"
      FROM "configuration" c WHERE ${allOf(conditions)} ORDER BY c."id" ${direction} ${limit})`);
  }
  if (branches.length === 0) return Promise.resolve([]);
  return db.$queryRaw<SummaryRow[]>`
    SELECT * FROM (${Prisma.join(branches, ' UNION ALL ')}) AS page
     ORDER BY "sortValue" ${direction}, "id" ${direction} ${limit}`;
}

/** The page's summaries in order (one more than the limit, when there is one) and the count of matches. */
export async function searchConfigSummaries(
  db: Db | Tx,
  environmentId: string,
  request: ConfigSearchRequest,
): Promise<{ rows: ConfigPageRow[]; total: number }> {
  const filters = filtersOf(environmentId, request);
  const readPage = () => {
    if (request.sort === 'inUse') return readPageByUse(db, environmentId, request, filters);
    const column = SORTS[request.sort];
    const { after, orderBy, limit } = keysetOf(request, column, KEY);
    return db.$queryRaw<SummaryRow[]>`
      SELECT ${SUMMARY_COLUMNS}, ${column.expression} AS "sortValue" FROM "configuration" c
       WHERE ${allOf([...filters, after])} ${orderBy} ${limit}`;
  };
  const [rows, counted] = await Promise.all([
    readPage(),
    db.$queryRaw<{ total: number }[]>(
      cappedCount(Prisma.sql`FROM "configuration" c WHERE ${allOf(filters)}`),
    ),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, sortValue: toCursorValue(row.sortValue) })),
    total: counted[0]?.total ?? 0,
  };
}

/** The picker's page: the activated configurations of one kind, by id. */
export async function searchActiveConfigsOfKind(
  db: Db | Tx,
  environmentId: string,
  kind: string,
  request: Pick<ConfigPickerRequest, 'q' | 'cursor' | 'limit'> & { sort: 'id'; direction: SortDirection },
): Promise<{ rows: { id: string; description: string }[]; total: number }> {
  const { after, orderBy, limit } = keysetOf(request, textSort(Prisma.sql`c."id"`), KEY);
  const filters = [
    Prisma.sql`c."environment_id" = ${environmentId}`,
    Prisma.sql`c."kind" = ${kind}`,
    Prisma.sql`c."active"`,
    ...textFilter(request.q),
  ];
  const [rows, counted] = await Promise.all([
    db.$queryRaw<{ id: string; description: string }[]>`
      SELECT c."id", c."description" FROM "configuration" c
       WHERE ${allOf([...filters, after])} ${orderBy} ${limit}`,
    db.$queryRaw<{ total: number }[]>(
      cappedCount(Prisma.sql`FROM "configuration" c WHERE ${allOf(filters)}`),
    ),
  ]);
  return { rows, total: counted[0]?.total ?? 0 };
}

/**
 * The configurations a list warning can name ("List warnings": the disabled ones, and the active ones no
 * plugin entry points at), with their kind and whether an entry points at them: the warnings box reads
 * these few columns on the server instead of the screen reading the whole list.
 */
export function listWarningCandidates(
  db: Db | Tx,
  environmentId: string,
): Promise<{ id: string; kind: string; active: boolean; isUsed: boolean }[]> {
  return db.$queryRaw`
    SELECT c."id", c."kind", c."active", c."id" IN ${usedIds(environmentId)} AS "isUsed"
      FROM "configuration" c
     WHERE c."environment_id" = ${environmentId}
       AND (NOT c."active" OR c."id" NOT IN ${usedIds(environmentId)})`;
}
