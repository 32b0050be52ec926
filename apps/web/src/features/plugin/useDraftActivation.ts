import {
  type ActivateDraftResponse,
  checkPluginDraft,
  PLUGIN_MESSAGES,
  type PluginDetails,
} from '@console/domain/plugin';
import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import {
  type EntryUsage,
  usageRequestsOf,
  useActivateDraftMutation,
  useValidateDraftMutation,
} from './plugin.queries.ts';
import { isConflict } from './useDraftEditing.ts';

export const STALE_DRAFT_TITLE = 'Reload the draft on top of the current active set?';

const isShownByShell = (error: unknown) => error instanceof ApiError && error.isHandledGlobally;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface DraftActivation {
  /** Draft messages; valid when empty. A draft that is the active set is told apart (isActiveSet). */
  check: ReturnType<typeof checkPluginDraft>;
  /** The usage of every entry, when the current draft revision was validated. */
  usages: EntryUsage[] | null;
  hasFatal: boolean;
  isValidating: boolean;
  /** The draft is valid, validation has passed and nothing is fatal. */
  canActivate: boolean;
  validate(): void;
  activate(): void;
  /** The result dialog's content while it is open. */
  outcome: ActivateDraftResponse | null;
  closeOutcome(): void;
}

interface DraftActivationOptions {
  onError(error: unknown): void;
  /** Close of the result dialog: reload the plugin and show the first tab. */
  onActivationClosed(): void;
  /** A stale draft: reload the plugin and save its draft on its current active set. */
  onReloadOnTop(): void;
}

/** Validate and Activate; a validation holds for the draft revision it was made on. */
export function useDraftActivation(
  plugin: PluginDetails,
  { onError, onActivationClosed, onReloadOnTop }: DraftActivationOptions,
): DraftActivation {
  const validation = useValidateDraftMutation();
  const activation = useActivateDraftMutation();
  const { confirm, showError } = useGlobalUi();
  const [validated, setValidated] = useState<{ draftRevision: number; usages: EntryUsage[] } | null>(null);
  const [outcome, setOutcome] = useState<ActivateDraftResponse | null>(null);
  const { draft, draftRevision } = plugin.data;

  const check = checkPluginDraft(plugin.data, plugin.abTests);
  const usages = validated?.draftRevision === draftRevision ? validated.usages : null;
  const hasFatal = usages?.some(({ usage }) => usage.fatal.length > 0) ?? false;

  const refuse = async (error: unknown) => {
    if (isShownByShell(error)) return;
    // A stale draft never reverts a live change; the operator may re-base it after reading why.
    if (isConflict(error)) {
      if (await confirm({ title: STALE_DRAFT_TITLE, message: messageOf(error) })) onReloadOnTop();
      return;
    }
    // A failure of the whole call shows "Activation Failed" with the error.
    showError(PLUGIN_MESSAGES.activationFailedTitle, messageOf(error));
  };

  return {
    check,
    usages,
    hasFatal,
    isValidating: validation.isPending,
    canActivate: check.isValid && usages !== null && !hasFatal && !activation.isPending,
    validate: () =>
      validation.mutate(usageRequestsOf(plugin.id, draft), {
        onSuccess: (answers, requests) =>
          setValidated({
            draftRevision,
            usages: requests.map(({ abTestId, abTestVersion }, index) => ({
              entry: { abTestId, abTestVersion },
              usage: answers[index]!,
            })),
          }),
        onError,
      }),
    activate: () =>
      activation.mutate({ pluginId: plugin.id, draftRevision }, { onSuccess: setOutcome, onError: refuse }),
    outcome,
    closeOutcome: () => {
      setOutcome(null);
      onActivationClosed();
    },
  };
}
