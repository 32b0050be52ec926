import {
  createReleaseContentInputSchema,
  formatReleaseTimeInput,
  NO_RELEASE_TIME,
  parseReleaseTimeInput,
  type ReleaseContent,
  releaseTimeInputAttributes,
  utcOffsetLabelAt,
} from '@console/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useGlobalUi } from '../../shell/globalUi.context.ts';
import { IntegerField } from '../system/IntegerField.tsx';
import { useSaveReleaseContentMutation } from './release.queries.ts';

// The server's rule, checked against the clock at the moment the form is validated.
const releaseContentInputSchema = createReleaseContentInputSchema();
type ReleaseContentInput = z.input<typeof releaseContentInputSchema>;

interface ReleaseContentFormProps {
  content: ReleaseContent;
  onError(error: unknown): void;
}

/** Content: Max level, Next content release (local time with its UTC offset, sent as UTC ms), Max level after release. */
export function ReleaseContentForm({ content, onError }: ReleaseContentFormProps) {
  const { toast } = useGlobalUi();
  const save = useSaveReleaseContentMutation();
  const { register, control, handleSubmit, reset, setValue, formState } = useForm<
    ReleaseContentInput,
    unknown,
    ReleaseContent
  >({ resolver: zodResolver(releaseContentInputSchema), defaultValues: content });
  useEffect(() => reset(content), [content, reset]);

  const submit = handleSubmit((releaseInfo) =>
    save.mutate({ releaseInfo }, { onSuccess: () => toast('Content saved'), onError }),
  );
  const nowMs = Date.now();
  const { errors } = formState;

  return (
    <Stack component="form" onSubmit={submit} noValidate spacing={2} sx={{ maxWidth: 480 }}>
      <IntegerField
        name="maxLevel"
        register={register}
        label="Max level"
        min={1}
        errorMessage={errors.maxLevel?.message}
      />
      <Controller
        name="nextReleaseTimeMs"
        control={control}
        render={({ field, fieldState }) => {
          const isTime = Number.isFinite(field.value) && field.value !== NO_RELEASE_TIME;
          return (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                label="Next content release"
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
                onClick={() => setValue('nextReleaseTimeMs', NO_RELEASE_TIME, { shouldDirty: true })}
                disabled={!isTime}
                sx={{ mt: 1 }}
              >
                Clear
              </Button>
            </Stack>
          );
        }}
      />
      <IntegerField
        name="nextMaxLevel"
        register={register}
        label="Max level after release"
        min={1}
        errorMessage={errors.nextMaxLevel?.message}
      />
      <div>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          Save
        </Button>
      </div>
    </Stack>
  );
}
