import { api } from '@console/domain/endpoints';
import {
  createReleaseContentInputSchema,
  formatReleaseTimeInput,
  NO_RELEASE_TIME,
  parseReleaseTimeInput,
  RELEASE_CONTENT_LABELS,
  type ReleaseContent,
  releaseTimeInputAttributes,
  utcOffsetLabelAt,
} from '@console/domain/operations';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import { Controller } from 'react-hook-form';
import { Form } from '../../components/form/Form.tsx';
import { HINT_SX } from '../../components/form/fieldError.ts';
import { NumberFormField } from '../../components/form/NumberFormField.tsx';
import { PlainTextField } from '../../components/form/PlainTextField.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { useSchemaForm } from '../../components/form/useSchemaForm.ts';
import { useUnsavedChangesGuard } from '../../components/form/useUnsavedChangesGuard.ts';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { useSaveReleaseContentMutation } from './release.queries.ts';

// The server's rule, checked against the clock at the moment the form is validated.
const releaseContentInputSchema = createReleaseContentInputSchema();

interface ReleaseContentFormProps {
  content: ReleaseContent;
  onError(error: unknown): void;
}

/** Content: Max level, Next content release (local time with its UTC offset, sent as UTC ms), Max level after release. */
export function ReleaseContentForm({ content, onError }: ReleaseContentFormProps) {
  const { toast } = useGlobalUi();
  const save = useSaveReleaseContentMutation();
  // `values`: stored values that change after a save show up; unchanged ones keep the operator's typing.
  const form = useSchemaForm(releaseContentInputSchema, {
    values: content,
    labels: RELEASE_CONTENT_LABELS,
  });
  useUnsavedChangesGuard(form, 'release-content');

  const submit = (releaseInfo: ReleaseContent) =>
    save.mutate({ releaseInfo }, { onSuccess: () => toast('Content saved'), onError });
  const nowMs = Date.now();

  return (
    <Form form={form} onSubmit={submit}>
      <NumberFormField name="maxLevel" label={RELEASE_CONTENT_LABELS.maxLevel} />
      <Controller
        name="nextReleaseTimeMs"
        control={form.control}
        render={({ field, fieldState }) => {
          const isTime = Number.isFinite(field.value) && field.value !== NO_RELEASE_TIME;
          return (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <PlainTextField
                label={RELEASE_CONTENT_LABELS.nextReleaseTimeMs}
                type="datetime-local"
                name={field.name}
                inputRef={field.ref}
                value={Number.isFinite(field.value) ? formatReleaseTimeInput(field.value) : ''}
                // An unreadable or half-typed value is NaN, which the schema refuses. Browsers report a
                // half-typed datetime-local as '' with validity.badInput; only a truly empty field is "none".
                onChange={(event) =>
                  field.onChange(
                    event.target.validity.badInput
                      ? Number.NaN
                      : (parseReleaseTimeInput(event.target.value) ?? Number.NaN),
                  )
                }
                onBlur={field.onBlur}
                error={fieldState.error !== undefined}
                helperText={
                  fieldState.error?.message ??
                  'Local time in 15-minute steps, up to three months ahead; empty: none'
                }
                sx={{ flexGrow: 1 }}
                slotProps={{
                  // A hint that wraps keeps at least two words on its last line.
                  formHelperText: { sx: HINT_SX },
                  inputLabel: { shrink: true },
                  htmlInput: releaseTimeInputAttributes(nowMs),
                  input: {
                    endAdornment: (
                      <InputAdornment position="end">
                        {utcOffsetLabelAt(isTime ? field.value : nowMs)}
                      </InputAdornment>
                    ),
                  },
                }}
              />
              <Button
                onClick={() => form.setValue('nextReleaseTimeMs', NO_RELEASE_TIME, { shouldDirty: true })}
                disabled={!isTime}
                sx={{ mt: 1 }}
              >
                Clear
              </Button>
            </Stack>
          );
        }}
      />
      <NumberFormField name="nextMaxLevel" label={RELEASE_CONTENT_LABELS.nextMaxLevel} />
      <SubmitButton isPending={save.isPending} endpoint={api.release.setContent}>
        Save
      </SubmitButton>
    </Form>
  );
}
