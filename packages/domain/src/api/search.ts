import { z } from 'zod';
import { badInput } from '../errors.ts';
import { pageLimitSchema } from './list-page.ts';

// The search calls beside the lists (docs/decisions/0339): one
// page in a declared order, free text over id and description, filters, and the number of matches. A
// page continues from an opaque cursor naming the last row shown (keyset paging), so a row inserted or
// removed meanwhile moves no other row across pages, and a deep page costs what the first one does.

/** The longest search text: longer than any id (36) or description (100) it could match. */
export const SEARCH_TEXT_MAX_LENGTH = 100;
/** The largest page a search answers, and the page it answers when none is asked. */
export const SEARCH_PAGE_MAX_LIMIT = 200;
export const SEARCH_PAGE_DEFAULT_LIMIT = 50;
/** A cursor is a few dozen characters; anything much longer was not made by the console. */
export const SEARCH_CURSOR_MAX_LENGTH = 400;
/**
 * Matches are counted up to this many: counting costs what it counts, so a page of a long log stays
 * cheap; above it, `total` is this number and `isTotalCapped` says there are more.
 */
export const SEARCH_TOTAL_CAP = 1_000;
/**
 * A search with text counts up to this many: its matches are found by testing rows (a trigram index
 * only names candidates), so counting a thousand of them costs many pages more than the page shown.
 */
export const SEARCH_TEXT_TOTAL_CAP = 100;

/** How far a search counts its matches: less with text (SEARCH_TEXT_TOTAL_CAP). */
export const searchTotalCapOf = (request: { q?: string | undefined }): number =>
  request.q ? SEARCH_TEXT_TOTAL_CAP : SEARCH_TOTAL_CAP;

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const searchTextSchema = z
  .string({ error: 'q must be a text' })
  .trim()
  .max(SEARCH_TEXT_MAX_LENGTH, { error: `q must be at most ${SEARCH_TEXT_MAX_LENGTH} characters` })
  .optional();

export const searchCursorSchema = z
  .string({ error: 'cursor must be a text' })
  .max(SEARCH_CURSOR_MAX_LENGTH, {
    error: `cursor must be at most ${SEARCH_CURSOR_MAX_LENGTH} characters`,
    abort: true,
  })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'cursor is not a cursor this search answered' })
  .optional();

/**
 * The request of a search: `q`, `sort` (the first of `sorts` by default), `direction`, `limit` and
 * `cursor`, plus the call's own filters. Unknown fields are refused, so a misspelt filter is not ignored.
 */
export function searchRequestSchemaOf<
  const Sorts extends readonly [string, ...string[]],
  const Filters extends z.ZodRawShape,
>(sorts: Sorts, filters: Filters, defaults: { direction?: SortDirection } = {}) {
  return (
    z
      .strictObject({
        q: searchTextSchema,
        sort: z.enum(sorts, { error: `sort must be one of ${sorts.join(', ')}` }).default(sorts[0]),
        direction: z
          .enum(SORT_DIRECTIONS, { error: 'direction must be asc or desc' })
          .default(defaults.direction ?? 'asc'),
        limit: pageLimitSchema(SEARCH_PAGE_MAX_LIMIT).default(SEARCH_PAGE_DEFAULT_LIMIT),
        cursor: searchCursorSchema,
        ...filters,
      })
      // No body or {}: the first page in the default order (every field has a default or is optional).
      .prefault({} as never)
  );
}

/** One page of a search: its rows, how many rows match, and the cursor of the next page (null: last). */
export function searchPageSchemaOf<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    total: z
      .number()
      .int()
      .describe(
        `Matching rows, counted up to ${SEARCH_TOTAL_CAP.toLocaleString('en-US')} (${SEARCH_TEXT_TOTAL_CAP} with q) by the first page; the pages after it (by its cursor) answer the same total`,
      ),
    isTotalCapped: z.boolean().describe('true: more rows match than total says'),
    nextCursor: z.string().nullable().describe('Send as cursor for the next page; null on the last page'),
  });
}
export interface SearchPage<T> {
  items: T[];
  total: number;
  isTotalCapped: boolean;
  nextCursor: string | null;
}

/** A sort value or row key a cursor carries: a text (an id, an e-mail) or a number (a time, a rank). */
export type CursorValue = string | number;

/** Where a page ends: its sort and direction, and the last row's sort value and key. */
export interface SearchCursor {
  sort: string;
  direction: SortDirection;
  value: CursorValue;
  key: CursorValue;
  /**
   * The total the search's first page counted (up to one past the cap), and the filters it was counted
   * for (searchFiltersKeyOf): the pages after it answer that total instead of counting again.
   */
  counted?: { total: number; filters: string };
}

const CURSOR_VERSION = 1;

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string | undefined {
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(binary, (char) => char.charCodeAt(0)),
    );
  } catch {
    return undefined;
  }
}

export function encodeSearchCursor(cursor: SearchCursor): string {
  const position = [CURSOR_VERSION, cursor.sort, cursor.direction, cursor.value, cursor.key];
  const counted = cursor.counted === undefined ? [] : [cursor.counted.total, cursor.counted.filters];
  return toBase64Url(JSON.stringify([...position, ...counted]));
}

/** The fields of a request that are not its position (sort, direction, limit, cursor): what it matches. */
const POSITION_FIELDS = new Set(['sort', 'direction', 'limit', 'cursor']);

/**
 * A short fingerprint of what a search matches (its text and filters, not its sort or page): a carried
 * total is answered only to the same search, so a cursor sent with other filters is counted afresh.
 * FNV-1a over the fields as JSON in key order; a collision costs a stale total, never a wrong row.
 */
export function searchFiltersKeyOf(request: object): string {
  const fields = Object.entries(request)
    .filter(([field, value]) => !POSITION_FIELDS.has(field) && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(fields)) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** The total a cursor carries for this request's filters (undefined: count, as on a first page). */
export function carriedTotalOf(cursor: SearchCursor, request: object): number | undefined {
  return cursor.counted !== undefined && cursor.counted.filters === searchFiltersKeyOf(request)
    ? cursor.counted.total
    : undefined;
}

const isCursorValue = (value: unknown, kind: 'text' | 'number'): value is CursorValue =>
  kind === 'text'
    ? typeof value === 'string' && value.length <= SEARCH_CURSOR_MAX_LENGTH
    : typeof value === 'number' && Number.isSafeInteger(value);

/**
 * The position a cursor names, checked against the search it is sent with: the same sort and direction,
 * and values of the sort's and the key's kinds. Anything else is bad input (400), never a query.
 */
export function decodeSearchCursor(
  text: string,
  expected: {
    sort: string;
    direction: SortDirection;
    valueKind: 'text' | 'number';
    keyKind: 'text' | 'number';
  },
): SearchCursor {
  const refused = badInput('cursor is not a cursor this search answered');
  const json = fromBase64Url(text);
  if (json === undefined) throw refused;
  let parts: unknown;
  try {
    parts = JSON.parse(json);
  } catch {
    throw refused;
  }
  // Five parts name a position; seven carry the first page's total too.
  if (!Array.isArray(parts) || (parts.length !== 5 && parts.length !== 7) || parts[0] !== CURSOR_VERSION) {
    throw refused;
  }
  const [, sort, direction, value, key, total, filters] = parts as unknown[];
  if (sort !== expected.sort || direction !== expected.direction) {
    throw badInput('cursor belongs to another sort or direction: start again without it');
  }
  if (!isCursorValue(value, expected.valueKind) || !isCursorValue(key, expected.keyKind)) throw refused;
  const cursor: SearchCursor = { sort, direction: direction as SortDirection, value, key };
  if (parts.length === 5) return cursor;
  const isTotal = typeof total === 'number' && Number.isSafeInteger(total) && total >= 0;
  if (!isTotal || total > SEARCH_TOTAL_CAP + 1 || typeof filters !== 'string' || filters.length > 16) {
    throw refused;
  }
  return { ...cursor, counted: { total, filters } };
}

/**
 * The answer of a page read one row past the limit: that extra row says whether another page follows.
 * A row `toItem` answers undefined for (removed between the page's queries) is left out; the cursor
 * still follows the last row read, so the next page starts after it, and carries the total (counted on
 * the first page) to the pages after it, for the same filters (`request` is the whole search request).
 */
export function toSearchPage<Row, Item>(
  rows: readonly Row[],
  request: { sort: string; direction: SortDirection; limit: number; q?: string | undefined },
  counted: number,
  positionOf: (row: Row) => { value: CursorValue; key: CursorValue },
  toItem: (row: Row) => Item | undefined,
): SearchPage<Item> {
  const shown = rows.slice(0, request.limit);
  const last = shown.at(-1);
  const hasMore = rows.length > request.limit && last !== undefined;
  const cap = searchTotalCapOf(request);
  const carried = { total: Math.min(counted, cap + 1), filters: searchFiltersKeyOf(request) };
  return {
    items: shown.map(toItem).filter((item): item is Item => item !== undefined),
    total: Math.min(counted, cap),
    isTotalCapped: counted > cap,
    nextCursor: hasMore
      ? encodeSearchCursor({
          sort: request.sort,
          direction: request.direction,
          ...positionOf(last),
          counted: carried,
        })
      : null,
  };
}

/** Whether `text` contains the search text, ignoring case (as the database's ILIKE does for ASCII). */
export const containsSearchText = (text: string, q: string) => text.toLowerCase().includes(q.toLowerCase());

const compareValues = (a: CursorValue, b: CursorValue) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A search over rows held in memory (a short list, such as the users): the same order, cursor and
 * count as the database's searches, sorting by the value and then the key, both in the direction asked.
 */
export function searchInMemory<Row, Item>(
  rows: readonly Row[],
  request: {
    sort: string;
    direction: SortDirection;
    limit: number;
    cursor?: string | undefined;
    q?: string | undefined;
  },
  positionOf: (row: Row) => { value: CursorValue; key: CursorValue },
  kinds: { valueKind: 'text' | 'number'; keyKind: 'text' | 'number' },
  toItem: (row: Row) => Item,
): SearchPage<Item> {
  const sign = request.direction === 'asc' ? 1 : -1;
  const compare = (
    a: { value: CursorValue; key: CursorValue },
    b: { value: CursorValue; key: CursorValue },
  ) => sign * (compareValues(a.value, b.value) || compareValues(a.key, b.key));
  const after =
    request.cursor === undefined
      ? undefined
      : decodeSearchCursor(request.cursor, { sort: request.sort, direction: request.direction, ...kinds });
  const sorted = [...rows].sort((a, b) => compare(positionOf(a), positionOf(b)));
  const rest = after === undefined ? sorted : sorted.filter((row) => compare(positionOf(row), after) > 0);
  return toSearchPage(rest.slice(0, request.limit + 1), request, rows.length, positionOf, toItem);
}
