import { z } from 'zod';
import { checkVersionActivation } from '../abtest/abtest.rules.ts';
import { draftEntryImpactSchema, impactOfDraftEntry, rangesAfterActivation } from '../runtime/impact.ts';
import type { BucketRange } from '../runtime/snapshot.ts';
import type { VersionToActivate } from './plugin-activation.rules.ts';
import type { PluginEntry } from './plugin-details.schemas.ts';
import type { DraftAbTestView } from './plugin-draft.rules.ts';

// Activating a plugin draft first shows, per entry, the players who change case (the
// activation of the entry's A/B-test version) and who change configuration (same case, another
// configuration id in the draft than in the active set), as shares of the test's bucket space; and
// the same for every other plugin whose draft is activated alongside, since their players
// change too.

export const draftEntryImpactItemSchema = z.object({
  abTestId: z.string(),
  /** The version the draft serves (the active set's for a removed entry). */
  abTestVersion: z.number().int(),
  /** added: only in the draft; removed: only in the active set; kept: in both. */
  change: z.enum(['added', 'removed', 'kept']),
  impact: draftEntryImpactSchema,
});
export type DraftEntryImpactItem = z.infer<typeof draftEntryImpactItemSchema>;

/** "the plugins that will be activated alongside": one of them, with its entries' impacts. */
export const alongsidePluginImpactSchema = z.object({
  pluginId: z.number().int(),
  pluginName: z.string(),
  entries: z.array(draftEntryImpactItemSchema),
});
export type AlongsidePluginImpact = z.infer<typeof alongsidePluginImpactSchema>;

export const pluginDraftImpactResponseSchema = z.object({
  /** The entries of this plugin's draft, then those it removes. */
  entries: z.array(draftEntryImpactItemSchema),
  /** The other plugins whose drafts the activation activates alongside, by ascending id. */
  alongside: z.array(alongsidePluginImpactSchema),
});
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

type CaseRanges = readonly (readonly BucketRange[])[];

/** One A/B-test as a draft's activation leaves it: whether it serves, and its ranges before and after. */
export interface TestSplitChange {
  /** The test's active flag: the activation activates versions, never the test (plugin-activation.service). */
  isActive: boolean;
  /** The ranges its current version owns; null without a current version. */
  currentRanges: CaseRanges | null;
  nextRanges: CaseRanges;
}

/** One A/B-test's version as a draft's activation makes it current: its weights and the ranges fixed. */
export interface ActivatedVersion {
  version: number;
  weights: readonly number[];
  ranges: BucketRange[][];
}

/**
 * The plan's versions of one A/B-test activated in the plan's order, as the activation service does:
 * a version the activation refuses (checkVersionActivation: unknown, already active, not newer) is
 * left out; each other reassigns the ranges the previous left (fewest moves, no re-randomise). The
 * last version made current, or null when none is. The draft impact and the player preview both call it.
 */
export function activatePlannedVersions(
  abTest: DraftAbTestView,
  currentRanges: CaseRanges | null,
  versions: readonly VersionToActivate[],
): ActivatedVersion | null {
  let known = abTest.data.versions;
  let ranges = currentRanges;
  let activated: ActivatedVersion | null = null;
  for (const { abTestId, version } of versions) {
    if (
      abTestId !== abTest.id ||
      !checkVersionActivation({ id: abTest.id, data: { versions: known } }, version).ok
    )
      continue;
    const weights = known.find((candidate) => candidate.version === version)!.cases;
    activated = { version, weights, ranges: rangesAfterActivation(ranges, weights, false) };
    ranges = activated.ranges;
    known = known.map((candidate) =>
      candidate.version === version ? { ...candidate, active: true } : candidate,
    );
  }
  return activated;
}

/** What the activation does to one A/B-test: its ranges before and after (activatePlannedVersions). */
export function splitAfterDraftActivation(
  abTest: DraftAbTestView,
  currentRanges: CaseRanges | null,
  versions: readonly VersionToActivate[],
): TestSplitChange {
  const activated = activatePlannedVersions(abTest, currentRanges, versions);
  return { isActive: abTest.active, currentRanges, nextRanges: activated?.ranges ?? currentRanges ?? [] };
}

/** A plugin as its draft's impact reads it: switched on or off, its active set and its draft. */
export interface PluginImpactInput {
  isEnabled: boolean;
  active: readonly PluginEntry[];
  draft: readonly PluginEntry[];
}

/**
 * Per entry of the plugin's draft (then per entry it removes), the players whose case or
 * configuration the activation changes, from the splits of its A/B-tests (a test absent from
 * `splits` serves no ranges, so nobody moves).
 */
export function impactOfPluginDraft(
  plugin: PluginImpactInput,
  splits: ReadonlyMap<string, TestSplitChange>,
): DraftEntryImpactItem[] {
  return pairEntriesByAbTest(plugin.active, plugin.draft).map((pair) => {
    const split = splits.get(pair.abTestId);
    return {
      abTestId: pair.abTestId,
      abTestVersion: (pair.draft ?? pair.active!).abTestVersion,
      change: entryChange(pair),
      impact: impactOfDraftEntry({
        currentRanges: split?.currentRanges ?? null,
        nextRanges: split?.nextRanges ?? [],
        activeConfigurations: configurationsByCase(pair.active),
        draftConfigurations: configurationsByCase(pair.draft),
        isAbTestActive: split?.isActive ?? true,
        isPluginEnabled: plugin.isEnabled,
      }),
    };
  });
}
