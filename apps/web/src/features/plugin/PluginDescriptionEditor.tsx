import { PLUGIN_DESCRIPTION_MAX_LENGTH, setPluginDescriptionRequestSchema } from '@console/domain';
import { InPlaceDescriptionEditor } from '../../components/form/InPlaceDescriptionEditor.tsx';
import { useSetPluginDescriptionMutation } from './plugin.queries.ts';

/** The plugin's description is edited in place and saved at once; Escape cancels. */
export function PluginDescriptionEditor({
  pluginId,
  description,
}: {
  pluginId: number;
  description: string;
}) {
  const mutation = useSetPluginDescriptionMutation();
  return (
    <InPlaceDescriptionEditor
      description={description}
      schema={setPluginDescriptionRequestSchema.shape.description}
      maxLength={PLUGIN_DESCRIPTION_MAX_LENGTH}
      spacing={2}
      saving={{
        save: (text, onSaved) => mutation.mutate({ pluginId, description: text }, { onSuccess: onSaved }),
        isPending: mutation.isPending,
        error: mutation.error,
      }}
    />
  );
}
