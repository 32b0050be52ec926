import { api } from '@console/domain/endpoints';
import { pluginNameOf } from '@console/domain/operations';
import { PLUGIN_DESCRIPTION_MAX_LENGTH, setPluginDescriptionRequestSchema } from '@console/domain/plugin';
import { InPlaceDescriptionEditor } from '../../components/form/InPlaceDescriptionEditor.tsx';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
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
  const { toast } = useGlobalUi();
  return (
    <InPlaceDescriptionEditor
      description={description}
      schema={setPluginDescriptionRequestSchema.shape.description}
      maxLength={PLUGIN_DESCRIPTION_MAX_LENGTH}
      endpoint={api.plugin.setDescription}
      spacing={2}
      saving={{
        save: (text, onSaved) =>
          mutation.mutate(
            { pluginId, description: text },
            {
              onSuccess: () => {
                onSaved();
                toast(`Description of plugin ${pluginNameOf(pluginId)} saved`, 'success', {
                  kind: 'plugin.description',
                });
              },
            },
          ),
        isPending: mutation.isPending,
        error: mutation.error,
      }}
    />
  );
}
