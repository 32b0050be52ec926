import {
  type AnyEndpoint,
  type RequestBody,
  type ResponseOfEndpoint,
  SEARCH_PAGE_DEFAULT_LIMIT,
  type SortDirection,
} from '@console/domain/api';
import { keepPreviousData } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { useEndpointQuery } from '../../api/hooks.ts';
import { useViewState } from '../useViewState.ts';
import { readSearchView, type SearchView, searchRequestOf, writeSearchView } from './searchView.ts';

export interface SearchListOptions<Sort extends string, Filters> {
  sorts: readonly Sort[];
  defaults: { sort: Sort; direction: SortDirection; firstDirection?: Partial<Record<Sort, SortDirection>> };
  readFilters(params: URLSearchParams): Filters;
  writeFilters(params: URLSearchParams, filters: Filters): void;
  /** The request's own fields for the filters (undefined ones left out). */
  requestOf(filters: Filters): Record<string, unknown>;
  /** The sort's name in the request, when the URL's differs. */
  requestSort?(sort: Sort): string;
  /** Rows per page (the search's default when absent). */
  limit?: number;
}

type Page = { items: unknown[]; total: number; isTotalCapped: boolean; nextCursor: string | null };

/**
 * A list read page by page from its search call, its search, filters, sort and page in the URL. The page
 * shown stays while the next one loads, and the request is deferred, so the table's render never holds
 * up typing or the controls.
 */
export function useSearchList<E extends AnyEndpoint, Sort extends string, Filters>(
  endpoint: E,
  options: SearchListOptions<Sort, Filters>,
) {
  const [state, setState] = useViewState(
    (params) => ({
      view: readSearchView(params, options.sorts, options.defaults),
      filters: options.readFilters(params),
    }),
    (params, next: { view: SearchView<Sort>; filters: Filters }) => {
      writeSearchView(params, next.view, options.defaults);
      options.writeFilters(params, next.filters);
    },
  );
  const { view, filters } = state;
  const limit = options.limit ?? SEARCH_PAGE_DEFAULT_LIMIT;
  // Deferred as text: a new object each render would never settle.
  const shared = searchRequestOf(view);
  const bodyText = JSON.stringify({
    ...shared,
    sort: options.requestSort?.(view.sort) ?? view.sort,
    ...options.requestOf(filters),
    limit,
  });
  const deferredText = useDeferredValue(bodyText);
  const deferredBody = useMemo(() => JSON.parse(deferredText) as RequestBody<E>, [deferredText]);
  const query = useEndpointQuery(endpoint, deferredBody, { placeholderData: keepPreviousData });
  const page = query.data as (ResponseOfEndpoint<E> & Page) | undefined;
  const firstPage = { ...view, pages: [] };
  const firstDirection = (sort: Sort) =>
    options.defaults.firstDirection?.[sort] ??
    (sort === options.defaults.sort ? options.defaults.direction : 'asc');
  return {
    query,
    page,
    view,
    filters,
    /** Still showing the previous request's page. */
    isStale: query.isPlaceholderData || bodyText !== deferredText,
    limit,
    search: (q: string) => setState({ view: { ...firstPage, q }, filters }),
    /** A changed filter starts from the first page again. */
    filterBy: (next: Partial<Filters>) => setState({ view: firstPage, filters: { ...filters, ...next } }),
    /** The same column again turns the order round; another column starts in its first direction. */
    sortBy: (sort: Sort) =>
      setState({
        view: {
          ...firstPage,
          sort,
          direction: view.sort === sort ? (view.direction === 'asc' ? 'desc' : 'asc') : firstDirection(sort),
        },
        filters,
      }),
    next: () => {
      if (page?.nextCursor) setState({ view: { ...view, pages: [...view.pages, page.nextCursor] }, filters });
    },
    previous: () => setState({ view: { ...view, pages: view.pages.slice(0, -1) }, filters }),
  };
}
