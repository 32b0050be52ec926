import {
  api,
  countTransferOperations,
  TRANSFER_GROUP_NAMES,
  TRANSFER_MODE_LABELS,
  TransferMode,
  type TransferPreviewRequest,
  transferPreviewRequestSchema,
} from '@console/domain';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { TypeToConfirmDialog } from '../../components/dialogs/TypeToConfirmDialog.tsx';
import { useSchemaForm } from '../../components/form/useSchemaForm.ts';
import { Loading } from '../../components/Loading.tsx';
import { Page } from '../../components/Page.tsx';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';
import { ErrorBanner } from '../../shell/feedback/ErrorBanner.tsx';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { useErrorBanner } from '../../shell/feedback/useErrorBanner.ts';
import { NeedsRight, useIsProtected } from '../../shell/session/rights.tsx';
import { TransferChoices } from './TransferChoices.tsx';
import { TransferDependenciesTable } from './TransferDependenciesTable.tsx';
import { TransferPreviewTables } from './TransferPreviewTables.tsx';
import { usePreviewTransferMutation, useTransferMutation } from './transfer.queries.ts';

const MODES = [TransferMode.Overwrite, TransferMode.Merge] as const;
const HTTP_CONFLICT = 409;

/** The request as sent: every group and carrying (the defaults) are left out. */
function requestOf({
  groups,
  carryDependencies,
  ...request
}: TransferPreviewRequest): TransferPreviewRequest {
  const isEveryGroup = groups === undefined || TRANSFER_GROUP_NAMES.every((name) => groups.includes(name));
  const isCarrying = request.mode !== TransferMode.Merge || carryDependencies !== false;
  return {
    ...request,
    ...(isEveryGroup ? {} : { groups }),
    ...(isCarrying ? {} : { carryDependencies: false }),
  };
}
/**
 * Choices preselected by the address (Environment Comparison's "Transfer selected"):
 * `?from=stable&to=dev&mode=merge&groups=Plugins&plugins=4,7`; unknown values are left to the form.
 */
function preselectedOf(query: URLSearchParams, active: string, environments: readonly string[]) {
  const from = query.get('from');
  const to = query.get('to');
  const mode = query.get('mode');
  const groups = query.getAll('groups').filter((name) => TRANSFER_GROUP_NAMES.includes(name));
  const plugins = (query.get('plugins') ?? '')
    .split(',')
    .filter((id) => /^\d+$/.test(id))
    .map(Number);
  return {
    request: {
      from: from !== null && environments.includes(from) ? from : active,
      to: to !== null && environments.includes(to) ? to : '',
      mode: mode === TransferMode.Merge ? TransferMode.Merge : TransferMode.Overwrite,
      ...(groups.length > 0 ? { groups } : {}),
      ...(plugins.length > 0 ? { plugins } : {}),
    },
    plugins,
  };
}

const sameRequest = (a: TransferPreviewRequest, b: TransferPreviewRequest) =>
  JSON.stringify(requestOf(a)) === JSON.stringify(requestOf(b));

/**
 * Configuration Transfer: choose source, destination and mode, preview per group, then
 * transfer. The Transfer button needs a preview of exactly the chosen source, destination, mode, groups
 * and carry, and none while the preview says what the destination would lack.
 * The source starts as the active environment; a switch remounts the screen, so it starts over.
 */
export function TransferPage() {
  const { active, environments } = useActiveEnvironment();
  const [query] = useSearchParams();
  const [preselected] = useState(() => preselectedOf(query, active, environments));
  const { toast } = useGlobalUi();
  const banner = useErrorBanner();
  const preview = usePreviewTransferMutation();
  const transfer = useTransferMutation();
  const { control, handleSubmit, watch, setValue, getValues, formState } = useSchemaForm(
    transferPreviewRequestSchema,
    { defaultValues: preselected.request },
  );
  const [from, to, mode, groups, carryDependencies, plugins] = watch([
    'from',
    'to',
    'mode',
    'groups',
    'carryDependencies',
    'plugins',
  ]);

  // Changing source or destination discards the preview; so does any other choice it depends on.
  const discardPreview = preview.reset;
  const choices = JSON.stringify(requestOf({ from, to, mode, groups, carryDependencies, plugins }));
  // biome-ignore lint/correctness/useExhaustiveDependencies: discarding is the reaction to a changed choice
  useEffect(() => discardPreview(), [choices, discardPreview]);

  const previewed = preview.variables;
  const isCurrent =
    previewed !== undefined && sameRequest(previewed, { from, to, mode, groups, carryDependencies, plugins });
  const shownPreview = isCurrent ? preview.data : undefined;
  // The server refuses a transfer that leaves the destination lacking what a plugin needs
  const isRefused = (shownPreview?.missing.length ?? 0) > 0;

  const runPreview = handleSubmit((request) =>
    preview.mutate(requestOf(request), { onError: banner.report }),
  );

  // A transfer into a protected environment (prod) asks first, naming it and the counts.
  const [isConfirming, setConfirming] = useState(false);
  const isProtected = useIsProtected(to);
  const askOrTransfer = () => (isProtected ? setConfirming(true) : runTransfer());

  const runTransfer = () => {
    if (!shownPreview || !previewed) return;
    transfer.mutate(
      { ...previewed, previewToken: shownPreview.previewToken },
      {
        onSuccess: (result) => {
          const { create, update, delete: deleted } = result.counts;
          toast(
            `Transferred ${result.from} to ${result.to}: ${create} created, ${update} updated, ${deleted} deleted`,
            'success',
          );
          // The destination is cleared after success
          setValue('to', '');
          discardPreview();
        },
        onError: (error) => {
          banner.report(error);
          // a stale preview cannot be used again: preview anew
          if (error instanceof ApiError && error.status === HTTP_CONFLICT) discardPreview();
        },
      },
    );
  };

  const counts = shownPreview ? countTransferOperations(shownPreview.groups) : undefined;

  return (
    <Page title="Configuration Transfer">
      <Typography sx={{ mb: 2, color: 'text.secondary' }}>
        Copies the content of one environment into another. Overwrite makes the destination equal to the
        source; Merge creates and updates items but keeps those only the destination has.
      </Typography>
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
      {preselected.plugins.length > 0 ? (
        <Typography sx={{ mb: 2 }} role="note">
          {`Selected on Environment Comparison: only plugins ${preselected.plugins.join(', ')} travel, ` +
            'with what they need; the other plugins stay as they are.'}
        </Typography>
      ) : null}
      <Stack component="form" onSubmit={runPreview} noValidate spacing={2} sx={{ maxWidth: 640, mb: 3 }}>
        <Controller
          name="from"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              select
              label="Source"
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message}
              onChange={(event) => {
                field.onChange(event);
                if (event.target.value === getValues('to')) setValue('to', '');
              }}
            >
              {environments.map((id) => (
                <MenuItem key={id} value={id}>
                  {id}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          name="to"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              select
              label="Destination"
              error={fieldState.error !== undefined}
              helperText={fieldState.error ? 'Choose a destination other than the source' : undefined}
            >
              {environments.map((id) => (
                // The source is disabled as a destination
                <MenuItem key={id} value={id} disabled={id === from}>
                  {id}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          name="mode"
          control={control}
          render={({ field }) => (
            <FormControl>
              <FormLabel id="transfer-mode-label">Mode</FormLabel>
              <RadioGroup {...field} row aria-labelledby="transfer-mode-label">
                {MODES.map((value) => (
                  <FormControlLabel
                    key={value}
                    value={value}
                    control={<Radio />}
                    label={TRANSFER_MODE_LABELS[value]}
                  />
                ))}
              </RadioGroup>
            </FormControl>
          )}
        />
        <TransferChoices control={control} mode={mode} />
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="outlined" disabled={preview.isPending || formState.isSubmitting}>
            Preview
          </Button>
          {/* The destination decides (operator, admin when it is protected) */}
          <NeedsRight endpoint={api.transfer.transfer} environment={to}>
            <Button
              variant="contained"
              color={mode === TransferMode.Overwrite ? 'warning' : 'primary'}
              disabled={!shownPreview || isRefused || transfer.isPending}
              onClick={askOrTransfer}
            >
              Transfer
            </Button>
          </NeedsRight>
        </Stack>
      </Stack>
      {preview.isPending ? <Loading /> : null}
      {shownPreview && counts ? (
        <>
          <Typography sx={{ mb: 2 }} role="status">
            {`Preview of ${TRANSFER_MODE_LABELS[mode]} ${from} → ${to}: ${counts.create} to create, ` +
              `${counts.update} to update, ${counts.delete} to delete, ${counts.unchanged} unchanged`}
          </Typography>
          <Stack spacing={3}>
            <TransferDependenciesTable
              dependencies={shownPreview.dependencies}
              missing={shownPreview.missing}
            />
            <TransferPreviewTables groups={shownPreview.groups} />
          </Stack>
          <TypeToConfirmDialog
            open={isConfirming}
            title={`Transfer into ${to}?`}
            message={
              `${TRANSFER_MODE_LABELS[mode]} from ${from}: ${counts.create} to create, ` +
              `${counts.update} to update, ${counts.delete} to delete, ${counts.unchanged} unchanged. ` +
              `Players of ${to} see the change at once.`
            }
            confirmLabel={`Transfer into ${to}`}
            // Overwrite can delete what only the destination has: the operator types its id.
            typedConfirmation={mode === TransferMode.Overwrite ? to : undefined}
            onAnswer={(isConfirmed) => {
              setConfirming(false);
              if (isConfirmed) runTransfer();
            }}
          />
        </>
      ) : null}
    </Page>
  );
}
