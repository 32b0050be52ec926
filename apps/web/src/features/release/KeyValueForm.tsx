import { RELEASE_TEXT_MAX_LENGTH, type SetKeyValueRequest, setKeyValueRequestSchema } from '@console/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useGlobalUi } from '../../shell/globalUi.context.ts';
import { useSaveKeyValueMutation } from './release.queries.ts';

interface KeyValueFormProps {
  keyValue: string;
  onError(error: unknown): void;
}

/** Key-value: one text of pairs (key=value;)*, at most 36 characters. */
export function KeyValueForm({ keyValue, onError }: KeyValueFormProps) {
  const { toast } = useGlobalUi();
  const save = useSaveKeyValueMutation();
  const { register, handleSubmit, reset, formState } = useForm<SetKeyValueRequest>({
    resolver: zodResolver(setKeyValueRequestSchema),
    defaultValues: { keyValue },
  });
  useEffect(() => reset({ keyValue }), [keyValue, reset]);

  const submit = handleSubmit((request) =>
    save.mutate(request, { onSuccess: () => toast('Key-value saved'), onError }),
  );
  const error = formState.errors.keyValue;

  return (
    <Stack component="form" onSubmit={submit} noValidate spacing={2} sx={{ maxWidth: 480 }}>
      <TextField
        {...register('keyValue')}
        label="Key-value"
        autoComplete="off"
        error={error !== undefined}
        helperText={error?.message ?? `Pairs like key=value; at most ${RELEASE_TEXT_MAX_LENGTH} characters`}
        slotProps={{ htmlInput: { maxLength: RELEASE_TEXT_MAX_LENGTH, spellCheck: false } }}
      />
      <div>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          Save
        </Button>
      </div>
    </Stack>
  );
}
