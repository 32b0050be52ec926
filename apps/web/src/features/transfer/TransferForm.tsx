import { api } from '@console/domain/endpoints';
import { ENVIRONMENT_FILE_GROUPS } from '@console/domain/environment-file';
import { TRANSFER_GROUP_NAMES, TRANSFER_MODE_LABELS, TransferMode } from '@console/domain/operations';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { Controller } from 'react-hook-form';
import { PlainSelectField } from '../../components/form/PlainSelectField.tsx';
import { RadioChoiceField } from '../../components/form/RadioChoiceField.tsx';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';
import { NeedsRight } from '../../shell/session/rights.tsx';
import { TransferChoices } from './TransferChoices.tsx';
import {
  ExportEnvironmentButton,
  TransferFilePicker,
  TransferSourceKindChoice,
} from './TransferFileSource.tsx';
import type { TransferState } from './useTransfer.ts';

const MODE_OPTIONS = [TransferMode.Overwrite, TransferMode.Merge].map((value) => ({
  value,
  label: TRANSFER_MODE_LABELS[value],
}));

/** Source, destination, mode and the groups that travel; Preview, and Transfer once a preview is shown. */
export function TransferForm({
  transfer,
  onError,
}: {
  transfer: TransferState;
  onError(error: unknown): void;
}) {
  const { environments } = useActiveEnvironment();
  const { form, chosen } = transfer;
  const isFile = transfer.sourceKind === 'file';
  const { control, getValues, setValue } = form;
  return (
    <Stack
      component="form"
      onSubmit={transfer.runPreview}
      noValidate
      spacing={2}
      sx={{ maxWidth: 640, mb: 3 }}
    >
      <TransferSourceKindChoice value={transfer.sourceKind} onChange={transfer.chooseSourceKind} />
      {isFile ? (
        <TransferFilePicker file={transfer.file} onFile={transfer.setFile} onError={onError} />
      ) : null}
      <Controller
        name="from"
        control={control}
        render={({ field, fieldState }) => (
          <PlainSelectField
            {...field}
            label="Source"
            sx={isFile ? { display: 'none' } : undefined}
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
          </PlainSelectField>
        )}
      />
      <Controller
        name="to"
        control={control}
        render={({ field, fieldState }) => (
          <PlainSelectField
            {...field}
            label="Destination"
            error={fieldState.error !== undefined}
            helperText={fieldState.error ? 'Choose a destination other than the source' : undefined}
          >
            {environments.map((id) => (
              // The source is disabled as a destination
              <MenuItem key={id} value={id} disabled={!isFile && id === chosen.from}>
                {id}
              </MenuItem>
            ))}
          </PlainSelectField>
        )}
      />
      <Controller
        name="mode"
        control={control}
        render={({ field }) => (
          <FormControl>
            <FormLabel id="transfer-mode-label">Mode</FormLabel>
            <RadioChoiceField
              ref={field.ref}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              labelledBy="transfer-mode-label"
              options={MODE_OPTIONS}
            />
          </FormControl>
        )}
      />
      <TransferChoices
        control={control}
        mode={chosen.mode}
        groupNames={isFile ? ENVIRONMENT_FILE_GROUPS : TRANSFER_GROUP_NAMES}
      />
      <Stack direction="row" spacing={2}>
        <Button
          type="submit"
          variant="outlined"
          disabled={transfer.isPreviewing || form.formState.isSubmitting}
        >
          Preview
        </Button>
        {/* The destination decides (operator, admin when it is protected) */}
        <NeedsRight endpoint={isFile ? api.transfer.import : api.transfer.transfer} environment={chosen.to}>
          <Button
            variant="contained"
            color={chosen.mode === TransferMode.Overwrite ? 'warning' : 'primary'}
            disabled={!transfer.shownPreview || transfer.isRefused || transfer.isTransferring}
            onClick={transfer.askOrTransfer}
          >
            {isFile ? 'Import' : 'Transfer'}
          </Button>
        </NeedsRight>
        {isFile ? null : <ExportEnvironmentButton environment={chosen.from} onError={onError} />}
      </Stack>
    </Stack>
  );
}
