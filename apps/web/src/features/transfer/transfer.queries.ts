import { api, type TransferPreviewRequest, type TransferRequest } from '@console/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../api/client.ts';

/**
 * The preview and the transfer are actions the operator starts, so they are mutations.
 * `?configuration=` carries the source, not the active environment.
 */
export function usePreviewTransferMutation() {
  return useMutation({
    mutationFn: (body: TransferPreviewRequest) =>
      callEndpoint(api.transfer.preview, { environment: body.from, body }),
  });
}

export function useTransferMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferRequest) =>
      callEndpoint(api.transfer.transfer, { environment: body.from, body }),
    // Any screen's data of the destination may have changed.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
