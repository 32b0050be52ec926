import { type ActivatePluginRequest, pluginListItemSchema, pluginListResponseSchema } from '@console/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';

/** Keys start with the environment, so switching environment reloads the list. */
export const pluginKeys = {
  all: ['plugin'] as const,
  environment: (environment: string) => [...pluginKeys.all, environment] as const,
  list: (environment: string) => [...pluginKeys.environment(environment), 'list'] as const,
};

export function usePluginListQuery() {
  const { active } = useActiveEnvironment();
  return useQuery({
    queryKey: pluginKeys.list(active),
    queryFn: ({ signal }) =>
      apiCall('/api/plugin/list', { environment: active, schema: pluginListResponseSchema, signal }),
  });
}

/** spec §4: toggling a plugin reloads the list, whether it worked or not. */
export function useActivatePluginMutation() {
  const { active } = useActiveEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ActivatePluginRequest) =>
      apiCall('/api/plugin/activate', { environment: active, body: request, schema: pluginListItemSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pluginKeys.environment(active) }),
  });
}
