import { ABTEST_DESCRIPTION_MAX_LENGTH, saveDescriptionRequestSchema } from '@console/domain/abtest';
import { api } from '@console/domain/endpoints';
import { InPlaceDescriptionEditor } from '../../components/form/InPlaceDescriptionEditor.tsx';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { useSaveDescriptionMutation } from './abtest.queries.ts';

/** The A/B-test's description is edited in place; Escape cancels, the text is trimmed. */
export function DescriptionEditor({ id, description }: { id: string; description: string }) {
  const mutation = useSaveDescriptionMutation();
  const { toast } = useGlobalUi();
  return (
    <InPlaceDescriptionEditor
      description={description}
      schema={saveDescriptionRequestSchema.shape.description}
      maxLength={ABTEST_DESCRIPTION_MAX_LENGTH}
      endpoint={api.abtest.saveDescription}
      saving={{
        save: (text, onSaved) =>
          mutation.mutate(
            { id, description: text },
            {
              onSuccess: () => {
                onSaved();
                toast(`Description of AB-test ${id} saved`, 'success', { kind: 'abtest.description' });
              },
            },
          ),
        isPending: mutation.isPending,
        error: mutation.error,
      }}
    />
  );
}
