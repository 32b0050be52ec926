import {
  type CursorValue,
  containsSearchText,
  type SortDirection,
  searchInMemory,
} from '@console/domain/api';
import type { Handler } from './fakeApi.ts';
import { ok } from './fakeApi.ts';

/** A search call's answer holding exactly these rows, on one page. */
export const onePage = (items: readonly unknown[]) =>
  ok({ items, total: items.length, isTotalCapped: false, nextCursor: null });

interface SearchRequest {
  q?: string;
  sort?: string;
  direction?: SortDirection;
  limit?: number;
  cursor?: string;
  [filter: string]: unknown;
}

/**
 * A search call answered from rows in memory, in the order, cursor and count of the server's searches
 * (the domain's searchInMemory): `q` over `textOf`, each filter a field `filters` checks, sorted by `sorts`.
 */
export function searchOver<Row>(
  rows: () => readonly Row[],
  options: {
    keyOf(row: Row): CursorValue;
    textOf(row: Row): string[];
    sorts: Record<string, (row: Row) => CursorValue>;
    filters?: Record<string, (row: Row, value: unknown) => boolean>;
    /** The direction when the request names none (the audit log's newest first). */
    direction?: SortDirection;
  },
): Handler {
  return ({ body }) => {
    const request = (body ?? {}) as SearchRequest;
    const {
      q,
      sort = 'id',
      direction = options.direction ?? 'asc',
      limit = 50,
      cursor,
      ...filters
    } = request;
    const sortValue = options.sorts[sort] ?? options.keyOf;
    const matching = rows().filter(
      (row) =>
        (q === undefined || options.textOf(row).some((text) => containsSearchText(text, q))) &&
        Object.entries(filters).every(([name, value]) => options.filters?.[name]?.(row, value) ?? true),
    );
    const sample = matching[0];
    const kindOf = (value: CursorValue | undefined) => (typeof value === 'number' ? 'number' : 'text');
    const valueKind = kindOf(sample === undefined ? undefined : sortValue(sample));
    const keyKind = kindOf(sample === undefined ? undefined : options.keyOf(sample));
    return ok(
      searchInMemory(
        matching,
        { sort, direction, limit, cursor },
        (row) => ({ value: sortValue(row), key: options.keyOf(row) }),
        { valueKind, keyKind },
        (row) => row,
      ),
    );
  };
}
