import { SEARCH_CURSOR_MAX_LENGTH, SEARCH_TEXT_MAX_LENGTH, type SortDirection } from '@console/domain/api';
import { setOrDelete } from '../useViewState.ts';

/**
 * The part of a list's view every search shares, kept in the URL (docs/decisions/0025, "View state in the
 * URL"): the search text (?q=), the sort (?sort=&direction=) and the page, as the trail of keyset cursors
 * that led to it (?pages=c1,c2: the last one starts the page shown, the others lead back page by page).
 */
export interface SearchView<Sort extends string> {
  q: string;
  sort: Sort;
  direction: SortDirection;
  pages: readonly string[];
}

// A cursor is base64url text; anything else (or a trail too long to be one) drops the trail: page one.
const CURSOR_PATTERN = /^[A-Za-z0-9_-]+$/;
const MAX_TRAIL = 1_000;

/** The shared part of the view from the URL; an unknown sort or direction is the list's default. */
export function readSearchView<Sort extends string>(
  params: URLSearchParams,
  sorts: readonly Sort[],
  defaults: { sort: Sort; direction: SortDirection; firstDirection?: Partial<Record<Sort, SortDirection>> },
): SearchView<Sort> {
  const q = (params.get('q') ?? '').trim().slice(0, SEARCH_TEXT_MAX_LENGTH);
  const sortText = params.get('sort');
  const sort = sorts.find((candidate) => candidate === sortText) ?? defaults.sort;
  const directionText = params.get('direction');
  const direction =
    directionText === 'asc' || directionText === 'desc'
      ? directionText
      : sort === defaults.sort
        ? defaults.direction
        : (defaults.firstDirection?.[sort] ?? 'asc');
  const pages = (params.get('pages') ?? '').split(',').filter(Boolean);
  const isTrail =
    pages.length <= MAX_TRAIL &&
    pages.every((cursor) => cursor.length <= SEARCH_CURSOR_MAX_LENGTH && CURSOR_PATTERN.test(cursor));
  return { q, sort, direction, pages: isTrail ? pages : [] };
}

export function writeSearchView<Sort extends string>(
  params: URLSearchParams,
  view: SearchView<Sort>,
  defaults: { sort: Sort; direction: SortDirection },
): void {
  const isDefaultSort = view.sort === defaults.sort && view.direction === defaults.direction;
  setOrDelete(params, 'q', view.q);
  setOrDelete(params, 'sort', isDefaultSort ? '' : view.sort);
  setOrDelete(params, 'direction', isDefaultSort ? '' : view.direction);
  setOrDelete(params, 'pages', view.pages.join(','));
}

/** A filter that is a choice of true, false or either (?name=true / ?name=false / absent). */
export function readBooleanFilter(params: URLSearchParams, name: string): boolean | undefined {
  const text = params.get(name);
  return text === 'true' ? true : text === 'false' ? false : undefined;
}

export function writeBooleanFilter(params: URLSearchParams, name: string, value: boolean | undefined): void {
  setOrDelete(params, name, value === undefined ? '' : String(value));
}

/** The request fields of the shared view: the cursor of the page shown, undefined fields left out. */
export function searchRequestOf<Sort extends string>(view: SearchView<Sort>) {
  const cursor = view.pages.at(-1);
  return {
    sort: view.sort,
    direction: view.direction,
    ...(view.q === '' ? {} : { q: view.q }),
    ...(cursor === undefined ? {} : { cursor }),
  };
}

/** Drops undefined filters, so the request (and the query's key) holds only the filters chosen. */
export function definedFields<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<T>;
}
