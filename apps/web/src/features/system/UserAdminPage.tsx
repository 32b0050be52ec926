import {
  PROGRESSION_EOC_MIN,
  PROGRESSION_LEVEL_MIN,
  PROGRESSION_STREAK_MAX,
  PROGRESSION_STREAK_MIN,
  type SetProgressionRequest,
  setProgressionRequestSchema,
  USER_ID_MAX_LENGTH,
} from '@console/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorBanner } from '../../shell/ErrorBanner.tsx';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';
import { Page } from '../../shell/Page.tsx';
import { useErrorBanner } from '../../shell/useErrorBanner.ts';
import { IntegerField } from './IntegerField.tsx';
import { useSetProgressionMutation } from './progression.queries.ts';

/** spec §2 User Admin: set a player's progression; the server's answer is shown raw. */
export function UserAdminPage() {
  const { active } = useActiveEnvironment();
  const banner = useErrorBanner();
  const setProgression = useSetProgressionMutation();
  const { register, handleSubmit, formState } = useForm<SetProgressionRequest>({
    resolver: zodResolver(setProgressionRequestSchema),
    defaultValues: {
      userId: '',
      level: PROGRESSION_LEVEL_MIN,
      eoc: PROGRESSION_EOC_MIN,
      streak: PROGRESSION_STREAK_MIN,
    },
  });
  const { errors } = formState;
  const { reset: forgetAnswer } = setProgression;
  // An answer belongs to the environment it came from.
  // biome-ignore lint/correctness/useExhaustiveDependencies: clearing is the reaction to a change of environment
  useEffect(() => forgetAnswer(), [active, forgetAnswer]);

  const submit = handleSubmit((request) => setProgression.mutate(request, { onError: banner.report }));

  return (
    <Page title="User Admin">
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
      <Stack component="form" onSubmit={submit} noValidate spacing={2} sx={{ maxWidth: 480 }}>
        <TextField
          {...register('userId')}
          label="User ID"
          autoComplete="off"
          error={errors.userId !== undefined}
          helperText={errors.userId?.message}
          slotProps={{ htmlInput: { maxLength: USER_ID_MAX_LENGTH } }}
        />
        <IntegerField
          name="level"
          register={register}
          label="Level"
          min={PROGRESSION_LEVEL_MIN}
          errorMessage={errors.level?.message}
        />
        <IntegerField
          name="eoc"
          register={register}
          label="EoC Level"
          min={PROGRESSION_EOC_MIN}
          errorMessage={errors.eoc?.message}
        />
        <IntegerField
          name="streak"
          register={register}
          label="Streak"
          min={PROGRESSION_STREAK_MIN}
          max={PROGRESSION_STREAK_MAX}
          helperText={`${PROGRESSION_STREAK_MIN} to ${PROGRESSION_STREAK_MAX}`}
          errorMessage={errors.streak?.message}
        />
        <div>
          <Button type="submit" variant="contained" disabled={setProgression.isPending}>
            Set
          </Button>
        </div>
      </Stack>
      {setProgression.isSuccess && (
        <Box
          component="pre"
          aria-label="Server response"
          sx={{
            mt: 3,
            p: 2,
            maxWidth: 640,
            overflowX: 'auto',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: 'action.hover',
            fontFamily: 'monospace',
            fontSize: 13,
          }}
        >
          {JSON.stringify(setProgression.data, null, 2)}
        </Box>
      )}
    </Page>
  );
}
