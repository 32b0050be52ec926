import { api } from '@console/domain/endpoints';
import {
  type CreateWebhookRequest,
  createWebhookRequestSchema,
  WEBHOOK_NAME_MAX_LENGTH,
  WEBHOOK_URL_MAX_LENGTH,
  type Webhook,
} from '@console/domain/webhooks';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { CheckboxFormField } from '../../components/form/CheckboxFormField.tsx';
import { CheckboxGroupFormField } from '../../components/form/CheckboxGroupFormField.tsx';
import { FormScope } from '../../components/form/FormScope.tsx';
import { SelectFormField } from '../../components/form/SelectFormField.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { showServerFieldError } from '../../components/form/serverFieldError.ts';
import { TextFormField } from '../../components/form/TextFormField.tsx';
import { useSchemaForm } from '../../components/form/useSchemaForm.ts';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { NeedsRight } from '../../shell/session/rights.tsx';
import { WEBHOOK_EVENT_OPTIONS, WEBHOOK_FIELD_LABELS, WEBHOOK_FORMAT_OPTIONS } from './webhooks.labels.ts';
import {
  useCreateWebhookMutation,
  useRotateWebhookSecretMutation,
  useSaveWebhookMutation,
} from './webhooks.queries.ts';

/** What the dialog edits: a new subscription, or one of the list. */
export type SubscriptionDialogState = { mode: 'create' } | { mode: 'edit'; subscription: Webhook };

interface SubscriptionDialogProps {
  state: SubscriptionDialogState | null;
  onClose(): void;
  /** A subscription was created, or its secret replaced: the secret, shown once. */
  onCreated(created: { name: string; secret: string }): void;
}

/** 'New subscription' and 'Edit subscription': the same fields, checked by the same domain schema as the server. */
export function SubscriptionDialog({ state, onClose, onCreated }: SubscriptionDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={state !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {state?.mode === 'edit' ? `Edit subscription ${state.subscription.name}` : 'New subscription'}
      </DialogTitle>
      {/* Mounted only while open, so each opening starts from what it edits. */}
      {state && <SubscriptionForm state={state} onClose={onClose} onCreated={onCreated} />}
    </Dialog>
  );
}

const FIELDS = ['name', 'url', 'events', 'format', 'enabled'] as const;

const valuesOf = (state: SubscriptionDialogState): CreateWebhookRequest =>
  state.mode === 'edit'
    ? {
        name: state.subscription.name,
        url: state.subscription.url,
        events: [...state.subscription.events],
        format: state.subscription.format,
        enabled: state.subscription.enabled,
      }
    : { name: '', url: 'https://', events: [], format: 'standard', enabled: true };

function SubscriptionForm({
  state,
  onClose,
  onCreated,
}: {
  state: SubscriptionDialogState;
  onClose(): void;
  onCreated(created: { name: string; secret: string }): void;
}) {
  const { confirm, toast } = useGlobalUi();
  const create = useCreateWebhookMutation();
  const save = useSaveWebhookMutation();
  const rotate = useRotateWebhookSecretMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useSchemaForm(createWebhookRequestSchema, {
    defaultValues: valuesOf(state),
    labels: WEBHOOK_FIELD_LABELS,
  });
  const isPending = create.isPending || save.isPending || rotate.isPending;

  // A refusal naming a field (an address the server will not call) is shown on it; others above the fields.
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.isHandledGlobally) return;
    if (showServerFieldError(error, form.setError, [...FIELDS], WEBHOOK_FIELD_LABELS)) return;
    setRefusal(error instanceof Error ? error.message : String(error));
  };
  const submit = async (request: CreateWebhookRequest) => {
    setRefusal(null);
    try {
      if (state.mode === 'edit') {
        await save.mutateAsync({ id: state.subscription.id, ...request });
        toast(`Subscription ${request.name} saved`);
        onClose();
      } else {
        const created = await create.mutateAsync(request);
        onClose();
        onCreated({ name: created.name, secret: created.secret });
      }
    } catch (error) {
      onError(error);
    }
  };

  const rotateSecret = async (subscription: Webhook) => {
    const isConfirmed = await confirm({
      title: `Replace the signing secret of ${subscription.name}?`,
      message:
        'Deliveries are signed with the new secret from now on: the receiver refuses them until it has it.',
    });
    if (!isConfirmed) return;
    setRefusal(null);
    try {
      const rotated = await rotate.mutateAsync({ id: subscription.id });
      onClose();
      onCreated({ name: rotated.name, secret: rotated.secret });
    } catch (error) {
      onError(error);
    }
  };

  return (
    <FormScope form={form}>
      <form onSubmit={form.handleSubmit(submit)} noValidate>
        <DialogContent sx={{ pt: 1 }}>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {refusal && <Alert severity="error">{refusal}</Alert>}
            <TextFormField
              name="name"
              label={WEBHOOK_FIELD_LABELS.name}
              maxLength={WEBHOOK_NAME_MAX_LENGTH}
              autoFocus
              fullWidth
            />
            <TextFormField
              name="url"
              label={WEBHOOK_FIELD_LABELS.url}
              type="url"
              maxLength={WEBHOOK_URL_MAX_LENGTH}
              hint="https only; the console refuses addresses of private networks"
              fullWidth
            />
            <SelectFormField
              name="format"
              label={WEBHOOK_FIELD_LABELS.format}
              options={WEBHOOK_FORMAT_OPTIONS}
            />
            <CheckboxGroupFormField
              name="events"
              label={WEBHOOK_FIELD_LABELS.events}
              options={WEBHOOK_EVENT_OPTIONS}
            />
            <CheckboxFormField name="enabled" label={WEBHOOK_FIELD_LABELS.enabled} />
          </Stack>
        </DialogContent>
        <DialogActions>
          {state.mode === 'edit' && (
            <NeedsRight endpoint={api.webhooks.rotate}>
              <Button
                sx={{ mr: 'auto' }}
                aria-disabled={isPending || undefined}
                onClick={() => {
                  if (!isPending) void rotateSecret(state.subscription);
                }}
              >
                Replace secret
              </Button>
            </NeedsRight>
          )}
          <Button onClick={onClose}>Cancel</Button>
          <SubmitButton
            isPending={isPending}
            endpoint={state.mode === 'edit' ? api.webhooks.save : api.webhooks.create}
          >
            {state.mode === 'edit' ? 'Save' : 'Create'}
          </SubmitButton>
        </DialogActions>
      </form>
    </FormScope>
  );
}
