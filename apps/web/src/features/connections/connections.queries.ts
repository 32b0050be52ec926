import { type AnyEndpoint, api, type RequestBody } from '@console/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../api/client.ts';
import { featureKey, useEndpointQuery } from '../../api/hooks.ts';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';

export const useConnectionListQuery = () => useEndpointQuery(api.connections.list);

/** Reload button: every list of the screen (connections, game servers) reloads. */
export function useReloadConnectionsScreen() {
  const { active } = useActiveEnvironment();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: featureKey(api.connections.list.feature, active) });
}

/** How often the game servers' reports reload while the screen is open: a change is seen reaching them. */
export const GAME_SERVERS_REFRESH_MS = 10_000;

export const useGameServerListQuery = () =>
  useEndpointQuery(api.connections.gameServers, undefined, { refetchInterval: GAME_SERVERS_REFRESH_MS });

/**
 * A change whose lists reload whether it worked or not: a refused Delete or Revoke usually means the
 * list is stale (the connection already closed, the key already revoked).
 */
export function useReloadingMutation<E extends AnyEndpoint>(endpoint: E, features: readonly string[]) {
  const { active } = useActiveEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestBody<E>) => callEndpoint(endpoint, { environment: active, body }),
    onSettled: () =>
      Promise.all(
        features.map((feature) => queryClient.invalidateQueries({ queryKey: featureKey(feature, active) })),
      ),
  });
}

/** Close the session, then reload the list. */
export const useCloseConnectionMutation = () =>
  useReloadingMutation(api.connections.close, [api.connections.close.feature]);
