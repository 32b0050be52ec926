import { type CursorValue, type SortDirection, searchTotalCapOf } from '@console/domain/api';
import type { ConfigKindId } from '@console/domain/config';
import type { ConfigPickerRequest, ConfigSearchRequest, ConfigSearchSort } from '@console/domain/search';
import type { Db, Tx } from '../../db/client.ts';
import {
  allOf,
  booleanSort,
  cappedCount,
  keysetOf,
  pageWithTotal,
  type SortColumn,
  textMatch,
  textSort,
  timeSort,
  toCursorValue,
  totalColumn,
  totalOfPage,
} from '../../db/search-sql.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { ConfigSummary } from './config.store.ts';

// The configuration searches: a page of summaries in the asked order (keyset), and the count of matches.
// "In use" is read from configuration_use, which the database keeps in the writing transaction (migration
// 20261222000000_configuration_use), so a page by In use reads its own rows from an index of
// (environment, kind, in use, id) instead of every id the plugin entries hold.

/** The ids one plugin's entries hold (active set and draft): a plugin's sets, whatever the environment holds. */
const idsUsedByPlugin = (environmentId: string, pluginId: number) => Prisma.sql`(
  SELECT unnest(e."configurations") FROM "plugin_ab_test_entry" e
   WHERE e."environment_id" = ${environmentId} AND e."plugin_id" = ${pluginId}::int)`;

const SORTS: Record<ConfigSearchSort, SortColumn> = {
  id: textSort(Prisma.sql`c."id"`),
  kind: textSort(Prisma.sql`c."kind"`),
  inUse: booleanSort(Prisma.sql`u."in_use"`),
  created: timeSort(Prisma.sql`c."created"`),
  modified: timeSort(Prisma.sql`c."modified"`),
};
const KEY = { expression: Prisma.sql`c."id"`, kind: 'text' as const };
/** In use pages by the use row's own id, so one index of configuration_use serves the order and the keyset. */
const USE_KEY = { expression: Prisma.sql`u."configuration_id"`, kind: 'text' as const };

export interface ConfigPageRow extends ConfigSummary {
  sortValue: CursorValue;
  /** Some plugin entry holds it (configuration_use): only such a row has entries to read for its item. */
  isUsed: boolean;
}

/** Whether the query reads configuration_use: it sorts or filters by In use. */
const readsUse = (request: Omit<ConfigSearchRequest, 'sort'> & { sort?: ConfigSearchSort }) =>
  request.sort === 'inUse' || request.inUse !== undefined;

/**
 * The request's conditions: on the configuration `c`, and on its use row `u` when readsUse. One kind is
 * matched on the use row when it is read, so the index of (environment, kind, in use, id) serves the In
 * use sort.
 */
function conditionsOf(
  environmentId: string,
  request: ConfigSearchRequest,
  kinds = request.kinds,
): { configuration: Prisma.Sql[]; use: Prisma.Sql[] } {
  const configuration = [Prisma.sql`c."environment_id" = ${environmentId}`, ...textMatch('c', request.q)];
  const use = readsUse(request) ? [Prisma.sql`u."environment_id" = ${environmentId}`] : [];
  const kindsOn = readsUse(request) ? use : configuration;
  const kindColumn = readsUse(request) ? Prisma.sql`u."kind"` : Prisma.sql`c."kind"`;
  if (kinds !== undefined && kinds.length === 1) kindsOn.push(Prisma.sql`${kindColumn} = ${kinds[0]}`);
  if (kinds !== undefined && kinds.length > 1) {
    kindsOn.push(Prisma.sql`${kindColumn} = ANY(${[...kinds]}::text[])`);
  }
  if (request.inUse !== undefined) use.push(Prisma.sql`u."in_use" = ${request.inUse}`);
  if (request.active !== undefined) configuration.push(Prisma.sql`c."active" = ${request.active}`);
  if (request.usedByPlugin !== undefined) {
    configuration.push(Prisma.sql`c."id" IN ${idsUsedByPlugin(environmentId, request.usedByPlugin)}`);
  }
  return { configuration, use };
}

/** Every configuration has its use row (the triggers write one with it). */
const fromOf = (request: ConfigSearchRequest) =>
  readsUse(request)
    ? Prisma.sql`FROM "configuration" c JOIN "configuration_use" u
         ON u."environment_id" = c."environment_id" AND u."configuration_id" = c."id"`
    : Prisma.sql`FROM "configuration" c`;

/**
 * The count's FROM and WHERE. Filtered by the use row alone (In use, kinds), the matches are counted
 * from its index: a use row with a kind is a configuration's.
 */
function countedOf(environmentId: string, request: ConfigSearchRequest): Prisma.Sql {
  const { configuration, use } = conditionsOf(environmentId, request);
  if (readsUse(request) && configuration.length === 1) {
    return Prisma.sql`FROM "configuration_use" u WHERE ${allOf([...use, Prisma.sql`u."kind" IS NOT NULL`])}`;
  }
  return Prisma.sql`${fromOf(request)} WHERE ${allOf([...configuration, ...use])}`;
}

const SUMMARY_COLUMNS = Prisma.sql`c."id", c."kind", c."description", c."active",
  (extract(epoch FROM c."created") * 1000)::float8 AS "created",
  (extract(epoch FROM c."modified") * 1000)::float8 AS "modified",
  c."last_modifier" AS "lastModifier"`;

type SummaryRow = ConfigSummary & { sortValue: unknown; isUsed: boolean | null };

/** The page row's In use: its use row's, joined or looked up by its key. */
const isUsedOf = (request: ConfigSearchRequest) =>
  readsUse(request)
    ? Prisma.sql`u."in_use"`
    : Prisma.sql`(SELECT used."in_use" FROM "configuration_use" used
         WHERE used."environment_id" = c."environment_id" AND used."configuration_id" = c."id")`;

/** One page's rows (SELECT list, FROM and conditions), for the request's kinds or the given ones. */
function pageRowsOf(environmentId: string, request: ConfigSearchRequest, kinds = request.kinds) {
  return {
    columns: Prisma.sql`${SUMMARY_COLUMNS}, ${SORTS[request.sort].expression} AS "sortValue",
       ${isUsedOf(request)} AS "isUsed"`,
    from: fromOf(request),
    conditions: Object.values(conditionsOf(environmentId, request, kinds)).flat(),
  };
}

const keysetOfRequest = (request: ConfigSearchRequest) =>
  keysetOf(request, SORTS[request.sort], request.sort === 'inUse' ? USE_KEY : KEY);

/**
 * A page by In use over several kinds: each kind's page read from its own index in order, then merged,
 * since one index cannot order several kinds' rows together; the total is a column of the merged page.
 */
function pageByUseOfKinds(
  environmentId: string,
  request: ConfigSearchRequest,
  kinds: readonly string[],
  count: Prisma.Sql,
  { after, orderBy, limit, carried }: ReturnType<typeof keysetOf>,
) {
  const direction = request.direction === 'desc' ? Prisma.sql`DESC` : Prisma.sql`ASC`;
  const branches = kinds.map((kind) => {
    const { columns, from, conditions } = pageRowsOf(environmentId, request, [kind as ConfigKindId]);
    return Prisma.sql`(SELECT ${columns} ${from} WHERE ${allOf([...conditions, after])} ${orderBy} ${limit})`;
  });
  return Prisma.sql`SELECT page.*, ${totalColumn(count, carried)} AS "total"
      FROM (${Prisma.join(branches, ' UNION ALL ')}) AS page
     ORDER BY "sortValue" ${direction}, "id" ${direction} ${limit}`;
}

/**
 * The page's summaries in order (one more than the limit, when there is one) and the count of matches,
 * in one statement (pageWithTotal; a later page's cursor carries the first page's total).
 */
export async function searchConfigSummaries(
  db: Db | Tx,
  environmentId: string,
  request: ConfigSearchRequest,
): Promise<{ rows: ConfigPageRow[]; total: number }> {
  const kinds = request.kinds ?? [];
  const keyset = keysetOfRequest(request);
  const count = cappedCount(countedOf(environmentId, request), searchTotalCapOf(request));
  const page =
    request.sort === 'inUse' && kinds.length > 1
      ? pageByUseOfKinds(environmentId, request, kinds, count, keyset)
      : pageWithTotal({ ...pageRowsOf(environmentId, request), count }, request, keyset);
  const rows = await db.$queryRaw<(SummaryRow & { total: number })[]>(page);
  return {
    rows: rows.map(({ total: _, ...row }) => ({
      ...row,
      sortValue: toCursorValue(row.sortValue),
      // Without a use row (none is expected), its entries are read rather than assumed absent.
      isUsed: row.isUsed ?? true,
    })),
    total: await totalOfPage(db, rows, request, count, keyset.carried),
  };
}

/** The picker's page and its total, in one statement: the activated configurations of one kind, by id. */
export async function searchActiveConfigsOfKind(
  db: Db | Tx,
  environmentId: string,
  kind: string,
  request: Pick<ConfigPickerRequest, 'q' | 'cursor' | 'limit'> & { sort: 'id'; direction: SortDirection },
): Promise<{ rows: { id: string; description: string }[]; total: number }> {
  const keyset = keysetOf(request, textSort(Prisma.sql`c."id"`), KEY);
  const conditions = [
    Prisma.sql`c."environment_id" = ${environmentId}`,
    Prisma.sql`c."kind" = ${kind}`,
    Prisma.sql`c."active"`,
    ...textMatch('c', request.q),
  ];
  const from = Prisma.sql`FROM "configuration" c`;
  const count = cappedCount(Prisma.sql`${from} WHERE ${allOf(conditions)}`, searchTotalCapOf(request));
  const rows = await db.$queryRaw<{ id: string; description: string; total: number }[]>(
    pageWithTotal(
      { columns: Prisma.sql`c."id", c."description", c."id" AS "sortValue"`, from, conditions, count },
      request,
      keyset,
    ),
  );
  return {
    rows: rows.map(({ id, description }) => ({ id, description })),
    total: await totalOfPage(db, rows, request, count, keyset.carried),
  };
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
    SELECT c."id", c."kind", c."active", u."in_use" AS "isUsed"
      FROM "configuration" c
      JOIN "configuration_use" u ON u."environment_id" = c."environment_id" AND u."configuration_id" = c."id"
     WHERE c."environment_id" = ${environmentId} AND u."environment_id" = ${environmentId}
       AND (NOT c."active" OR NOT u."in_use")`;
}
