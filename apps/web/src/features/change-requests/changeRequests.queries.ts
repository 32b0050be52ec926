import type { AnyEndpoint } from '@console/domain/api';
import type { ListChangeRequestsRequest } from '@console/domain/change-request';
import { api } from '@console/domain/endpoints';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';

// Change requests. Their calls act on the environment a request changes (`?configuration=` names it, never
// the branch), which is not always the active one: the review screen reads and acts in the request's.

export const useChangeRequestListQuery = (filter: ListChangeRequestsRequest) =>
  useEndpointQuery(api.changeRequest.list, filter, { placeholderData: keepPreviousData });

/**
 * Which environment request `id` changes: the list's newest request numbered at most `id` (numbers are
 * console-wide), so `/change-requests/12` needs nothing else in its address.
 */
export function useChangeRequestEnvironmentQuery(id: number) {
  return useEndpointQuery(
    api.changeRequest.list,
    { before: id + 1, limit: 1 },
    { select: (list) => (list.items[0]?.id === id ? list.items[0].environment : null) },
  );
}

export const useChangeRequestQuery = (id: number, environment: string | undefined) =>
  useEndpointQuery(api.changeRequest.get, { id }, { environment, enabled: environment !== undefined });

export const useChangeRequestDiffQuery = (id: number, environment: string | undefined, isEnabled = true) =>
  useEndpointQuery(
    api.changeRequest.diff,
    { id },
    { environment, enabled: environment !== undefined && isEnabled },
  );

export const useBypassListQuery = (environment: string | undefined) =>
  useEndpointQuery(api.changeRequest.bypasses, undefined, {
    environment,
    enabled: environment !== undefined,
  });

/** A change to a request in `environment`: its feature reloads (list, details, diff, the menu's count). */
export const useChangeRequestMutation = <E extends AnyEndpoint>(endpoint: E, environment: string) =>
  useEndpointMutation(endpoint, { environmentOf: () => environment });

/** Applying changes what every screen of the environment shows. */
export const useApplyChangeRequestMutation = (environment: string) =>
  useEndpointMutation(api.changeRequest.apply, { environmentOf: () => environment, reloads: 'everything' });
