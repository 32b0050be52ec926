import type { AbTest } from '@console/domain/abtest';
import {
  chooseConfiguration,
  draftEntriesSchema,
  isDraftEntry,
  moveDraftEntry,
  moveEntryToVersion,
  newDraftEntry,
  PLUGIN_MESSAGES,
  type PluginDetails,
  type PluginEntry,
  planSameWeightsVersion,
  reloadDraftEntry,
} from '@console/domain/plugin';
import { useRef, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { type ToastAction, useGlobalUi } from '../../shell/feedback/globalUi.context.ts';
import { useSaveDraftMutation, useSaveSameWeightsVersionMutation } from './plugin.queries.ts';

// The autosave toast shows for 2000 ms.
export const AUTOSAVE_TOAST_MS = 2000;
export const UNDO_LABEL = 'Undo';

export interface DraftEditing {
  /** An autosave is in flight (until the plugin has reloaded): the draft's controls wait for it. */
  isSaving: boolean;
  add(abTest: AbTest): void;
  move(index: number, offset: -1 | 1): void;
  remove(index: number): void;
  reload(index: number): Promise<void>;
  /**
   * An entry all of whose A/B-test's versions are already active: saves version N + 1 with the same
   * weights (inactive), then moves the entry to it (planSameWeightsVersion).
   */
  createSameWeightsVersion(index: number): Promise<void>;
  choose(index: number, caseIndex: number, configId: string): void;
  /**
   * After a stale-draft refusal: saves the draft as `fresh` (the plugin just reloaded)
   * holds it, based on its current active set.
   */
  rebase(fresh: PluginDetails): void;
}

interface DraftEditingOptions {
  /** Reload reads the A/B-test as it is now. */
  fetchAbTest(id: string): Promise<AbTest>;
  onError(error: unknown): void;
  /** After a refused autosave (409: the draft changed meanwhile), the draft is shown as it is now. */
  reloadPlugin(): Promise<unknown>;
}

/**
 * Every draft edit is made by the domain's pure rules on the draft as last saved, and saved at
 * once (the whole list, with the draft revision it was made on) with the "AutoSave" toast.
 */
export function useDraftEditing(
  plugin: PluginDetails,
  { fetchAbTest, onError, reloadPlugin }: DraftEditingOptions,
): DraftEditing {
  const save = useSaveDraftMutation();
  const saveVersion = useSaveSameWeightsVersionMutation();
  const { toast } = useGlobalUi();
  const [isReloading, setReloading] = useState(false);
  const { draft } = plugin.data;
  // Undo runs after the plugin has reloaded: it edits the draft as it is then.
  const latest = useRef(plugin);
  latest.current = plugin;

  const saveDraft = (
    entries: readonly PluginEntry[],
    { draftRevision, baseRevision }: { draftRevision: number; baseRevision?: number } = plugin.data,
    undo?: ToastAction,
  ) => {
    // The same schema the server checks (one A/B-test once, one configuration per case): refused here first.
    const checked = draftEntriesSchema.safeParse(entries);
    if (!checked.success) {
      onError(checked.error.issues[0]?.message ?? 'The draft is not valid');
      return;
    }
    save.mutate(
      {
        pluginId: plugin.id,
        configurations: checked.data,
        draftRevision,
        ...(baseRevision === undefined ? {} : { baseRevision }),
      },
      {
        onSuccess: () =>
          toast(PLUGIN_MESSAGES.autosaveText, 'success', {
            title: PLUGIN_MESSAGES.autosaveTitle,
            kind: 'plugin.autosave',
            // A removal can be undone: its toast stays the shell's full time, with Undo.
            ...(undo ? { actions: [undo] } : { autoHideMs: AUTOSAVE_TOAST_MS }),
          }),
        onError: (error) => {
          onError(error);
          if (isConflict(error)) void reloadPlugin();
        },
      },
    );
  };

  const edit = (index: number, change: (entry: PluginEntry) => PluginEntry) =>
    saveDraft(draft.map((entry, at) => (at === index ? change(entry) : entry)));

  return {
    isSaving: save.isPending || isReloading,
    add: (abTest) => {
      const entry = newDraftEntry(abTest);
      if (isDraftEntry(entry)) saveDraft([...draft, entry]);
      else if (!entry.ok) onError(entry.error);
    },
    move: (index, offset) => saveDraft(moveDraftEntry(draft, index, index + offset)),
    remove: (index) => {
      const removed = draft[index];
      if (!removed) return;
      const undo = () => {
        const { data } = latest.current;
        // Put back where it was, unless the entry's A/B-test is in the draft again meanwhile.
        if (data.draft.some((entry) => entry.abTestId === removed.abTestId)) return;
        const entries = [...data.draft];
        entries.splice(Math.min(index, entries.length), 0, removed);
        saveDraft(entries, data);
      };
      saveDraft(
        draft.filter((_, at) => at !== index),
        plugin.data,
        { label: UNDO_LABEL, onClick: undo },
      );
    },
    reload: async (index) => {
      const entry = draft[index];
      if (!entry) return;
      setReloading(true);
      try {
        const abTest = await fetchAbTest(entry.abTestId);
        edit(index, (current) => reloadDraftEntry(current, abTest));
      } catch (error) {
        onError(error);
      } finally {
        setReloading(false);
      }
    },
    createSameWeightsVersion: async (index) => {
      const entry = draft[index];
      const abTest = plugin.abTests.find((candidate) => candidate.id === entry?.abTestId);
      const plan = entry ? planSameWeightsVersion(entry, abTest) : null;
      if (!entry || !plan) return;
      setReloading(true);
      try {
        const created = await saveVersion.mutateAsync({ id: entry.abTestId, weights: plan.weights });
        edit(index, (current) => moveEntryToVersion(current, created));
      } catch (error) {
        onError(error);
      } finally {
        setReloading(false);
      }
    },
    choose: (index, caseIndex, configId) =>
      edit(index, (entry) => chooseConfiguration(entry, caseIndex, configId)),
    rebase: (fresh) =>
      saveDraft(fresh.data.draft, {
        draftRevision: fresh.data.draftRevision,
        baseRevision: fresh.data.activeRevision,
      }),
  };
}

/** A refusal because the draft or the active set changed meanwhile. */
export const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;
