import { z } from 'zod';
import { draftEntryImpactSchema } from '../runtime/impact.ts';
import type { PluginEntry } from './plugin-details.schemas.ts';

// issue 15: activating a plugin draft first shows, per entry, the players who change case (the
// activation of the entry's A/B-test version) and who change configuration (same case, another
// configuration id in the draft than in the active set), as shares of the test's bucket space.

export const draftEntryImpactItemSchema = z.object({
  abTestId: z.string(),
  /** The version the draft serves (the active set's for a removed entry). */
  abTestVersion: z.number().int(),
  /** added: only in the draft; removed: only in the active set; kept: in both. */
  change: z.enum(['added', 'removed', 'kept']),
  impact: draftEntryImpactSchema,
});
export type DraftEntryImpactItem = z.infer<typeof draftEntryImpactItemSchema>;

export const pluginDraftImpactResponseSchema = z.object({ entries: z.array(draftEntryImpactItemSchema) });
export type PluginDraftImpactResponse = z.infer<typeof pluginDraftImpactResponseSchema>;

export interface PairedEntry {
  abTestId: string;
  active: PluginEntry | null;
  draft: PluginEntry | null;
}

/** The entries of the active set and the draft paired by A/B-test: draft order, then removed ones. */
export function pairEntriesByAbTest(
  active: readonly PluginEntry[],
  draft: readonly PluginEntry[],
): PairedEntry[] {
  const activeById = new Map(active.map((entry) => [entry.abTestId, entry]));
  const draftIds = new Set(draft.map((entry) => entry.abTestId));
  return [
    ...draft.map((entry) => ({
      abTestId: entry.abTestId,
      active: activeById.get(entry.abTestId) ?? null,
      draft: entry,
    })),
    ...active
      .filter((entry) => !draftIds.has(entry.abTestId))
      .map((entry) => ({ abTestId: entry.abTestId, active: entry, draft: null })),
  ];
}

/** Configuration ids per case, '' (no configuration) and a missing entry as null. */
export const configurationsByCase = (entry: PluginEntry | null): (string | null)[] =>
  (entry?.configurations ?? []).map((id) => (id === '' ? null : id));

export const entryChange = (pair: PairedEntry): DraftEntryImpactItem['change'] =>
  pair.active === null ? 'added' : pair.draft === null ? 'removed' : 'kept';
