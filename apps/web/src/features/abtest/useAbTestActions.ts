import { ABTEST_MESSAGES, type AbTest } from '@console/domain';
import { ApiError } from '../../api/client.ts';
import { useGlobalUi } from '../../shell/globalUi.context.ts';
import { useActivateTestMutation, useDeleteAbTestMutation } from './abtest.queries.ts';

export const DELETE_CONFIRM_TITLE = 'Delete AB-test?';
export const DELETE_FAILED_TITLE = 'Deletion Failed';

/** spec §4: what becomes of an AB-test when it is activated. */
export const activationConfirmMessage = (id: string) =>
  `AB-test '${id}' becomes available to users: the players of its segment are split into the cases ` +
  'of its active version. An active AB-test cannot be deactivated.';

const isShownByShell = (error: unknown) => error instanceof ApiError && error.isHandledGlobally;

/** The list's state switch and delete action, with their confirmations and failure dialogs. */
export function useAbTestActions() {
  const { confirm, showError, toast } = useGlobalUi();
  const activate = useActivateTestMutation();
  const remove = useDeleteAbTestMutation();

  const setActive = async (abTest: Pick<AbTest, 'id'>, isActive: boolean) => {
    // spec §4: only switching on asks; switching off is sent so the server can refuse it (spec §8).
    if (isActive) {
      const isConfirmed = await confirm({
        title: ABTEST_MESSAGES.activateConfirmTitle,
        message: activationConfirmMessage(abTest.id),
      });
      if (!isConfirmed) return;
    }
    activate.mutate(
      { id: abTest.id, active: isActive },
      {
        onSuccess: () => toast(`AB-test ${abTest.id} ${isActive ? 'activated' : 'deactivated'}`),
        onError: (error) => {
          if (isShownByShell(error)) return;
          const title = isActive
            ? ABTEST_MESSAGES.activationFailedTitle
            : ABTEST_MESSAGES.deactivationFailedTitle;
          showError(title, error.message);
        },
      },
    );
  };

  const deleteAbTest = async (abTest: Pick<AbTest, 'id'>) => {
    const isConfirmed = await confirm({
      title: DELETE_CONFIRM_TITLE,
      message: `AB-test '${abTest.id}' will be deleted.`,
    });
    if (!isConfirmed) return;
    remove.mutate(
      { id: abTest.id },
      {
        onSuccess: () => toast(`AB-test ${abTest.id} deleted`),
        onError: (error) => {
          if (!isShownByShell(error)) showError(DELETE_FAILED_TITLE, error.message);
        },
      },
    );
  };

  return { setActive, deleteAbTest, isBusy: activate.isPending || remove.isPending };
}
