import {
  ABTEST_DESCRIPTION_MAX_LENGTH,
  ABTEST_ID_MAX_LENGTH,
  ABTEST_MESSAGES,
  createAbTestRequestSchema,
  sanitizeAbTestId,
} from '@console/domain/abtest';
import { AbTestType } from '@console/domain/enums';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { ApiError } from '../../api/client.ts';
import { ControlledTextFormField } from '../../components/form/ControlledTextFormField.tsx';
import { FormScope } from '../../components/form/FormScope.tsx';
import { PlainSelectField } from '../../components/form/PlainSelectField.tsx';
import { useSchemaForm } from '../../components/form/useSchemaForm.ts';
import { CasinoIcon } from '../../components/icons.tsx';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { AbTestTypeLabel } from './AbTestTypeLabel.tsx';
import { AB_TEST_TYPE_OPTIONS } from './abtest.labels.ts';
import { useCreateAbTestMutation } from './abtest.queries.ts';
import { useNewAbTestId } from './useNewAbTestId.ts';

interface CreateAbTestDialogProps {
  open: boolean;
  onClose(): void;
}

/** "Create AB-test" modal. */
export function CreateAbTestDialog({ open, onClose }: CreateAbTestDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Create AB-test</DialogTitle>
      {/* Mounted only while open, so every opening starts empty with a fresh suggestion. */}
      {open && <CreateAbTestForm onClose={onClose} />}
    </Dialog>
  );
}

function CreateAbTestForm({ onClose }: { onClose(): void }) {
  const { toast } = useGlobalUi();
  const create = useCreateAbTestMutation();
  const form = useSchemaForm(createAbTestRequestSchema, {
    defaultValues: { id: '', description: '', type: AbTestType.StickySegmentation },
    mode: 'onChange',
  });
  const { control, handleSubmit, formState } = form;

  const { reroll, doesIdExist, isCheckingId } = useNewAbTestId(form);

  const submit = handleSubmit((request) => {
    if (doesIdExist || isCheckingId) return;
    create.mutate(request, {
      onSuccess: () => {
        toast(`AB-test ${request.id} created`);
        onClose();
      },
    });
  });
  const createError =
    create.error instanceof ApiError && create.error.isHandledGlobally ? null : create.error;

  return (
    <FormScope form={form}>
      <form onSubmit={submit} noValidate>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {createError && <Alert severity="error">{createError.message}</Alert>}
            <ControlledTextFormField
              name="id"
              label="ID"
              required
              autoFocus
              sanitize={sanitizeAbTestId}
              maxLength={ABTEST_ID_MAX_LENGTH}
              problem={doesIdExist ? ABTEST_MESSAGES.idExists : undefined}
              hint="Letters, digits, - and _; a space becomes -"
              endAdornment={
                <InputAdornment position="end">
                  <IconButton
                    aria-label="Suggest another ID"
                    title="Suggest another ID"
                    onClick={reroll}
                    edge="end"
                  >
                    <CasinoIcon />
                  </IconButton>
                </InputAdornment>
              }
            />
            <ControlledTextFormField
              name="description"
              label="Description"
              maxLength={ABTEST_DESCRIPTION_MAX_LENGTH}
              hint={`At most ${ABTEST_DESCRIPTION_MAX_LENGTH} characters`}
            />
            <Controller
              name="type"
              control={control}
              render={({ field }) => (
                <PlainSelectField
                  {...field}
                  label="Type"
                  onChange={(event) => field.onChange(Number(event.target.value))}
                >
                  {AB_TEST_TYPE_OPTIONS.map((option) => (
                    <MenuItem key={option.type} value={option.type}>
                      <AbTestTypeLabel type={option.type} />
                    </MenuItem>
                  ))}
                </PlainSelectField>
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!formState.isValid || isCheckingId || doesIdExist || create.isPending}
          >
            Create
          </Button>
        </DialogActions>
      </form>
    </FormScope>
  );
}
