import type { AnyEndpoint, PathParams, RequestBody, ResponseOfEndpoint } from '@console/domain';
import {
  type QueryKey,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useActiveEnvironment } from '../shell/environment/environment.context.ts';
import { callEndpoint } from './client.ts';

/**
 * Query keys: [feature, environment, path, params, body]. Every key of a feature starts with
 * [feature, environment], so a mutation reloads its feature and an environment switch reloads all.
 */
export const featureKey = (feature: string, environment: string) => [feature, environment] as const;

export function endpointKey(
  endpoint: AnyEndpoint,
  environment: string,
  body?: unknown,
  params?: unknown,
): QueryKey {
  return [...featureKey(endpoint.feature, environment), endpoint.path, params ?? null, body ?? null];
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
  const { active } = useActiveEnvironment();
  return useQuery({
    queryKey: endpointKey(endpoint, active, body, params),
    queryFn: ({ signal }) =>
      callEndpoint(endpoint, {
        environment: active,
        signal,
        ...(body === undefined ? {} : { body }),
        ...(params === undefined ? {} : { params }),
      }),
    ...options,
  });
}

/**
 * Changes something through a declared endpoint in the active environment; on success the
 * endpoint's own feature reloads, and so do the features listed in `invalidates`.
 */
export function useEndpointMutation<E extends AnyEndpoint>(
  endpoint: E,
  { invalidates = [] }: { invalidates?: readonly string[] } = {},
) {
  const { active } = useActiveEnvironment();
  const queryClient = useQueryClient();
  return useMutation<ResponseOfEndpoint<E>, Error, RequestBody<E>>({
    mutationFn: (body) => callEndpoint(endpoint, { environment: active, body }),
    onSuccess: () =>
      Promise.all(
        [endpoint.feature, ...invalidates].map((feature) =>
          queryClient.invalidateQueries({ queryKey: featureKey(feature, active) }),
        ),
      ),
  });
}
