import {
  RELEASE_TEXT_MAX_LENGTH,
  type ReleaseClient,
  type ReleaseClientInput,
  releaseClientInputSchema,
} from '@console/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useGlobalUi } from '../../shell/globalUi.context.ts';
import { useSaveReleaseClientMutation } from './release.queries.ts';

interface ReleaseClientFormProps {
  client: ReleaseClient;
  onError(error: unknown): void;
}

/** Client Version: reminder and forced-upgrade versions (at most 36 characters, default 0.0.0). */
export function ReleaseClientForm({ client, onError }: ReleaseClientFormProps) {
  const { toast } = useGlobalUi();
  const save = useSaveReleaseClientMutation();
  const { register, handleSubmit, reset, formState } = useForm<ReleaseClientInput, unknown, ReleaseClient>({
    resolver: zodResolver(releaseClientInputSchema),
    defaultValues: client,
  });
  useEffect(() => reset(client), [client, reset]);

  const submit = handleSubmit((releaseInfo) =>
    save.mutate({ releaseInfo }, { onSuccess: () => toast('Client version saved'), onError }),
  );
  const { errors } = formState;
  const textProps = {
    autoComplete: 'off',
    slotProps: { htmlInput: { maxLength: RELEASE_TEXT_MAX_LENGTH } },
  } as const;

  return (
    <Stack component="form" onSubmit={submit} noValidate spacing={2} sx={{ maxWidth: 480 }}>
      <TextField
        {...register('remindVersion')}
        {...textProps}
        label="Upgrade reminder at version"
        error={errors.remindVersion !== undefined}
        helperText={errors.remindVersion?.message ?? 'Like 1.2.3'}
      />
      <TextField
        {...register('minimumVersion')}
        {...textProps}
        label="Upgrade forced at version"
        error={errors.minimumVersion !== undefined}
        helperText={errors.minimumVersion?.message ?? 'Like 1.2.3'}
      />
      <div>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          Save
        </Button>
      </div>
    </Stack>
  );
}
