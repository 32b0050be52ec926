import {
  COMPENSATION_AMOUNT_MAX,
  COMPENSATION_AMOUNT_MIN,
  type CompensationList,
  type SendConsumableRequest,
  sendConsumableRequestSchema,
  USER_ID_MAX_LENGTH,
} from '@console/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ErrorBanner } from '../../shell/ErrorBanner.tsx';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';
import { useGlobalUi } from '../../shell/globalUi.context.ts';
import { Loading } from '../../shell/Loading.tsx';
import { Page } from '../../shell/Page.tsx';
import { useErrorBanner, useReportQueryError } from '../../shell/useErrorBanner.ts';
import { useCompensationListQuery, useSendConsumableMutation } from './compensation.queries.ts';
import { IntegerField } from './IntegerField.tsx';

// The chooser's first option is a prompt (spec §2): '' until an item is chosen, which the schema refuses.
type SendConsumableInput = Omit<z.input<typeof sendConsumableRequestSchema>, 'item'> & { item: string };

/** spec §2 User Compensation: send a consumable to a player of the active environment. */
export function CompensationPage() {
  const { active } = useActiveEnvironment();
  const list = useCompensationListQuery();
  const banner = useErrorBanner();
  useReportQueryError(banner, list.error);

  return (
    <Page title="User Compensation">
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
      {list.data ? (
        <SendConsumableForm key={active} list={list.data} onError={banner.report} />
      ) : list.isPending && !list.isError ? (
        <Loading />
      ) : null}
    </Page>
  );
}

function SendConsumableForm({ list, onError }: { list: CompensationList; onError(error: unknown): void }) {
  const { toast } = useGlobalUi();
  const send = useSendConsumableMutation();
  const { register, control, handleSubmit, setValue, formState } = useForm<
    SendConsumableInput,
    unknown,
    SendConsumableRequest
  >({
    resolver: zodResolver(
      sendConsumableRequestSchema as z.ZodType<SendConsumableRequest, SendConsumableInput>,
    ),
    defaultValues: { userId: '', item: '', amount: COMPENSATION_AMOUNT_MIN },
  });
  const { errors } = formState;

  const submit = handleSubmit((request) =>
    send.mutate(request, {
      onSuccess: () => toast(`Sent ${request.amount} ${request.item} to ${request.userId}`),
      onError,
    }),
  );

  return (
    <Stack component="form" onSubmit={submit} noValidate spacing={2} sx={{ maxWidth: 480 }}>
      <TextField
        {...register('userId')}
        label="User ID"
        autoComplete="off"
        error={errors.userId !== undefined}
        helperText={errors.userId?.message}
        slotProps={{ htmlInput: { maxLength: USER_ID_MAX_LENGTH } }}
      />
      <Controller
        name="item"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            select
            label="Item"
            onChange={(event) => {
              const item = event.target.value;
              field.onChange(item);
              // spec §2: choosing an item prefills Amount with its default amount.
              const amount = list.consumables[item];
              if (amount !== undefined) setValue('amount', amount, { shouldValidate: true });
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
          </TextField>
        )}
      />
      <IntegerField
        name="amount"
        register={register}
        label="Amount"
        min={COMPENSATION_AMOUNT_MIN}
        max={COMPENSATION_AMOUNT_MAX}
        errorMessage={errors.amount?.message}
      />
      <div>
        <Button type="submit" variant="contained" disabled={send.isPending}>
          Send
        </Button>
      </div>
    </Stack>
  );
}
