import { api } from '@console/domain/endpoints';
import {
  RELEASE_CLIENT_LABELS,
  RELEASE_TEXT_MAX_LENGTH,
  type ReleaseClient,
  releaseClientInputSchema,
} from '@console/domain/operations';
import { Form } from '../../components/form/Form.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TextFormField } from '../../components/form/TextFormField.tsx';
import { useSchemaForm } from '../../components/form/useSchemaForm.ts';
import { useUnsavedChangesGuard } from '../../components/form/useUnsavedChangesGuard.ts';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { useSaveReleaseClientMutation } from './release.queries.ts';

interface ReleaseClientFormProps {
  client: ReleaseClient;
  onError(error: unknown): void;
}

/** Client Version: reminder and forced-upgrade versions (at most 36 characters, default 0.0.0). */
export function ReleaseClientForm({ client, onError }: ReleaseClientFormProps) {
  const { toast } = useGlobalUi();
  const save = useSaveReleaseClientMutation();
  const form = useSchemaForm(releaseClientInputSchema, {
    values: client,
    labels: RELEASE_CLIENT_LABELS,
  });
  useUnsavedChangesGuard(form, 'release-client');

  const submit = (releaseInfo: ReleaseClient) =>
    save.mutate({ releaseInfo }, { onSuccess: () => toast('Client version saved'), onError });

  return (
    <Form form={form} onSubmit={submit}>
      <TextFormField
        name="remindVersion"
        label={RELEASE_CLIENT_LABELS.remindVersion}
        hint="Like 1.2.3"
        maxLength={RELEASE_TEXT_MAX_LENGTH}
      />
      <TextFormField
        name="minimumVersion"
        label={RELEASE_CLIENT_LABELS.minimumVersion}
        hint="Like 1.2.3"
        maxLength={RELEASE_TEXT_MAX_LENGTH}
      />
      <SubmitButton isPending={save.isPending} endpoint={api.release.setClient}>
        Save
      </SubmitButton>
    </Form>
  );
}
