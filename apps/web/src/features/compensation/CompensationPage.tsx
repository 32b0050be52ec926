import { api } from '@console/domain/endpoints';
import {
  COMPENSATION_AMOUNT_MIN,
  type CompensationList,
  SEND_CONSUMABLE_LABELS,
  type SendConsumableRequest,
  sendConsumableRequestSchema,
} from '@console/domain/operations';
import MenuItem from '@mui/material/MenuItem';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { Form } from '../../components/form/Form.tsx';
import { NumberFormField } from '../../components/form/NumberFormField.tsx';
import { PlainSelectField } from '../../components/form/PlainSelectField.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { UserIdFormField } from '../../components/form/UserIdFormField.tsx';
import { useIdempotencyKey } from '../../components/form/useIdempotencyKey.ts';
import { useSchemaForm } from '../../components/form/useSchemaForm.ts';
import { useUnsavedChangesGuard } from '../../components/form/useUnsavedChangesGuard.ts';
import { Page } from '../../components/Page.tsx';
import { QueryContent } from '../../components/QueryContent.tsx';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';
import { ErrorBanner } from '../../shell/feedback/ErrorBanner.tsx';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { useErrorBanner, useReportQueryError } from '../../shell/feedback/useErrorBanner.ts';
import { useCompensationListQuery, useSendConsumableMutation } from './compensation.queries.ts';

// The chooser's first option is a prompt: '' until an item is chosen, which the schema refuses.
type SendConsumableInput = Omit<z.input<typeof sendConsumableRequestSchema>, 'item'> & { item: string };
const sendConsumableFormSchema = sendConsumableRequestSchema as z.ZodType<
  SendConsumableRequest,
  SendConsumableInput
>;

/**
 * User Compensation: send a consumable to a player of the active environment. Send
 * asks first, clears the form after success, and retries of one send carry one idempotency key.
 */
export function CompensationPage() {
  const list = useCompensationListQuery();
  const banner = useErrorBanner();
  useReportQueryError(banner, list.error);

  return (
    <Page title="User Compensation">
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
      <QueryContent query={list} what="Consumables">
        {(data) => <SendConsumableForm list={data} onError={banner.report} />}
      </QueryContent>
    </Page>
  );
}

function SendConsumableForm({ list, onError }: { list: CompensationList; onError(error: unknown): void }) {
  const { active: environment } = useActiveEnvironment();
  const { confirm, toast } = useGlobalUi();
  const send = useSendConsumableMutation();
  const idempotency = useIdempotencyKey();
  const form = useSchemaForm(sendConsumableFormSchema, {
    defaultValues: { userId: '', item: '', amount: COMPENSATION_AMOUNT_MIN },
    labels: SEND_CONSUMABLE_LABELS,
  });
  useUnsavedChangesGuard(form, 'compensation');

  const submit = async (request: SendConsumableRequest) => {
    // Taken before asking, so a retry of the same values (after a lost answer) repeats the same send.
    const idempotencyKey = idempotency.keyFor(request);
    const isConfirmed = await confirm({
      title: `Send ${request.amount} × ${request.item} to player ${request.userId}?`,
      message: `The grant is kept in ${environment} until the game server gives it to the player.`,
    });
    if (!isConfirmed) return;
    send.mutate(
      { ...request, idempotencyKey },
      {
        onSuccess: (grant) => {
          idempotency.settle();
          form.reset();
          toast(`Sent ${grant.amount} ${grant.item} to ${grant.userId}`);
        },
        onError,
      },
    );
  };

  return (
    <Form form={form} onSubmit={submit}>
      <UserIdFormField />
      <Controller
        name="item"
        control={form.control}
        render={({ field, fieldState }) => (
          <PlainSelectField
            {...field}
            label={SEND_CONSUMABLE_LABELS.item}
            onChange={(event) => {
              const item = event.target.value;
              field.onChange(item);
              // Choosing an item prefills Amount with its default amount.
              const amount = list.consumables[item];
              if (amount !== undefined) form.setValue('amount', amount, { shouldValidate: true });
            }}
            error={fieldState.error !== undefined}
            helperText={fieldState.error ? 'Choose an item' : undefined}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">Choose an item...</MenuItem>
            {Object.keys(list.consumables).map((name) => (
              <MenuItem key={name} value={name}>
                {name}
              </MenuItem>
            ))}
          </PlainSelectField>
        )}
      />
      <NumberFormField name="amount" label={SEND_CONSUMABLE_LABELS.amount} />
      <SubmitButton isPending={send.isPending} endpoint={api.compensation.sendConsumable}>
        Send
      </SubmitButton>
    </Form>
  );
}
