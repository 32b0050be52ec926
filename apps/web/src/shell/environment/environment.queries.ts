import {
  DEFAULT_ENVIRONMENT_DESCRIPTION,
  environmentListSchema,
  environmentSchema,
  type SaveEnvironmentRequest,
} from '@console/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';

export const environmentKeys = {
  all: ['environment'] as const,
  list: () => [...environmentKeys.all, 'list'] as const,
};

export function useEnvironmentListQuery() {
  return useQuery({
    queryKey: environmentKeys.list(),
    queryFn: ({ signal }) => apiCall('/api/configuration/list', { schema: environmentListSchema, signal }),
  });
}

export function useCreateEnvironmentMutation() {
  return useMutation({
    mutationFn: (configurationId: string) => {
      const request: SaveEnvironmentRequest = {
        configurationId,
        description: DEFAULT_ENVIRONMENT_DESCRIPTION,
      };
      return apiCall('/api/configuration/save', { body: request, schema: environmentSchema });
    },
  });
}
