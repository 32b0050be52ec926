import type { ConfigListItem } from '@console/domain/config';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { configMessageOf, type useConfigMessageDialog } from './ConfigMessageDialog.tsx';
import {
  useActivateAnyConfigMutation,
  useDeleteAnyConfigMutation,
  useDuplicateAnyConfigMutation,
} from './config.queries.ts';
import { kindOfRow } from './configLabels.ts';

export const DELETE_CONFIG_TITLE = 'Delete configuration?';
export const deleteConfigMessage = (id: string) =>
  `Configuration '${id}' will be deleted. A configuration a plugin still uses cannot be deleted.`;

type MessageDialog = ReturnType<typeof useConfigMessageDialog>;

/**
 * The list's State switch, delete and clone. A refusal opens the configuration message dialog
 * ("Information" for INFO:, otherwise "Error: Processing Configuration").
 */
export function useConfigListActions(dialog: MessageDialog) {
  const { confirm, toast } = useGlobalUi();
  const activate = useActivateAnyConfigMutation();
  const remove = useDeleteAnyConfigMutation();
  const duplicate = useDuplicateAnyConfigMutation();
  const onError = (error: unknown) => dialog.show(configMessageOf(error));

  const setActive = (row: ConfigListItem, isActive: boolean) => {
    const kind = kindOfRow(row);
    if (!kind) return;
    const { id } = row.extended;
    activate.mutate(
      { of: kind.id, body: { id, active: isActive } },
      {
        onSuccess: () =>
          toast(`Configuration ${id} ${isActive ? 'activated' : 'deactivated'}`, 'success', {
            kind: `config.active.${id}`,
          }),
        onError,
      },
    );
  };

  const deleteConfig = async (row: ConfigListItem) => {
    const kind = kindOfRow(row);
    if (!kind) return;
    const { id } = row.extended;
    const isConfirmed = await confirm({ title: DELETE_CONFIG_TITLE, message: deleteConfigMessage(id) });
    if (!isConfirmed) return;
    remove.mutate(
      { of: kind.id, body: { id } },
      { onSuccess: () => toast(`Configuration ${id} deleted`), onError },
    );
  };

  // Decision (docs/decisions/): a clone stays on the list, which shows the copy; the toast names it.
  const cloneConfig = (row: ConfigListItem) => {
    const kind = kindOfRow(row);
    if (!kind) return;
    const { id } = row.extended;
    duplicate.mutate(
      { of: kind.id, body: { id } },
      { onSuccess: (copy) => toast(`Configuration ${id} cloned as ${copy.configId}`), onError },
    );
  };

  return {
    setActive,
    deleteConfig,
    cloneConfig,
    isBusy: activate.isPending || remove.isPending || duplicate.isPending,
  };
}
