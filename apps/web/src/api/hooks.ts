import type {
  AnyEndpoint,
  EndpointScope,
  PathParams,
  RequestBody,
  ResponseOfEndpoint,
} from '@console/domain/api';
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
> & {
  params?: PathParams<E>;
  /** The environment to read in when it is not the active one (a change request's, from its review screen). */
  environment?: string | undefined;
};

/** Reads a declared endpoint in the active environment (or the one given). */
export function useEndpointQuery<E extends AnyEndpoint, TSelected = ResponseOfEndpoint<E>>(
  endpoint: E,
  body?: RequestBody<E>,
  { params, environment: given, ...options }: QueryOptions<E, TSelected> = {},
) {
  const active = useEnvironmentOf(endpoint);
  const environment = endpoint.scope === 'environment' && given !== undefined ? given : active;
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

/** What reloads after a change made through the generic mutation hooks. */
export interface EndpointMutationOptions<Body> {
  /** Other features whose queries reload too, besides the endpoint's own. */
  invalidates?: readonly string[];
  /**
   * 'feature' (the default): the endpoint's feature and `invalidates`; 'nothing': a read the operator starts
   * (a preview, a validation), which changes nothing; 'everything': a change any screen may show (a transfer).
   */
  reloads?: 'feature' | 'nothing' | 'everything';
  /** Reload when the call failed too: a refused change usually means the screen was stale. */
  reloadsOnError?: boolean;
  /** The environment the call acts on when it is not the active one (a transfer acts on its source). */
  environmentOf?: (body: Body) => string;
}

/**
 * The one mutation of the app: `call` in an environment, then the reload the options ask for (its
 * features' queries of that environment and their global ones), waited for, so the caller's onSuccess
 * sees fresh data.
 */
function useCallAndReload<Variables, Answer>(
  features: readonly string[],
  call: (variables: Variables, environment: string) => Promise<Answer>,
  activeEnvironment: string,
  {
    invalidates = [],
    reloads = 'feature',
    reloadsOnError = false,
    environmentOf,
  }: Omit<EndpointMutationOptions<never>, 'environmentOf'> & {
    environmentOf?: ((variables: Variables) => string) | undefined;
  },
) {
  const queryClient = useQueryClient();
  const reload = async (variables: Variables) => {
    if (reloads === 'nothing') return;
    if (reloads === 'everything') return queryClient.invalidateQueries();
    const environment = environmentOf?.(variables) ?? activeEnvironment;
    await Promise.all(
      [...features, ...invalidates].flatMap((feature) =>
        [environment, GLOBAL_SCOPE].map((scope) =>
          queryClient.invalidateQueries({ queryKey: featureKey(feature, scope) }),
        ),
      ),
    );
  };
  return useMutation<Answer, Error, Variables>({
    mutationFn: (variables) => call(variables, environmentOf?.(variables) ?? activeEnvironment),
    onSuccess: (_answer, variables) => reload(variables),
    ...(reloadsOnError ? { onError: (_error: Error, variables: Variables) => reload(variables) } : {}),
  });
}

/**
 * Changes something through a declared endpoint in the active environment; on success the
 * endpoint's own feature reloads, and so do the features listed in `invalidates` (their calls of
 * the active environment and their global ones). Every change the screens make goes through here.
 */
export function useEndpointMutation<E extends AnyEndpoint>(
  endpoint: E,
  options: EndpointMutationOptions<RequestBody<E>> = {},
) {
  const environment = useEnvironmentOf(endpoint);
  return useCallAndReload<RequestBody<E>, ResponseOfEndpoint<E>>(
    [endpoint.feature],
    (body, target) => callEndpoint(endpoint, { environment: target, body }),
    environment,
    options,
  );
}

/**
 * useEndpointMutation for a family of endpoints (one per configuration kind): each call names its member
 * (`{ of: kind, body }`), so one hook acts on rows of every kind. The members share a feature.
 */
export function useEndpointFamilyMutation<Member, E extends AnyEndpoint>(
  endpointOf: (member: Member) => E,
  feature: string,
  options: Omit<EndpointMutationOptions<never>, 'environmentOf'> = {},
) {
  const environment = useContext(ActiveEnvironmentContext)?.active;
  if (environment === undefined) throw new Error(`${feature} calls must be made inside EnvironmentProvider`);
  return useCallAndReload<{ of: Member; body: RequestBody<E> }, ResponseOfEndpoint<E>>(
    [feature],
    ({ of, body }, target) => callEndpoint(endpointOf(of), { environment: target, body }),
    environment,
    options,
  );
}

/**
 * One declared endpoint called for several bodies at once (a draft's entries), answering in their order;
 * a read by default (nothing reloads).
 */
export function useEndpointBatchMutation<E extends AnyEndpoint>(
  endpoint: E,
  { reloads = 'nothing', ...options }: Omit<EndpointMutationOptions<never>, 'environmentOf'> = {},
) {
  const environment = useEnvironmentOf(endpoint);
  return useCallAndReload<readonly RequestBody<E>[], ResponseOfEndpoint<E>[]>(
    [endpoint.feature],
    (bodies, target) =>
      Promise.all(bodies.map((body) => callEndpoint(endpoint, { environment: target, body }))),
    environment,
    { reloads, ...options },
  );
}

/**
 * A declared endpoint whose declaration (with its zod schemas) loads on first use. The shell's own calls
 * use it so that zod and the endpoint table stay out of the first load (docs/decisions/0021);
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
  return useCallAndReload<RequestBody<E>, ResponseOfEndpoint<E>>(
    [lazy.feature],
    async (body, target) => callEndpoint(await lazy.load(), { environment: target, body }),
    environment,
    {},
  );
}
