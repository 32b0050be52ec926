import { api } from '@console/domain/endpoints';
import type { Webhook, WebhookDelivery } from '@console/domain/webhooks';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { Page } from '../../components/Page.tsx';
import { QueryContent } from '../../components/QueryContent.tsx';
import { setOrDelete, useViewState } from '../../components/useViewState.ts';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';
import { ErrorBanner } from '../../shell/feedback/ErrorBanner.tsx';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { useErrorBanner, useReportQueryError } from '../../shell/feedback/useErrorBanner.ts';
import { NeedsRight, useMissingRight } from '../../shell/session/rights.tsx';
import { DeliveryLog } from './DeliveryLog.tsx';
import { SigningSecretDialog } from './SigningSecretDialog.tsx';
import { SubscriptionDialog, type SubscriptionDialogState } from './SubscriptionDialog.tsx';
import { SubscriptionTable } from './SubscriptionTable.tsx';
import {
  useDeleteWebhookMutation,
  useRedeliverMutation,
  useSaveWebhookMutation,
  useSendTestEventMutation,
  useWebhookListQuery,
} from './webhooks.queries.ts';

/** The subscription whose delivery log is open, in the URL (`?subscription=<id>`), so a link or a reload shows it. */
const readShown = (params: URLSearchParams) => params.get('subscription');
const writeShown = (params: URLSearchParams, id: string | null) =>
  setOrDelete(params, 'subscription', id ?? '');

/**
 * Webhooks (environment menu, admins): the active environment's subscriptions, what each receives where, and
 * each one's delivery log with Redeliver. The signing secret is shown once, when the subscription is created
 * or its secret replaced.
 */
export function WebhooksPage() {
  const { active: environment } = useActiveEnvironment();
  // Subscriptions are their environment's admins' alone: the others see why, and no refused call.
  const missingRight = useMissingRight(api.webhooks.list);
  const [shownId, setShownId] = useViewState(readShown, writeShown);
  const list = useWebhookListQuery(missingRight === undefined, shownId !== null);
  const save = useSaveWebhookMutation();
  const remove = useDeleteWebhookMutation();
  const sendTest = useSendTestEventMutation();
  const redeliver = useRedeliverMutation();
  const { confirm, toast } = useGlobalUi();
  const banner = useErrorBanner();
  useReportQueryError(banner, list.error);
  const [editing, setEditing] = useState<SubscriptionDialogState | null>(null);
  // The secret lives here only while its dialog is open; the shell remounts the screen on an environment switch.
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);

  const switchOne = (subscription: Webhook) =>
    // One switch at a time: a second mutate() would replace the first one's callbacks and lose its error.
    save.mutate(
      {
        id: subscription.id,
        name: subscription.name,
        url: subscription.url,
        events: subscription.events,
        format: subscription.format,
        enabled: !subscription.enabled,
      },
      {
        onSuccess: (saved) =>
          toast(`Subscription ${saved.name} ${saved.enabled ? 'enabled' : 'disabled'}`, 'success', {
            kind: `webhooks.enabled.${saved.id}`,
          }),
        onError: banner.report,
      },
    );
  const deleteOne = async (subscription: Webhook) => {
    const isConfirmed = await confirm({
      title: `Delete subscription ${subscription.name}?`,
      message: `${subscription.url} receives nothing more from ${environment}, and its delivery log is deleted with it.`,
    });
    if (!isConfirmed) return;
    try {
      await remove.mutateAsync({ id: subscription.id });
      if (shownId === subscription.id) setShownId(null);
      // its row and the Delete that had the focus are gone
      newButton.current?.focus();
      toast(`Subscription ${subscription.name} deleted`);
    } catch (error) {
      banner.report(error);
    }
  };
  const sendTestTo = async (subscription: Webhook) => {
    try {
      await sendTest.mutateAsync({ id: subscription.id });
      setShownId(subscription.id);
      toast(`Test event queued for ${subscription.name}: its delivery log shows the attempt`);
    } catch (error) {
      banner.report(error);
    }
  };
  const redeliverOne = async (subscription: Webhook, delivery: WebhookDelivery) => {
    try {
      await redeliver.mutateAsync({ id: subscription.id, delivery: delivery.id });
      toast('Redelivery queued: the log shows its attempt');
    } catch (error) {
      banner.report(error);
    }
  };

  return (
    <Page
      title="Webhooks"
      actions={
        <NeedsRight endpoint={api.webhooks.create}>
          <Button ref={newButton} variant="contained" onClick={() => setEditing({ mode: 'create' })}>
            New subscription
          </Button>
        </NeedsRight>
      }
    >
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        A subscription tells another system what changes in {environment}: publishes, runtime keys, roles,
        environments. Each delivery is signed per Standard Webhooks (webhook-id, webhook-timestamp,
        webhook-signature) or sent as a Slack message; a subscription failing for a day is disabled, saying
        why.
      </Typography>
      {missingRight !== undefined && (
        <Alert severity="info">
          {missingRight}: ask an admin of {environment}.
        </Alert>
      )}
      {missingRight === undefined && (
        <QueryContent query={list} what="Webhook subscriptions">
          {(subscriptions) => {
            const shown = subscriptions.find((subscription) => subscription.id === shownId) ?? null;
            return (
              <>
                <SubscriptionTable
                  subscriptions={subscriptions}
                  shown={shown?.id ?? null}
                  isSwitching={save.isPending}
                  onSwitch={switchOne}
                  onShowLog={(subscription) =>
                    setShownId(shown?.id === subscription.id ? null : subscription.id)
                  }
                  onSendTest={(subscription) => void sendTestTo(subscription)}
                  onEdit={(subscription) => setEditing({ mode: 'edit', subscription })}
                  onDelete={(subscription) => void deleteOne(subscription)}
                />
                {shown ? (
                  <DeliveryLog
                    key={shown.id}
                    subscription={shown}
                    isRedelivering={redeliver.isPending}
                    onRedeliver={(delivery) => void redeliverOne(shown, delivery)}
                  />
                ) : shownId !== null ? (
                  <Alert severity="info">
                    Subscription {shownId} not found in {environment}: it was deleted, or belongs to another
                    environment
                  </Alert>
                ) : null}
              </>
            );
          }}
        </QueryContent>
      )}
      <SubscriptionDialog state={editing} onClose={() => setEditing(null)} onCreated={setCreated} />
      <SigningSecretDialog
        created={created}
        onClose={() => setCreated(null)}
        onClosed={() => newButton.current?.focus()}
      />
    </Page>
  );
}
