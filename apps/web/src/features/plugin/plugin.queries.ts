import { type ActivatePluginRequest, api } from '@console/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../api/client.ts';
import { featureKey, useEndpointQuery } from '../../api/hooks.ts';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';

export const usePluginListQuery = () => useEndpointQuery(api.plugin.list);

/** spec §4: toggling a plugin reloads the list, whether it worked or not. */
export function useActivatePluginMutation() {
  const { active } = useActiveEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ActivatePluginRequest) =>
      callEndpoint(api.plugin.activate, { environment: active, body }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: featureKey(api.plugin.activate.feature, active) }),
  });
}
