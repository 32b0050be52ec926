import { z } from 'zod';
import {
  describeMovedBuckets,
  formatBucketShare,
  initialRanges,
  type MovedBuckets,
  movedBuckets,
  movedBucketsSchema,
  rangesSize,
  reassignRanges,
} from './ranges.ts';
import type { BucketRange } from './snapshot.ts';

// "impact before a change": activating a version, applying a rollout or activating a plugin
// draft first says how many players change case (and, for a draft, configuration), as an exact share
// of the test's bucket space. The preview calls the same reassignRanges with the same input as the
// activation (abtest-ranges.ts rangesForActivation), so it shows what will be stored.

/**
 * Why a change moves nobody whatever its ranges: its A/B-test is inactive (resolvePlayer skips it,
 * and activating a version — alone, by a rollout apply or by a plugin draft — never activates the
 * test, so it serves no player before or after); or, for a draft entry, its plugin is switched off
 * (its players receive nothing from it).
 */
export const entryUnaffectedReasonSchema = z.enum(['abtest-inactive', 'plugin-disabled']);
export type EntryUnaffectedReason = z.infer<typeof entryUnaffectedReasonSchema>;

export const splitChangeImpactSchema = z.object({
  /** Exact buckets changing case; null when re-randomised (a new salt draws every player afresh). */
  moves: movedBucketsSchema.nullable(),
  /** A re-randomise: every player of the test is split anew, whatever the weights. */
  everyoneResplit: z.boolean(),
  /** "4.00% of players in this test move: ...", "No player changes case", the re-split or the inactive-test sentence. */
  sentence: z.string(),
  /** 'abtest-inactive' when the test serves no player, so nobody moves whatever the weights; else null. */
  unaffected: entryUnaffectedReasonSchema.extract(['abtest-inactive']).nullable(),
});
export type SplitChangeImpact = z.infer<typeof splitChangeImpactSchema>;

export const EVERYONE_RESPLIT_SENTENCE =
  'Everyone in this test is re-split: every player is drawn into a case afresh';
export const INACTIVE_TEST_SENTENCE =
  'No player is affected: the AB-test is inactive, so it serves no player (activating a version does not activate the test)';

/** An inactive test's change: no move and no re-split, as resolvePlayer serves nobody from it. */
const inactiveTestImpact = (): SplitChangeImpact => ({
  moves: { moved: 0, flows: [] },
  everyoneResplit: false,
  sentence: INACTIVE_TEST_SENTENCE,
  unaffected: 'abtest-inactive',
});

/**
 * The ranges an activation stores: the current ranges reassigned (fewest moves), or the initial
 * ranges for a first version or a re-randomise. The one rule, shared by the server and the preview.
 */
export function rangesAfterActivation(
  currentRanges: readonly (readonly BucketRange[])[] | null,
  newWeights: readonly number[],
  reRandomise: boolean,
): BucketRange[][] {
  if (reRandomise || currentRanges === null) return initialRanges(newWeights);
  return reassignRanges(currentRanges, newWeights);
}

export interface SplitChangeOptions {
  /** The test's active flag, which the change leaves as it is: an inactive test moves nobody. */
  isAbTestActive: boolean;
  reRandomise?: boolean;
}

/**
 * The impact of activating `newWeights` over a test whose current version owns `currentRanges`
 * (null: no current version, so every player comes from no case). Throws a RangeError on weights not
 * totalling BUCKET_COUNT or malformed ranges, as the activation would, inactive test or not.
 */
export function impactOfSplitChange(
  currentRanges: readonly (readonly BucketRange[])[] | null,
  newWeights: readonly number[],
  { isAbTestActive, reRandomise = false }: SplitChangeOptions,
): SplitChangeImpact {
  const next = rangesAfterActivation(currentRanges, newWeights, reRandomise);
  if (!isAbTestActive) return inactiveTestImpact();
  if (reRandomise)
    return { moves: null, everyoneResplit: true, sentence: EVERYONE_RESPLIT_SENTENCE, unaffected: null };
  const moves = movedBuckets(currentRanges ?? [], next);
  return { moves, everyoneResplit: false, sentence: describeMovedBuckets(moves), unaffected: null };
}

// ---- a plugin draft: the players whose case or configuration changes, per entry ----

export const draftEntryImpactSchema = splitChangeImpactSchema.extend({
  /** Buckets of the test's segment that get another configuration (case change included); null when re-split. */
  configurationChanged: z.number().int().nullable(),
  /** "12.00% of the players in this test's segment get another configuration" or "No player ...". */
  configurationSentence: z.string(),
  /** Why no player changes configuration (and, for an inactive test, case) whatever the ranges; else null. */
  unaffected: entryUnaffectedReasonSchema.nullable(),
});
export type DraftEntryImpact = z.infer<typeof draftEntryImpactSchema>;

export const DISABLED_PLUGIN_CONFIGURATION_SENTENCE =
  'No player changes configuration: the plugin is switched off, so it serves no player';

export interface DraftEntryChange {
  /** The ranges the test's current version owns; null without a current version. */
  currentRanges: readonly (readonly BucketRange[])[] | null;
  /** The ranges the test will serve after the draft's activation (equal when its version stays). */
  nextRanges: readonly (readonly BucketRange[])[];
  /** Configuration id per case in the active set (null: none, or the entry is new). */
  activeConfigurations: readonly (string | null)[];
  /** Configuration id per case in the draft (null: none, or the entry is removed). */
  draftConfigurations: readonly (string | null)[];
  /** The test's active flag, which the draft's activation leaves as it is. */
  isAbTestActive: boolean;
  /** The plugin's active flag (switched on), which the draft's activation leaves as it is. */
  isPluginEnabled: boolean;
  reRandomise?: boolean;
}

/**
 * Buckets whose configuration differs before and after: a bucket moving from case i to case j changes
 * when active[i] ≠ draft[j]; one staying in case i when active[i] ≠ draft[i]. Exact, from the flows.
 */
export function configurationChangedBuckets(
  currentRanges: readonly (readonly BucketRange[])[],
  nextRanges: readonly (readonly BucketRange[])[],
  activeConfigurations: readonly (string | null)[],
  draftConfigurations: readonly (string | null)[],
  moves: MovedBuckets = movedBuckets(currentRanges, nextRanges),
): number {
  const before = (caseIndex: number | null) =>
    caseIndex === null ? null : (activeConfigurations[caseIndex] ?? null);
  const after = (caseIndex: number | null) =>
    caseIndex === null ? null : (draftConfigurations[caseIndex] ?? null);
  let changed = 0;
  const leaving = new Map<number, number>();
  for (const flow of moves.flows) {
    if (before(flow.from) !== after(flow.to)) changed += flow.buckets;
    if (flow.from !== null) leaving.set(flow.from, (leaving.get(flow.from) ?? 0) + flow.buckets);
  }
  currentRanges.forEach((ranges, caseIndex) => {
    const stayed = rangesSize(ranges) - (leaving.get(caseIndex) ?? 0);
    if (stayed > 0 && before(caseIndex) !== after(caseIndex)) changed += stayed;
  });
  return changed;
}

export function describeConfigurationChange(buckets: number | null): string {
  if (buckets === null)
    return 'Everyone in this test is re-split, so any player may get another configuration';
  if (buckets === 0) return 'No player changes configuration';
  return `${formatBucketShare(buckets)} of the players in this test's segment get another configuration`;
}

/**
 * One draft entry's impact: the case moves of its test's activation and the configuration changes.
 * An inactive test serves no player, before or after: no move, no change (resolvePlayer skips it).
 * A switched-off plugin serves no player: its test's players still move case (other plugins on the
 * test see it), but none changes configuration through this plugin.
 */
export function impactOfDraftEntry(change: DraftEntryChange): DraftEntryImpact {
  const { currentRanges, nextRanges, activeConfigurations, draftConfigurations } = change;
  if (!change.isAbTestActive) {
    return {
      ...inactiveTestImpact(),
      configurationChanged: 0,
      configurationSentence: describeConfigurationChange(0),
    };
  }
  const unaffected = change.isPluginEnabled ? null : 'plugin-disabled';
  if (change.reRandomise) {
    return {
      moves: null,
      everyoneResplit: true,
      sentence: EVERYONE_RESPLIT_SENTENCE,
      configurationChanged: unaffected ? 0 : null,
      configurationSentence: unaffected
        ? DISABLED_PLUGIN_CONFIGURATION_SENTENCE
        : describeConfigurationChange(null),
      unaffected,
    };
  }
  const moves = movedBuckets(currentRanges ?? [], nextRanges);
  const configurationChanged = unaffected
    ? 0
    : configurationChangedBuckets(
        currentRanges ?? [],
        nextRanges,
        activeConfigurations,
        draftConfigurations,
        moves,
      );
  return {
    moves,
    everyoneResplit: false,
    sentence: describeMovedBuckets(moves),
    configurationChanged,
    configurationSentence: unaffected
      ? DISABLED_PLUGIN_CONFIGURATION_SENTENCE
      : describeConfigurationChange(configurationChanged),
    unaffected,
  };
}
