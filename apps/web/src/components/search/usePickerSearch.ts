import {
  type AnyEndpoint,
  type RequestBody,
  type ResponseOfEndpoint,
  SEARCH_PAGE_DEFAULT_LIMIT,
} from '@console/domain/api';
import { keepPreviousData } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { useEndpointQuery } from '../../api/hooks.ts';

type Page = { items: unknown[]; total: number; isTotalCapped: boolean; nextCursor: string | null };

/**
 * A picker's search and page. A picker is a dialog over another screen, so its search lives only while it
 * is open (docs/decisions/0026); the screen's URL stays the screen's.
 */
export function usePickerSearch<E extends AnyEndpoint>(endpoint: E, fields: Record<string, unknown> = {}) {
  const [q, setQ] = useState('');
  const [pages, setPages] = useState<readonly string[]>([]);
  const cursor = pages.at(-1);
  const bodyText = JSON.stringify({
    ...fields,
    limit: SEARCH_PAGE_DEFAULT_LIMIT,
    ...(q === '' ? {} : { q }),
    ...(cursor === undefined ? {} : { cursor }),
  });
  const deferredText = useDeferredValue(bodyText);
  const body = useMemo(() => JSON.parse(deferredText) as RequestBody<E>, [deferredText]);
  const query = useEndpointQuery(endpoint, body, { placeholderData: keepPreviousData });
  const page = query.data as (ResponseOfEndpoint<E> & Page) | undefined;
  return {
    query,
    page,
    q,
    pageIndex: pages.length,
    limit: SEARCH_PAGE_DEFAULT_LIMIT,
    isStale: query.isPlaceholderData || bodyText !== deferredText,
    search: (next: string) => {
      setQ(next);
      setPages([]);
    },
    next: () => {
      const nextCursor = page?.nextCursor;
      if (nextCursor) setPages((current) => [...current, nextCursor]);
    },
    previous: () => setPages((current) => current.slice(0, -1)),
  };
}
