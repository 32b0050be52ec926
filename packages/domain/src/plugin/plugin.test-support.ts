import type { PluginDraftState } from './plugin-activation.rules.ts';
import type { PluginEntry } from './plugin-details.schemas.ts';

// Test data of the plugin rules' tests (activation plan, draft impact).

export const entry = (abTestId: string, abTestVersion: number, configurations = ['a', 'b']): PluginEntry => ({
  abTestId,
  abTestVersion,
  configurations,
});

/** A plugin's active set and draft, at revision 1 unless told otherwise. */
export const pluginState = (
  pluginId: number,
  active: PluginEntry[],
  draft: PluginEntry[],
  revisions: Partial<PluginDraftState> = {},
): PluginDraftState => ({
  pluginId,
  active,
  draft,
  activeRevision: 1,
  draftRevision: 1,
  draftBaseRevision: 1,
  ...revisions,
});
