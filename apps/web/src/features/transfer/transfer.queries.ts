import { api } from '@console/domain/endpoints';
import { useEndpointMutation } from '../../api/hooks.ts';

// The preview and the transfer are actions the operator starts, so they are mutations.
// `?configuration=` carries the source, not the active environment.

export const usePreviewTransferMutation = () =>
  useEndpointMutation(api.transfer.preview, { reloads: 'nothing', environmentOf: (body) => body.from });

/** Any screen's data of the destination may have changed. */
export const useTransferMutation = () =>
  useEndpointMutation(api.transfer.transfer, { reloads: 'everything', environmentOf: (body) => body.from });
