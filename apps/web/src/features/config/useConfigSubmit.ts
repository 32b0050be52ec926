import type { ConfigKind } from '@console/domain/config';
import { useRef, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { configMessageOf, useConfigMessageDialog } from './ConfigMessageDialog.tsx';
import {
  useActivateAnyConfigMutation,
  useCreateConfigMutation,
  useDeleteAnyConfigMutation,
  useDuplicateReassignConfigMutation,
  useSaveConfigMutation,
} from './config.queries.ts';
import type { ConfigFormOutput } from './configForm.ts';
import { configEditPath } from './configLabels.ts';
import { DELETE_CONFIG_TITLE, deleteConfigMessage } from './useConfigListActions.ts';

export const CONFIG_LIST_PATH = '/config';

/** The flow's toast, on the original it replaced: still switched on, served by no active set any more. */
export const originalLeftOn = (id: string, canSwitchOff: boolean) =>
  `${id} stays switched on and no active set serves it: ${canSwitchOff ? 'switch it off' : 'delete it once no draft uses it'}`;
export const switchOffLabel = (id: string) => `Switch off ${id}`;
export const deleteLabel = (id: string) => `Delete ${id}`;

/** Every message of a form's errors, nested ones too, each once, in field order. */
export function messagesOf(errors: FieldErrors): string[] {
  const messages: string[] = [];
  const visit = (value: unknown) => {
    if (typeof value !== 'object' || value === null) return;
    const { message } = value as { message?: unknown };
    if (typeof message === 'string' && message !== '') {
      if (!messages.includes(message)) messages.push(message);
      return;
    }
    for (const [key, inner] of Object.entries(value)) if (key !== 'ref') visit(inner);
  };
  visit(errors);
  return messages;
}

interface ConfigSubmitOptions {
  kind: ConfigKind;
  mode: 'create' | 'edit';
  onSaved?(): void;
}

/**
 * What Create/Save and Cancel do: on success back to the list; a failure shows its
 * text above the form (not for INFO:, which is information) and opens the dialog of its class; on
 * "Update is not allowed:" Ok saves the edited values through duplicate/reassign and opens the copy.
 */
export function useConfigSubmit({ kind, mode, onSaved }: ConfigSubmitOptions) {
  const navigate = useNavigate();
  const { toast, confirm } = useGlobalUi();
  const activate = useActivateAnyConfigMutation();
  const remove = useDeleteAnyConfigMutation();
  const create = useCreateConfigMutation(kind.id);
  const save = useSaveConfigMutation(kind.id);
  const reassign = useDuplicateReassignConfigMutation(kind.id);
  const dialog = useConfigMessageDialog();
  const [errorText, setErrorText] = useState<string | null>(null);
  // The values the refused save sent: what Ok saves as the copy.
  const refused = useRef<ConfigFormOutput | null>(null);

  const showFailure = (error: unknown) => {
    const message = configMessageOf(error);
    if (!message) return;
    setErrorText(message.class === 'information' ? null : message.message);
    dialog.show(message);
  };

  const saveValues = (values: ConfigFormOutput) => {
    setErrorText(null);
    refused.current = values;
    const mutation = mode === 'create' ? create : save;
    mutation.mutate(values, {
      onSuccess: () => {
        onSaved?.();
        toast(`Configuration ${values.id} ${mode === 'create' ? 'created' : 'saved'}`);
        navigate(CONFIG_LIST_PATH);
      },
      onError: showFailure,
    });
  };

  const refuseInvalid = (errors: FieldErrors) => {
    const messages = messagesOf(errors);
    setErrorText(
      messages.length === 0 ? 'The configuration is not valid' : `Not saved:\n${messages.join('\n')}`,
    );
  };

  // The original the flow replaced: switched off from the toast where its kind allows it, else deleted
  // (after the list's confirmation; the server refuses while a draft still uses it). The toast outlives
  // this form (the copy's page replaces it), so the answer is told by toasts, not the form's dialog.
  const actOnOriginal = async (id: string, done: string, call: () => Promise<unknown>) => {
    try {
      await call();
      toast(`Configuration ${id} ${done}`);
    } catch (error) {
      toast(error instanceof Error ? error.message : String(error), 'error');
    }
  };
  const originalAction = (id: string) =>
    kind.allowsDeactivation
      ? {
          label: switchOffLabel(id),
          onClick: () =>
            void actOnOriginal(id, 'deactivated', () =>
              activate.mutateAsync({ of: kind.id, body: { id, active: false } }),
            ),
        }
      : {
          label: deleteLabel(id),
          onClick: async () => {
            if (!(await confirm({ title: DELETE_CONFIG_TITLE, message: deleteConfigMessage(id) }))) return;
            await actOnOriginal(id, 'deleted', () => remove.mutateAsync({ of: kind.id, body: { id } }));
          },
        };

  const acceptUpdateFlow = () => {
    const values = refused.current;
    dialog.close();
    if (!values) return;
    reassign.mutate(values, {
      onSuccess: (copy) => {
        const moved = `Saved as ${copy.configId}; the plugins serving ${values.id} now use it`;
        const original = originalLeftOn(values.id, kind.allowsDeactivation);
        if (copy.draftsToReview.length === 0)
          toast(`${moved}. ${original}`, 'success', { actions: [originalAction(values.id)] });
        else {
          // The flow re-bases the drafts it moved; these still need the operator (stale, or a
          // pending version the flow's new version made too old): one link to each draft.
          const names = copy.draftsToReview.map((plugin) => plugin.pluginName).join(', ');
          toast(`${moved}. Check the draft of ${names} before activating it. ${original}`, 'warning', {
            actions: [
              ...copy.draftsToReview.map((plugin) => ({
                label: `Open ${plugin.pluginName}`,
                onClick: () => navigate(`/plugin/${plugin.pluginId}?tab=1`),
              })),
              originalAction(values.id),
            ],
          });
        }
        navigate(configEditPath(copy.pluginName, copy.configId));
      },
      onError: showFailure,
    });
  };

  // Cancel clears the error text and goes back to the list.
  const cancel = () => {
    setErrorText(null);
    navigate(CONFIG_LIST_PATH);
  };

  return {
    save: saveValues,
    refuseInvalid,
    acceptUpdateFlow,
    cancel,
    errorText,
    dialog,
    isPending: create.isPending || save.isPending || reassign.isPending,
  };
}
