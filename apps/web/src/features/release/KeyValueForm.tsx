import { api } from '@console/domain/endpoints';
import {
  KEY_VALUE_LABELS,
  RELEASE_TEXT_MAX_LENGTH,
  setKeyValueRequestSchema,
} from '@console/domain/operations';
import { Form } from '../../components/form/Form.tsx';
import { SubmitButton } from '../../components/form/SubmitButton.tsx';
import { TextFormField } from '../../components/form/TextFormField.tsx';
import { useSchemaForm } from '../../components/form/useSchemaForm.ts';
import { useUnsavedChangesGuard } from '../../components/form/useUnsavedChangesGuard.ts';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { useSaveKeyValueMutation } from './release.queries.ts';

interface KeyValueFormProps {
  keyValue: string;
  onError(error: unknown): void;
}

/** Key-value: one text of pairs (key=value;)*, at most 36 characters. */
export function KeyValueForm({ keyValue, onError }: KeyValueFormProps) {
  const { toast } = useGlobalUi();
  const save = useSaveKeyValueMutation();
  const form = useSchemaForm(setKeyValueRequestSchema, {
    values: { keyValue },
    labels: KEY_VALUE_LABELS,
  });
  useUnsavedChangesGuard(form, 'release-key-value');

  return (
    <Form
      form={form}
      onSubmit={(request) => save.mutate(request, { onSuccess: () => toast('Key-value saved'), onError })}
    >
      <TextFormField
        name="keyValue"
        label={KEY_VALUE_LABELS.keyValue}
        hint={`Pairs like key=value; at most ${RELEASE_TEXT_MAX_LENGTH} characters`}
        maxLength={RELEASE_TEXT_MAX_LENGTH}
      />
      <SubmitButton isPending={save.isPending} endpoint={api.release.setKeyValue}>
        Save
      </SubmitButton>
    </Form>
  );
}
