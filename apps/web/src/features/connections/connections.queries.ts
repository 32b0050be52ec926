import { api } from '@console/domain/endpoints';
import { useQueryClient } from '@tanstack/react-query';
import { featureKey, useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';
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
 * Close the session, then reload the list, whether it worked or not: a refused close usually means the
 * list is stale (the connection already closed).
 */
export const useCloseConnectionMutation = () =>
  useEndpointMutation(api.connections.close, { reloadsOnError: true });
