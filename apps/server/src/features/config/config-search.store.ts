import type {
  ConfigPickerRequest,
  ConfigSearchRequest,
  ConfigSearchSort,
  CursorValue,
  SortDirection,
} from '@console/domain';
import type { Db, Tx } from '../../db/client.ts';
import {
  allOf,
  booleanSort,
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

const sortsOf = (environmentId: string): Record<ConfigSearchSort, SortColumn> => ({
  id: textSort(Prisma.sql`c."id"`),
  kind: textSort(Prisma.sql`c."kind"`),
  inUse: booleanSort(Prisma.sql`(c."id" IN ${usedIds(environmentId)})`),
  created: timeSort(Prisma.sql`c."created"`),
  modified: timeSort(Prisma.sql`c."modified"`),
});
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

/** The page's summaries in order (one more than the limit, when there is one) and the count of matches. */
export async function searchConfigSummaries(
  db: Db | Tx,
  environmentId: string,
  request: ConfigSearchRequest,
): Promise<{ rows: ConfigPageRow[]; total: number }> {
  const column = sortsOf(environmentId)[request.sort];
  const { after, orderBy, limit } = keysetOf(request, column, KEY);
  const filters = filtersOf(environmentId, request);
  const [rows, counted] = await Promise.all([
    db.$queryRaw<(ConfigSummary & { sortValue: unknown })[]>`
      SELECT c."id", c."kind", c."description", c."active",
             (extract(epoch FROM c."created") * 1000)::float8 AS "created",
             (extract(epoch FROM c."modified") * 1000)::float8 AS "modified",
             c."last_modifier" AS "lastModifier", ${column.expression} AS "sortValue"
        FROM "configuration" c
       WHERE ${allOf([...filters, after])} ${orderBy} ${limit}`,
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
