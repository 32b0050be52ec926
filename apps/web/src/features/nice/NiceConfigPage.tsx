import { api } from '@console/domain/endpoints';
import {
  NICE_AUTH_TOKEN_MAX_LENGTH,
  NICE_CONFIG_LABELS,
  type NiceConfig,
  niceConfigSchema,
} from '@console/domain/operations';
import Alert from '@mui/material/Alert';
import { Form } from '../../components/form/Form.tsx';
import { SecretFormField } from '../../components/form/SecretFormField.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { useSchemaForm } from '../../components/form/useSchemaForm.ts';
import { useUnsavedChangesGuard } from '../../components/form/useUnsavedChangesGuard.ts';
import { Page } from '../../components/Page.tsx';
import { QueryContent } from '../../components/QueryContent.tsx';
import { ErrorBanner } from '../../shell/feedback/ErrorBanner.tsx';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { useErrorBanner, useReportQueryError } from '../../shell/feedback/useErrorBanner.ts';
import { useMissingRight } from '../../shell/session/rights.tsx';
import { useNiceConfigQuery, useSaveNiceConfigMutation } from './nice.queries.ts';

/** NICE Config: the 'Authentication Token' of the external NICE service, per environment. */
export function NiceConfigPage() {
  // The token is an admin's to see; others are told so instead of being refused.
  const missingRight = useMissingRight(api.nice.get);
  const config = useNiceConfigQuery(missingRight === undefined);
  const banner = useErrorBanner();
  useReportQueryError(banner, config.error);

  return (
    <Page title="NICE Config">
      <ErrorBanner messages={banner.messages} onDismiss={banner.dismiss} />
      {missingRight ? (
        <Alert severity="info">{`${missingRight}: only admins see and set the NICE token.`}</Alert>
      ) : (
        <QueryContent query={config} what="NICE config">
          {(data) => <NiceConfigForm config={data} onError={banner.report} />}
        </QueryContent>
      )}
    </Page>
  );
}

function NiceConfigForm({ config, onError }: { config: NiceConfig; onError(error: unknown): void }) {
  const { toast } = useGlobalUi();
  const save = useSaveNiceConfigMutation();
  const form = useSchemaForm(niceConfigSchema, { values: config, labels: NICE_CONFIG_LABELS });
  useUnsavedChangesGuard(form, 'nice-config');

  const submit = (niceConfig: NiceConfig) =>
    save.mutate({ niceConfig }, { onSuccess: () => toast('NICE config saved'), onError });

  return (
    <Form form={form} onSubmit={submit} maxWidth={640}>
      <SecretFormField
        name="authToken"
        secretName="token"
        label={NICE_CONFIG_LABELS.authToken}
        hint="Empty clears the token"
        maxLength={NICE_AUTH_TOKEN_MAX_LENGTH}
      />
      <SubmitButton isPending={save.isPending} endpoint={api.nice.set}>
        Save
      </SubmitButton>
    </Form>
  );
}
