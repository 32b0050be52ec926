import type { AbTest } from '@console/domain/abtest';
import { type CursorValue, searchTotalCapOf } from '@console/domain/api';
import type { AbTestPickerRequest, AbTestSearchRequest, AbTestSearchSort } from '@console/domain/search';
import type { Db, Tx } from '../../db/client.ts';
import {
  allOf,
  booleanSort,
  cappedCount,
  integerSort,
  keysetOf,
  pageWithTotal,
  type SortColumn,
  textMatch,
  textSort,
  timeSort,
  toCursorValue,
  totalOfPage,
} from '../../db/search-sql.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { type AbTestListRow, LISTED_AB_TEST_COLUMNS, toListedAbTest } from './abtest.store.ts';

// The A/B-test searches: a page in the asked order (keyset), and the count of matches, in one statement
// (the count runs once for it, or not at all when the cursor carries the first page's total).

const SORTS: Record<AbTestSearchSort, SortColumn> = {
  id: textSort(Prisma.sql`t."id"`),
  type: integerSort(Prisma.sql`t."type"`),
  active: booleanSort(Prisma.sql`t."active"`),
  created: timeSort(Prisma.sql`t."created"`),
  modified: timeSort(Prisma.sql`t."modified"`),
};
const KEY = { expression: Prisma.sql`t."id"`, kind: 'text' as const };

/** One row of a page: the A/B-test and the value it was sorted by (for the next cursor). */
export interface AbTestPageRow {
  test: AbTest;
  sortValue: CursorValue;
}

/**
 * The plugin entries' A/B-tests, read once per query from the (environment_id, ab_test_id) index:
 * an environment has as many entries as its plugins' sets hold, whatever its number of A/B-tests.
 */
const usedIn = (environmentId: string, pluginId?: number) => Prisma.sql`t."id" IN (
  SELECT e."ab_test_id" FROM "plugin_ab_test_entry" e WHERE e."environment_id" = ${environmentId}
  ${pluginId === undefined ? Prisma.empty : Prisma.sql`AND e."plugin_id" = ${pluginId}::int`})`;

function filtersOf(environmentId: string, request: AbTestSearchRequest): Prisma.Sql[] {
  const filters = [Prisma.sql`t."environment_id" = ${environmentId}`, ...textMatch('t', request.q)];
  if (request.active !== undefined) filters.push(Prisma.sql`t."active" = ${request.active}`);
  if (request.type !== undefined) filters.push(Prisma.sql`t."type" = ${request.type}::int`);
  if (request.inUse === true) filters.push(usedIn(environmentId));
  if (request.inUse === false) filters.push(Prisma.sql`NOT ${usedIn(environmentId)}`);
  if (request.usedByPlugin !== undefined) filters.push(usedIn(environmentId, request.usedByPlugin));
  return filters;
}

/**
 * The page's A/B-tests in order (one more than the limit, when there is one) and the count of matches,
 * in one statement (pageWithTotal): the page is cut first, then only its rows get their versions and
 * usage (LISTED_AB_TEST_COLUMNS).
 */
export async function searchAbTestPage(
  db: Db | Tx,
  environmentId: string,
  request: AbTestSearchRequest,
): Promise<{ rows: AbTestPageRow[]; total: number }> {
  const column = SORTS[request.sort];
  const keyset = keysetOf(request, column, KEY);
  const filters = filtersOf(environmentId, request);
  const count = cappedCount(Prisma.sql`FROM "ab_test" t WHERE ${allOf(filters)}`, searchTotalCapOf(request));
  const page = pageWithTotal(
    {
      columns: Prisma.sql`t.*, ${column.expression} AS "sortValue"`,
      from: Prisma.sql`FROM "ab_test" t`,
      conditions: filters,
      count,
    },
    request,
    keyset,
  );
  // The outer query reads the page as `t` again, so the sort's expressions order it as they cut it.
  const rows = await db.$queryRaw<(AbTestListRow & { sortValue: unknown; total: number })[]>`
    SELECT ${LISTED_AB_TEST_COLUMNS}, t."sortValue", t."total" FROM (${page}) t ${keyset.orderBy}`;
  return {
    rows: rows.map((row) => ({ test: toListedAbTest(row), sortValue: toCursorValue(row.sortValue) })),
    total: await totalOfPage(db, rows, request, count, keyset.carried),
  };
}

export interface AbTestPickerRow {
  id: string;
  active: boolean;
  version: number;
  description: string;
}

/**
 * The picker's page, by id, and its total in one statement (pageWithTotal): each A/B-test with its highest
 * active version (-1 with none).
 */
export async function searchAbTestPicker(
  db: Db | Tx,
  environmentId: string,
  request: AbTestPickerRequest,
): Promise<{ rows: AbTestPickerRow[]; total: number }> {
  const keyset = keysetOf(request, SORTS.id, KEY);
  const filters = [Prisma.sql`t."environment_id" = ${environmentId}`, ...textMatch('t', request.q)];
  if (request.active !== undefined) filters.push(Prisma.sql`t."active" = ${request.active}`);
  const count = cappedCount(Prisma.sql`FROM "ab_test" t WHERE ${allOf(filters)}`, searchTotalCapOf(request));
  const page = pageWithTotal(
    {
      columns: Prisma.sql`t."environment_id", t."id", t."active", t."description", t."id" AS "sortValue"`,
      from: Prisma.sql`FROM "ab_test" t`,
      conditions: filters,
      count,
    },
    request,
    keyset,
  );
  // The versions of the page's rows only, read after it is cut.
  const rows = await db.$queryRaw<(AbTestPickerRow & { total: number })[]>`
    SELECT t."id", t."active", t."description",
           COALESCE((SELECT max(v."version") FROM "ab_test_version" v
                      WHERE v."environment_id" = t."environment_id" AND v."ab_test_id" = t."id" AND v."active"),
                    -1)::int AS "version",
           t."total"
      FROM (${page}) t ${keyset.orderBy}`;
  const total = await totalOfPage(db, rows, request, count, keyset.carried);
  return { rows: rows.map(({ total: _, ...row }) => row), total };
}
