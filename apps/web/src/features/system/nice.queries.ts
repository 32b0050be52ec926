import { niceConfigResponseSchema, type SetNiceConfigRequest } from '@console/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';

/** Keys start with the environment: the screen loads on open and whenever the environment changes. */
export const niceKeys = {
  all: ['nice'] as const,
  config: (environment: string) => [...niceKeys.all, environment, 'config'] as const,
};

export function useNiceConfigQuery() {
  const { active } = useActiveEnvironment();
  return useQuery({
    queryKey: niceKeys.config(active),
    queryFn: ({ signal }) =>
      apiCall('/api/nice/get', { environment: active, schema: niceConfigResponseSchema, signal }),
  });
}

export function useSaveNiceConfigMutation() {
  const { active } = useActiveEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SetNiceConfigRequest) =>
      apiCall('/api/nice/set', { environment: active, body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: niceKeys.config(active) }),
  });
}
