import {
  type TransferPreviewRequest,
  type TransferRequest,
  transferPreviewResponseSchema,
  transferResultSchema,
} from '@console/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';

/**
 * The preview and the transfer are actions the operator starts, so they are mutations; the keys
 * name them per active environment. spec §7: `?configuration=` carries the source.
 */
export const transferKeys = {
  all: ['transfer'] as const,
  preview: (environment: string) => [...transferKeys.all, environment, 'preview'] as const,
  run: (environment: string) => [...transferKeys.all, environment, 'run'] as const,
};

export function usePreviewTransferMutation() {
  const { active } = useActiveEnvironment();
  return useMutation({
    mutationKey: transferKeys.preview(active),
    mutationFn: (request: TransferPreviewRequest) =>
      apiCall('/api/configuration/transfer/preview', {
        environment: request.from,
        body: request,
        schema: transferPreviewResponseSchema,
      }),
  });
}

export function useTransferMutation() {
  const { active } = useActiveEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: transferKeys.run(active),
    mutationFn: (request: TransferRequest) =>
      apiCall('/api/configuration/transfer', {
        environment: request.from,
        body: request,
        schema: transferResultSchema,
      }),
    // Any screen's data of the destination may have changed.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
