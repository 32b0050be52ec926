import { NICE_AUTH_TOKEN_MAX_LENGTH, type NiceConfig, niceConfigSchema } from '@console/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { ErrorBanner } from '../../shell/ErrorBanner.tsx';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';
import { useGlobalUi } from '../../shell/globalUi.context.ts';
import { Loading } from '../../shell/Loading.tsx';
import { Page } from '../../shell/Page.tsx';
import { useErrorBanner, useReportQueryError } from '../../shell/useErrorBanner.ts';
import { useNiceConfigQuery, useSaveNiceConfigMutation } from './nice.queries.ts';

/** spec §2 NICE Config: the 'Authentication Token' of the external NICE service, per environment. */
export function NiceConfigPage() {
  const { active } = useActiveEnvironment();
  const config = useNiceConfigQuery();
  const banner = useErrorBanner();
  useReportQueryError(banner, config.error);

  return (
    <Page title="NICE Config">
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
      {config.data ? (
        <NiceConfigForm key={active} config={config.data} onError={banner.report} />
      ) : config.isPending && !config.isError ? (
        <Loading />
      ) : null}
    </Page>
  );
}

function NiceConfigForm({ config, onError }: { config: NiceConfig; onError(error: unknown): void }) {
  const { toast } = useGlobalUi();
  const save = useSaveNiceConfigMutation();
  const { register, handleSubmit, reset, formState } = useForm<NiceConfig>({
    resolver: zodResolver(niceConfigSchema),
    defaultValues: config,
  });
  useEffect(() => reset(config), [config, reset]);

  const submit = handleSubmit((niceConfig) =>
    save.mutate({ niceConfig }, { onSuccess: () => toast('NICE config saved'), onError }),
  );
  const error = formState.errors.authToken;

  return (
    <Stack component="form" onSubmit={submit} noValidate spacing={2} sx={{ maxWidth: 640 }}>
      <TextField
        {...register('authToken')}
        label="Authentication Token"
        autoComplete="off"
        error={error !== undefined}
        helperText={error?.message ?? 'Empty clears the token'}
        slotProps={{ htmlInput: { maxLength: NICE_AUTH_TOKEN_MAX_LENGTH, spellCheck: false } }}
      />
      <div>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          Save
        </Button>
      </div>
    </Stack>
  );
}
