import type {
  AnyEndpoint,
  EndpointScope,
  PathParams,
  RequestBody,
  ResponseOfEndpoint,
} from '@console/domain';
import {
  type QueryKey,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useContext } from 'react';
import { ActiveEnvironmentContext } from '../shell/environment/environment.context.ts';
import { callEndpoint } from './client.ts';

/**
 * Query keys: [feature, environment, path, params, body]. Every key of a feature starts with
 * [feature, environment], so a mutation reloads its feature and an environment switch reloads all.
 * Calls of 'global' scope (environment list, sign-in) do not depend on the active environment: their
 * keys hold GLOBAL_SCOPE instead, and they work outside the environment provider (login page).
 */
export const GLOBAL_SCOPE = '*';
export const featureKey = (feature: string, environment: string) => [feature, environment] as const;

export function endpointKey(
  endpoint: AnyEndpoint,
  environment: string,
  body?: unknown,
  params?: unknown,
): QueryKey {
  const scope = endpoint.scope === 'global' ? GLOBAL_SCOPE : environment;
  return [...featureKey(endpoint.feature, scope), endpoint.path, params ?? null, body ?? null];
}

/** The environment an endpoint's calls act on; global ones need no environment provider. */
function useEnvironmentOf(endpoint: AnyEndpoint): string {
  const context = useContext(ActiveEnvironmentContext);
  if (endpoint.scope === 'global') return context?.active ?? GLOBAL_SCOPE;
  if (!context) throw new Error(`${endpoint.path} must be called inside EnvironmentProvider`);
  return context.active;
}

type QueryOptions<E extends AnyEndpoint, TSelected> = Omit<
  UseQueryOptions<ResponseOfEndpoint<E>, Error, TSelected>,
  'queryKey' | 'queryFn'
> & { params?: PathParams<E> };

/** Reads a declared endpoint in the active environment. */
export function useEndpointQuery<E extends AnyEndpoint, TSelected = ResponseOfEndpoint<E>>(
  endpoint: E,
  body?: RequestBody<E>,
  { params, ...options }: QueryOptions<E, TSelected> = {},
) {
  const environment = useEnvironmentOf(endpoint);
  return useQuery({
    queryKey: endpointKey(endpoint, environment, body, params),
    queryFn: ({ signal }) =>
      callEndpoint(endpoint, {
        environment,
        signal,
        ...(body === undefined ? {} : { body }),
        ...(params === undefined ? {} : { params }),
      }),
    ...options,
  });
}

/**
 * Changes something through a declared endpoint in the active environment; on success the
 * endpoint's own feature reloads, and so do the features listed in `invalidates` (their calls of
 * the active environment and their global ones).
 */
export function useEndpointMutation<E extends AnyEndpoint>(
  endpoint: E,
  { invalidates = [] }: { invalidates?: readonly string[] } = {},
) {
  const environment = useEnvironmentOf(endpoint);
  const queryClient = useQueryClient();
  return useMutation<ResponseOfEndpoint<E>, Error, RequestBody<E>>({
    mutationFn: (body) => callEndpoint(endpoint, { environment, body }),
    onSuccess: () =>
      Promise.all(
        [endpoint.feature, ...invalidates].flatMap((feature) =>
          [environment, GLOBAL_SCOPE].map((scope) =>
            queryClient.invalidateQueries({ queryKey: featureKey(feature, scope) }),
          ),
        ),
      ),
  });
}

/**
 * A declared endpoint whose declaration (with its zod schemas) loads on first use. The shell's own calls
 * use it so that zod and the endpoint table stay out of the first load (docs/decisions.md, "First load");
 * `feature`, `scope` and `name` are what the query key needs before the declaration has arrived.
 */
export interface LazyEndpoint<E extends AnyEndpoint> {
  readonly feature: string;
  readonly scope: EndpointScope;
  readonly name: string;
  load(): Promise<E>;
}

function useLazyEnvironmentOf(endpoint: LazyEndpoint<AnyEndpoint>): string {
  const context = useContext(ActiveEnvironmentContext);
  if (endpoint.scope === 'global') return context?.active ?? GLOBAL_SCOPE;
  if (!context) throw new Error(`${endpoint.name} must be called inside EnvironmentProvider`);
  return context.active;
}

/** useEndpointQuery for a lazily loaded declaration (calls without a body). */
export function useLazyEndpointQuery<E extends AnyEndpoint>(
  lazy: LazyEndpoint<E>,
  options: Omit<UseQueryOptions<ResponseOfEndpoint<E>>, 'queryKey' | 'queryFn'> = {},
) {
  const environment = useLazyEnvironmentOf(lazy);
  const scope = lazy.scope === 'global' ? GLOBAL_SCOPE : environment;
  return useQuery({
    queryKey: [...featureKey(lazy.feature, scope), lazy.name],
    queryFn: async ({ signal }) => callEndpoint(await lazy.load(), { environment, signal }),
    ...options,
  });
}

/** useEndpointMutation for a lazily loaded declaration. */
export function useLazyEndpointMutation<E extends AnyEndpoint>(lazy: LazyEndpoint<E>) {
  const environment = useLazyEnvironmentOf(lazy);
  const queryClient = useQueryClient();
  return useMutation<ResponseOfEndpoint<E>, Error, RequestBody<E>>({
    mutationFn: async (body) => callEndpoint(await lazy.load(), { environment, body }),
    onSuccess: () =>
      Promise.all(
        [environment, GLOBAL_SCOPE].map((scope) =>
          queryClient.invalidateQueries({ queryKey: featureKey(lazy.feature, scope) }),
        ),
      ),
  });
}
