import { compensationListResponseSchema, type SendConsumableRequest } from '@console/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';

export const compensationKeys = {
  all: ['compensation'] as const,
  list: (environment: string) => [...compensationKeys.all, environment, 'list'] as const,
};

export function useCompensationListQuery() {
  const { active } = useActiveEnvironment();
  return useQuery({
    queryKey: compensationKeys.list(active),
    queryFn: ({ signal }) =>
      apiCall('/api/compensation/list', {
        environment: active,
        schema: compensationListResponseSchema,
        signal,
      }),
  });
}

/** spec §2: the list reloads after sending. */
export function useSendConsumableMutation() {
  const { active } = useActiveEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SendConsumableRequest) =>
      apiCall('/api/compensation/send/consumable', { environment: active, body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: compensationKeys.list(active) }),
  });
}
