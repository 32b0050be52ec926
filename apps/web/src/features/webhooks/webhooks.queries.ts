import { api } from '@console/domain/endpoints';
import { useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';

/**
 * How often an open delivery log reloads: deliveries run on the job queue after the call that sent them has
 * answered, and retries come later still.
 */
export const DELIVERY_LOG_REFRESH_MS = 3_000;

/** How often the list, with each subscription's last delivery, reloads while no delivery log is open. */
export const LAST_DELIVERY_REFRESH_MS = 15_000;

/**
 * The list with each subscription's last delivery, asked only of those who may read it (`isAllowed`): others
 * are told why instead of refused. It reloads as often as an open delivery log while one is (`isWatching`).
 */
export const useWebhookListQuery = (isAllowed: boolean, isWatching: boolean) =>
  useEndpointQuery(api.webhooks.list, undefined, {
    enabled: isAllowed,
    refetchInterval: isWatching ? DELIVERY_LOG_REFRESH_MS : LAST_DELIVERY_REFRESH_MS,
  });
export const useCreateWebhookMutation = () => useEndpointMutation(api.webhooks.create);
export const useSaveWebhookMutation = () => useEndpointMutation(api.webhooks.save, { reloadsOnError: true });
export const useDeleteWebhookMutation = () =>
  useEndpointMutation(api.webhooks.delete, { reloadsOnError: true });
export const useRotateWebhookSecretMutation = () => useEndpointMutation(api.webhooks.rotate);
export const useSendTestEventMutation = () => useEndpointMutation(api.webhooks.test);
export const useRedeliverMutation = () => useEndpointMutation(api.webhooks.redeliver);

/** A subscription's latest deliveries, newest first, each with its attempts. */
export const useDeliveryLogQuery = (id: string) =>
  useEndpointQuery(api.webhooks.deliveries, { id }, { refetchInterval: DELIVERY_LOG_REFRESH_MS });
