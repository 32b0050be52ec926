import { api } from '@console/domain';
import { useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';

/**
 * How often an open delivery log reloads: deliveries run on the job queue after the call that sent them has
 * answered, and retries come later still.
 */
export const DELIVERY_LOG_REFRESH_MS = 3_000;

/** The list, asked only of those who may read it (`isAllowed`): others are told why instead of refused. */
export const useWebhookListQuery = (isAllowed: boolean) =>
  useEndpointQuery(api.webhooks.list, undefined, { enabled: isAllowed });
export const useCreateWebhookMutation = () => useEndpointMutation(api.webhooks.create);
export const useSaveWebhookMutation = () => useEndpointMutation(api.webhooks.save, { reloadsOnError: true });
export const useDeleteWebhookMutation = () =>
  useEndpointMutation(api.webhooks.delete, { reloadsOnError: true });
export const useRotateWebhookSecretMutation = () => useEndpointMutation(api.webhooks.rotate);
export const useSendTestEventMutation = () => useEndpointMutation(api.webhooks.test);
export const useRedeliverMutation = () => useEndpointMutation(api.webhooks.redeliver);

/** How often each listed subscription's last delivery reloads. */
export const LAST_DELIVERY_REFRESH_MS = 15_000;

/** A subscription's latest deliveries, newest first, each with its attempts. */
export const useDeliveryLogQuery = (id: string) =>
  useEndpointQuery(api.webhooks.deliveries, { id }, { refetchInterval: DELIVERY_LOG_REFRESH_MS });

/**
 * A subscription's latest delivery alone (the list's column): reloaded as often as an open log while it is
 * pending, less often once it has settled.
 */
export const useLastDeliveryQuery = (id: string) =>
  useEndpointQuery(
    api.webhooks.deliveries,
    { id, limit: 1 },
    {
      refetchInterval: (query) =>
        query.state.data?.[0]?.state === 'pending' ? DELIVERY_LOG_REFRESH_MS : LAST_DELIVERY_REFRESH_MS,
    },
  );
