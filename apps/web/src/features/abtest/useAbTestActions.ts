import {
  ABTEST_MESSAGES,
  type AbTest,
  checkAbTestDeletion,
  checkTestActivation,
} from '@console/domain/abtest';
import { pluginNameOf } from '@console/domain/operations';
import { ApiError } from '../../api/client.ts';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { useActivateTestMutation, useDeleteAbTestMutation } from './abtest.queries.ts';

export const DELETE_CONFIRM_TITLE = 'Delete AB-test?';
export const DELETE_FAILED_TITLE = 'Deletion Failed';

/** What becomes of an AB-test when it is activated. */
export const activationConfirmMessage = (id: string) =>
  `AB-test '${id}' becomes available to users: the players of its segment are split into the cases ` +
  'of its active version. An active AB-test cannot be deactivated.';

// The list says why a switch or delete is unavailable instead of confirming and then failing. The State
// switch's reasons are the specification's refusals, title and message ('"Deactivation Failed": An active
// AB-test cannot be deactivated', '"Activation Failed": AB-test has no active version').
export const LIST_ACTION_REASONS = {
  activeStaysActive: `${ABTEST_MESSAGES.deactivationFailedTitle}: ${ABTEST_MESSAGES.cannotDeactivate}`,
  // Then the publishing order that leaves plugin drafts able to take the version (the server's hint).
  needsVersion: `${ABTEST_MESSAGES.activationFailedTitle}: ${ABTEST_MESSAGES.noActiveVersion}. ${ABTEST_MESSAGES.noActiveVersionHint}`,
  activeCannotBeDeleted: 'An active AB-test cannot be deleted',
  usedBy: (plugins: readonly string[]) =>
    `Used by ${plugins.join(', ')}: remove it from ${plugins.length === 1 ? 'that plugin' : 'those plugins'} before deleting`,
} as const;

type ListedAbTest = Pick<AbTest, 'id' | 'active' | 'usedBy' | 'data'>;

/** Why the state switch cannot be used, or undefined when it can (the domain's activation rule). */
export function stateSwitchBlockedBy(abTest: ListedAbTest): string | undefined {
  if (abTest.active) return LIST_ACTION_REASONS.activeStaysActive;
  return checkTestActivation(abTest, true).ok ? undefined : LIST_ACTION_REASONS.needsVersion;
}

/** Why the AB-test cannot be deleted, or undefined when it can (the domain's deletion rule). */
export function deletionBlockedBy(abTest: ListedAbTest): string | undefined {
  if (checkAbTestDeletion(abTest).ok) return undefined;
  return abTest.usedBy.length > 0
    ? LIST_ACTION_REASONS.usedBy(abTest.usedBy.map(pluginNameOf))
    : LIST_ACTION_REASONS.activeCannotBeDeleted;
}

const isShownByShell = (error: unknown) => error instanceof ApiError && error.isHandledGlobally;

/** The list's state switch and delete action, with their confirmations and failure dialogs. */
export function useAbTestActions() {
  const { confirm, showError, toast } = useGlobalUi();
  const activate = useActivateTestMutation();
  const remove = useDeleteAbTestMutation();

  // Switching on asks first; an active AB-test's switch is disabled (it cannot be switched off).
  const activateAbTest = async (abTest: Pick<AbTest, 'id'>) => {
    const isConfirmed = await confirm({
      title: ABTEST_MESSAGES.activateConfirmTitle,
      message: activationConfirmMessage(abTest.id),
    });
    if (!isConfirmed) return;
    activate.mutate(
      { id: abTest.id, active: true },
      {
        onSuccess: () => toast(`AB-test ${abTest.id} activated`),
        onError: (error) => {
          if (!isShownByShell(error)) showError(ABTEST_MESSAGES.activationFailedTitle, error.message);
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

  return { activateAbTest, deleteAbTest, isBusy: activate.isPending || remove.isPending };
}
