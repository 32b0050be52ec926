import {
  type CursorValue,
  carriedTotalOf,
  decodeSearchCursor,
  SEARCH_TOTAL_CAP,
  type SearchCursor,
  type SortDirection,
  searchTotalCapOf,
} from '@console/domain/api';
import { Prisma } from '../generated/prisma/client.ts';
import type { Db, Tx } from './client.ts';

// The SQL of the search calls (packages/domain api/search.ts), shared by the stores that answer them.

/**
 * A LIKE pattern matching `text` anywhere: `\`, `%` and `_` in it are escaped, so a search for "50%"
 * matches those three characters and nothing else (LIKE's escape character is `\` by default).
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The rows of `alias` (an A/B-test or configuration) whose id or description contains `q`, ignoring case:
 * LIKE on the lower-case copies of both that the database keeps (search_id, search_description, whose
 * trigram index names the candidates), with the pattern folded by the same lower(). That is what ILIKE on
 * the originals matches (it folds both sides with lower()), without folding every row's case per search:
 * docs/decisions/0446.
 */
export function textMatch(alias: 't' | 'c', q: string | undefined): Prisma.Sql[] {
  if (!q) return [];
  const pattern = containsPattern(q);
  const table = Prisma.raw(alias);
  return [
    Prisma.sql`(${table}."search_id" LIKE lower(${pattern}) OR ${table}."search_description" LIKE lower(${pattern}))`,
  ];
}

/** How one sort of a search reads: its SQL expression, the kind of value its cursor holds, and the value as SQL. */
export interface SortColumn {
  expression: Prisma.Sql;
  valueKind: 'text' | 'number';
  /** The cursor's value as a parameter comparable with the expression. */
  toSql: (value: CursorValue) => Prisma.Sql;
}

export const textSort = (expression: Prisma.Sql): SortColumn => ({
  expression,
  valueKind: 'text',
  toSql: (value) => Prisma.sql`${String(value)}::text`,
});
export const integerSort = (expression: Prisma.Sql): SortColumn => ({
  expression,
  valueKind: 'number',
  toSql: (value) => Prisma.sql`${Number(value)}::int`,
});
/** A boolean column: its cursor holds 0 or 1. */
export const booleanSort = (expression: Prisma.Sql): SortColumn => ({
  expression,
  valueKind: 'number',
  toSql: (value) => Prisma.sql`${value === 1}::boolean`,
});
/** A timestamptz column: its cursor holds UTC milliseconds (the column's precision). */
export const timeSort = (expression: Prisma.Sql): SortColumn => ({
  expression,
  valueKind: 'number',
  toSql: (value) => Prisma.sql`${new Date(Number(value)).toISOString()}::timestamptz`,
});

export interface KeysetRequest {
  sort: string;
  direction: SortDirection;
  limit: number;
  cursor?: string | undefined;
}

/**
 * The order and the keyset condition of a page: by the sort's expression, then by the row's key (its id,
 * unique), both in the requested direction, so `(sort, key)` orders every row strictly and a page starts
 * right after the last row of the one before. An index on (environment, sort column, key) serves both
 * directions. The cursor is checked against the request first: a cursor of another sort is bad input.
 * `carried` is the total the cursor brings from the first page for the same filters (the whole request
 * is passed for them; undefined: count).
 */
export function keysetOf(
  request: KeysetRequest,
  column: SortColumn,
  key: { expression: Prisma.Sql; kind: 'text' | 'number' },
): { after: Prisma.Sql; orderBy: Prisma.Sql; limit: Prisma.Sql; carried?: number | undefined } {
  const direction = request.direction === 'desc' ? Prisma.sql`DESC` : Prisma.sql`ASC`;
  const orderBy = Prisma.sql`ORDER BY ${column.expression} ${direction}, ${key.expression} ${direction}`;
  const limit = Prisma.sql`LIMIT ${request.limit + 1}::int`;
  if (request.cursor === undefined) return { after: Prisma.sql`TRUE`, orderBy, limit };
  const cursor: SearchCursor = decodeSearchCursor(request.cursor, {
    sort: request.sort,
    direction: request.direction,
    valueKind: column.valueKind,
    keyKind: key.kind,
  });
  const keySql =
    key.kind === 'text' ? Prisma.sql`${String(cursor.key)}::text` : Prisma.sql`${Number(cursor.key)}::int`;
  const after =
    request.direction === 'desc'
      ? Prisma.sql`(${column.expression}, ${key.expression}) < (${column.toSql(cursor.value)}, ${keySql})`
      : Prisma.sql`(${column.expression}, ${key.expression}) > (${column.toSql(cursor.value)}, ${keySql})`;
  return { after, orderBy, limit, carried: carriedTotalOf(cursor, request) };
}

/**
 * How many rows a query's FROM and WHERE match, counted up to one past the cap (a bounded cost):
 * SEARCH_TOTAL_CAP, or the request's (searchTotalCapOf: less with text).
 */
export const cappedCount = (fromWhere: Prisma.Sql, cap = SEARCH_TOTAL_CAP) =>
  Prisma.sql`SELECT count(*)::int AS "total" FROM (SELECT 1 ${fromWhere} LIMIT ${cap + 1}::int) AS matched`;

/**
 * cappedCount reading the matches in the page's order: the planner then counts from the index that
 * serves the page (index-only, the same entries the page reads) instead of scanning a large table from
 * its start, where another environment's rows may lie.
 */
export const cappedCountInOrder = (fromWhere: Prisma.Sql, orderBy: Prisma.Sql, cap = SEARCH_TOTAL_CAP) =>
  Prisma.sql`SELECT count(*)::int AS "total" FROM (SELECT 1 ${fromWhere} ${orderBy} LIMIT ${cap + 1}::int) AS matched`;

/**
 * The total as a column of the page's own query: `count` (a cappedCount) run once for the statement,
 * or the total the cursor carried (no count at all). An empty page has no row to carry it: the store
 * answers 0 without a cursor (the same snapshot found nothing) and counts apart after one.
 */
export const totalColumn = (count: Prisma.Sql, carried: number | undefined) =>
  carried === undefined ? Prisma.sql`(${count})` : Prisma.sql`${carried}::int`;

/**
 * The total the page's rows carry (totalColumn). An empty page has no row to carry it: the total the
 * cursor carried, 0 without a cursor (the same snapshot found nothing), or, after a cursor that carries
 * none, `count` run apart.
 */
export async function totalOfPage(
  db: Db | Tx,
  rows: readonly { total: number }[],
  request: { cursor?: string | undefined },
  count: Prisma.Sql,
  carried: number | undefined,
): Promise<number> {
  if (rows[0] !== undefined) return rows[0].total;
  if (carried !== undefined) return carried;
  if (request.cursor === undefined) return 0;
  const counted = await db.$queryRaw<{ total: number }[]>(count);
  return counted[0]?.total ?? 0;
}

/** One page's statement: its rows' SELECT list (with "sortValue" and the key as "id"), FROM and conditions. */
export interface PageStatement {
  columns: Prisma.Sql;
  from: Prisma.Sql;
  conditions: readonly Prisma.Sql[];
  /** The matches' cappedCount, for the total when the page's own rows cannot give it. */
  count: Prisma.Sql;
}

/**
 * A page's rows in order, each with the search's total as "total". The first page of a text search reads
 * its matches once, in the page's order, up to one past its cap (searchTotalCapOf): the page is the first of
 * them and the total their number. A text match is tested row by row (a trigram index only names
 * candidates), so a page and a count apart would test the same rows twice. Any other page cuts itself
 * from its sort's index and takes the total from totalColumn (an index-only count, or the cursor's):
 * docs/decisions/0444.
 */
export function pageWithTotal(
  statement: PageStatement,
  request: KeysetRequest & { q?: string | undefined },
  keyset: ReturnType<typeof keysetOf>,
): Prisma.Sql {
  const { columns, from, conditions, count } = statement;
  const { after, orderBy, limit, carried } = keyset;
  if (request.q && request.cursor === undefined) {
    const direction = request.direction === 'desc' ? Prisma.sql`DESC` : Prisma.sql`ASC`;
    return Prisma.sql`WITH matched AS MATERIALIZED (
        SELECT ${columns} ${from} WHERE ${allOf(conditions)} ${orderBy} LIMIT ${searchTotalCapOf(request) + 1}::int)
      SELECT page.*, (SELECT count(*)::int FROM matched) AS "total"
        FROM (SELECT * FROM matched ORDER BY "sortValue" ${direction}, "id" ${direction} ${limit}) AS page`;
  }
  return Prisma.sql`SELECT ${columns}, ${totalColumn(count, carried)} AS "total" ${from}
     WHERE ${allOf([...conditions, after])} ${orderBy} ${limit}`;
}

/** A sort value as read from the database, as a cursor holds it: times as UTC ms, booleans as 0 or 1. */
export function toCursorValue(value: unknown): CursorValue {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'bigint') return Number(value);
  return typeof value === 'number' ? value : String(value);
}

/** Filters joined with AND (TRUE when there are none). */
export const allOf = (conditions: readonly Prisma.Sql[]) =>
  conditions.length === 0 ? Prisma.sql`TRUE` : Prisma.join(conditions, ' AND ');
