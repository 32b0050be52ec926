import { DEFAULT_ENVIRONMENT_DESCRIPTION, type SaveEnvironmentRequest } from '@console/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';
import { shellSchemas } from '../shellSchemas.ts';

export const environmentKeys = {
  all: ['environment'] as const,
  list: () => [...environmentKeys.all, 'list'] as const,
};

export function useEnvironmentListQuery() {
  return useQuery({
    queryKey: environmentKeys.list(),
    queryFn: ({ signal }) =>
      apiCall('/api/configuration/list', {
        schema: shellSchemas().then((schemas) => schemas.environmentListSchema),
        signal,
      }),
  });
}

export function useCreateEnvironmentMutation() {
  return useMutation({
    mutationFn: (configurationId: string) => {
      const request: SaveEnvironmentRequest = {
        configurationId,
        description: DEFAULT_ENVIRONMENT_DESCRIPTION,
      };
      return apiCall('/api/configuration/save', {
        body: request,
        schema: shellSchemas().then((schemas) => schemas.environmentSchema),
      });
    },
  });
}
