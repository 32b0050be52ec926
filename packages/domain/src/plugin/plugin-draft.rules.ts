import {
  ABTEST_MESSAGES,
  currentVersionNumber,
  latestVersion,
  nextVersionNumber,
} from '../abtest/abtest.rules.ts';
import type { AbTest, AbTestVersion } from '../abtest/abtest.schemas.ts';
import { failRule, RULE_OK, type RuleResult } from '../abtest/rule-result.ts';
import { findConfigKind } from '../config/config-kinds.ts';
import { notFound } from '../errors.ts';
import { pluginNameOf } from '../operations/plugin.ts';
import { EMPTY_CONFIGURATION, type PluginData, type PluginEntry } from './plugin-details.schemas.ts';

// Plugin draft and draft messages: building a draft (add, reload, choose a configuration)
// and judging it. Pure functions: the screen and the server ask the same ones.

/** What the draft rules read of an A/B-test; a full AbTest fits. */
export type DraftAbTestView = Pick<AbTest, 'id' | 'active'> & {
  data: { versions: readonly Pick<AbTestVersion, 'version' | 'active' | 'cases'>[] };
};

export const PLUGIN_MESSAGES = {
  // Exact texts
  notFoundPage: 'Plugin not found',
  noAbTest: 'No AB-test configuration added',
  invalidEntry: (abTestId: string) => `The AB-test ${abTestId} has an invalid configuration`,
  emptyNotControl: (abTestId: string) =>
    `The AB-test ${abTestId} has an empty configuration that is not control`,
  activatedTitle: (pluginName: string) => `Plugin ${pluginName} was activated.`,
  /** The same result for a plugin that is switched off: its active set waits until it is switched on. */
  activatedSwitchedOff: (pluginName: string) =>
    `Plugin ${pluginName} was activated. It is switched off, so players do not get it yet.`,
  activationFailedTitle: 'Activation Failed',
  activationFailed: (pluginName: string, message: string) =>
    `Activation of ${pluginName} failed with message: ${message}`,
  autosaveTitle: 'AutoSave',
  autosaveText: 'Plugin draft configuration saved',
  // Decision (docs/decisions/, Plugin details and the draft): texts the product document does not give,
  // naming the thing.
  // The product's rule, then what to do next (its wording is ours: the product only says what it means).
  allVersionsActive: (abTestId: string) =>
    `All versions of AB-test '${abTestId}' are already active: save a new version and leave it inactive, move this entry to it, and activating the draft turns it on`,
  /** The entry's one-click way out of allVersionsActive (planSameWeightsVersion). */
  sameWeightsVersion: (version: number) => `Create version ${version} with the same weights`,
  /** A draft equal to the active set: activating it changes nothing, which is no fault of the operator. */
  draftIsActiveSet: 'The draft is the active set: nothing to activate',
  /** Beside draftIsActiveSet where an entry's A/B-test has all versions active (planSameWeightsVersion). */
  startNewVersion: 'Start a new version',
  abTestNotFound: (abTestId: string) => `AB-test '${abTestId}' not found`,
  noVersion: (abTestId: string) => `AB-test '${abTestId}' has no version to add`,
  caseCountMismatch: (abTestId: string, version: number, cases: number, slots: number) =>
    `AB-test '${abTestId}' version ${version} has ${cases} cases, but the entry has ${slots} configurations; reload it`,
  configurationNotFound: (configId: string) => `Configuration '${configId}' not found`,
  configurationOfOtherPlugin: (configId: string, pluginId: number) =>
    `Configuration '${configId}' is not a configuration of ${pluginNameOf(pluginId)}`,
  draftChanged: (pluginId: number, sent: number, current: number) =>
    `The draft of ${pluginNameOf(pluginId)} was changed meanwhile (you edited revision ${sent}, it is now revision ${current}); reload the plugin and edit again`,
  baseNotCurrent: (pluginId: number, sent: number, current: number) =>
    `The active set of ${pluginNameOf(pluginId)} is revision ${current}, not ${sent}; reload the plugin`,
  draftNotActivatable: (pluginId: number, problems: readonly string[]) =>
    `The draft of ${pluginNameOf(pluginId)} cannot be activated: ${problems.join('; ')}`,
  entriesChangedMeanwhile: (pluginId: number) =>
    `The A/B-test entries of ${pluginNameOf(pluginId)} kept changing while this change ran; try again`,
} as const;

const versionOf = (abTest: DraftAbTestView, version: number) =>
  abTest.data.versions.find((candidate) => candidate.version === version);

/**
 * A saved draft's entries: each names an existing version of an existing A/B-test (404 otherwise),
 * with one configuration slot per case of that version.
 */
export function checkEntriesFit(
  entries: readonly PluginEntry[],
  abTests: ReadonlyMap<string, DraftAbTestView>,
): RuleResult {
  for (const entry of entries) {
    const abTest = abTests.get(entry.abTestId);
    if (!abTest) return { ok: false, error: notFound(PLUGIN_MESSAGES.abTestNotFound(entry.abTestId)) };
    const version = versionOf(abTest, entry.abTestVersion);
    if (!version) {
      return {
        ok: false,
        error: notFound(ABTEST_MESSAGES.versionNotFound(entry.abTestId, entry.abTestVersion)),
      };
    }
    if (version.cases.length !== entry.configurations.length) {
      return failRule(
        PLUGIN_MESSAGES.caseCountMismatch(
          entry.abTestId,
          entry.abTestVersion,
          version.cases.length,
          entry.configurations.length,
        ),
      );
    }
  }
  return RULE_OK;
}

/**
 * A saved draft's chosen configurations: each exists (404 otherwise) and is of a kind of this plugin
 * (the picker's list). `found` are the configurations that exist among them, with their kind.
 */
export function checkConfigurationsFit(
  pluginId: number,
  configIds: readonly string[],
  found: readonly { id: string; kind: string }[],
): RuleResult {
  const kinds = new Map(found.map((row) => [row.id, row.kind]));
  for (const id of configIds) {
    const kind = kinds.get(id);
    if (kind === undefined) return { ok: false, error: notFound(PLUGIN_MESSAGES.configurationNotFound(id)) };
    if (findConfigKind(kind)?.pluginId !== pluginId) {
      return failRule(PLUGIN_MESSAGES.configurationOfOtherPlugin(id, pluginId));
    }
  }
  return RULE_OK;
}

/** One empty slot per case (an added A/B-test has one empty configuration slot per case). */
const emptySlots = (count: number) => Array.from({ length: count }, () => EMPTY_CONFIGURATION);

/** Adding an A/B-test adds its highest version with one empty slot per case. */
export function newDraftEntry(abTest: DraftAbTestView): PluginEntry | RuleResult {
  const highest = latestVersion(abTest.data.versions);
  if (!highest) return failRule(PLUGIN_MESSAGES.noVersion(abTest.id));
  return {
    abTestId: abTest.id,
    abTestVersion: highest.version,
    configurations: emptySlots(highest.cases.length),
  };
}

/** True for the entry newDraftEntry answers, false for its refusal. */
export function isDraftEntry(value: PluginEntry | RuleResult): value is PluginEntry {
  return 'abTestId' in value;
}

/**
 * Reload replaces the entry with the A/B-test's highest version; the chosen configurations
 * are kept by case index, trimmed or padded (with empty slots) to the new case count.
 */
export function reloadDraftEntry(entry: PluginEntry, abTest: DraftAbTestView): PluginEntry {
  const highest = latestVersion(abTest.data.versions);
  return highest ? moveEntryToVersion(entry, highest) : entry;
}

/** The entry on `version`, its configurations kept by case index, trimmed or padded to its case count. */
export function moveEntryToVersion(
  entry: PluginEntry,
  version: Pick<AbTestVersion, 'version' | 'cases'>,
): PluginEntry {
  const count = version.cases.length;
  const kept = entry.configurations.slice(0, count);
  return {
    abTestId: entry.abTestId,
    abTestVersion: version.version,
    configurations: [...kept, ...emptySlots(count - kept.length)],
  };
}

/** What the one-click way out of "all versions are already active" saves: version `next`, `weights`. */
export interface SameWeightsVersion {
  /** The latest version (N), all of whose versions are active. */
  latest: number;
  /** The number the new version gets (N + 1). */
  next: number;
  weights: number[];
}

/**
 * For an entry that is invalid only because all versions of its A/B-test are already active: a new,
 * inactive version with the latest version's weights (so activating it moves no player to another
 * case), which the entry then moves to with its configurations kept (moveEntryToVersion); activating
 * the draft activates it. Null for any other entry. The segment belongs to the A/B-test, not the
 * version, so it stays as it is.
 */
export function planSameWeightsVersion(
  entry: PluginEntry,
  abTest: DraftAbTestView | undefined,
): SameWeightsVersion | null {
  if (!abTest || checkDraftEntry(entry, abTest) !== PLUGIN_MESSAGES.allVersionsActive(entry.abTestId))
    return null;
  const latest = latestVersion(abTest.data.versions)!;
  return {
    latest: latest.version,
    next: nextVersionNumber(abTest.data.versions),
    weights: [...latest.cases],
  };
}

/**
 * Choosing a configuration for a case clears that id from every other case of the entry.
 * Choosing '' (Select none) empties the case.
 */
export function chooseConfiguration(entry: PluginEntry, caseIndex: number, configId: string): PluginEntry {
  return {
    ...entry,
    configurations: entry.configurations.map((current, index) => {
      if (index === caseIndex) return configId;
      return configId !== EMPTY_CONFIGURATION && current === configId ? EMPTY_CONFIGURATION : current;
    }),
  };
}

/** Reorder: the entry at `from` moves to `to` (both clamped to the list). */
export function moveDraftEntry(entries: readonly PluginEntry[], from: number, to: number): PluginEntry[] {
  const list = [...entries];
  if (from < 0 || from >= list.length) return list;
  const [moved] = list.splice(from, 1);
  list.splice(Math.max(0, Math.min(to, list.length)), 0, moved!);
  return list;
}

/**
 * What makes one entry invalid (the info card's warning icon), or null. "its A/B-test is
 * active, its selected version is active and it is still the highest version" (all versions are
 * already active). Decision: also an A/B-test or version that does not exist, a slot count other
 * than the version's case count, and an inactive version older than the current one (it could not
 * be activated: only newer versions activate).
 */
export function checkDraftEntry(entry: PluginEntry, abTest: DraftAbTestView | undefined): string | null {
  if (!abTest) return PLUGIN_MESSAGES.abTestNotFound(entry.abTestId);
  const version = versionOf(abTest, entry.abTestVersion);
  if (!version) return ABTEST_MESSAGES.versionNotFound(entry.abTestId, entry.abTestVersion);
  if (version.cases.length !== entry.configurations.length)
    return PLUGIN_MESSAGES.caseCountMismatch(
      entry.abTestId,
      entry.abTestVersion,
      version.cases.length,
      entry.configurations.length,
    );
  const isHighest = latestVersion(abTest.data.versions)?.version === version.version;
  if (abTest.active && version.active && isHighest) return PLUGIN_MESSAGES.allVersionsActive(entry.abTestId);
  const current = currentVersionNumber(abTest.data.versions);
  if (!version.active && version.version <= current)
    return ABTEST_MESSAGES.versionNotNewer(version.version, current);
  return null;
}

/** A case other than the first (control) without a configuration. */
export const hasEmptyNonControlCase = (entry: PluginEntry) =>
  entry.configurations.some((configId, index) => index > 0 && configId === EMPTY_CONFIGURATION);

export interface DraftCheck {
  isValid: boolean;
  /** Draft messages, in draft order. */
  messages: string[];
}

/**
 * The draft is valid only with at least one A/B-test, every entry valid and no empty case
 * other than the first (control). `abTests` holds (at least) the draft's A/B-tests.
 */
export function checkDraft(entries: readonly PluginEntry[], abTests: Iterable<DraftAbTestView>): DraftCheck {
  if (entries.length === 0) return { isValid: false, messages: [PLUGIN_MESSAGES.noAbTest] };
  const byId = new Map([...abTests].map((abTest) => [abTest.id, abTest]));
  const messages = entries.flatMap((entry) => [
    ...(checkDraftEntry(entry, byId.get(entry.abTestId))
      ? [PLUGIN_MESSAGES.invalidEntry(entry.abTestId)]
      : []),
    ...(hasEmptyNonControlCase(entry) ? [PLUGIN_MESSAGES.emptyNotControl(entry.abTestId)] : []),
  ]);
  return { isValid: messages.length === 0, messages };
}

/** The entry lists the draft rules read: a plugin's data or its state in an activation plan. */
export interface DraftAndActiveSet {
  active: readonly PluginEntry[];
  draft: readonly PluginEntry[];
}

/** The draft holds exactly the active set's entries (same A/B-tests, versions, configurations, order). */
export function isDraftTheActiveSet(data: DraftAndActiveSet): boolean {
  const { active, draft } = data;
  return (
    draft.length > 0 &&
    draft.length === active.length &&
    draft.every((entry, index) => {
      const served = active[index]!;
      return (
        entry.abTestId === served.abTestId &&
        entry.abTestVersion === served.abTestVersion &&
        entry.configurations.length === served.configurations.length &&
        entry.configurations.every((configId, slot) => configId === served.configurations[slot])
      );
    })
  );
}

export interface PluginDraftCheck extends DraftCheck {
  /** The draft is the active set: not activatable, yet nothing the operator did is wrong. */
  isActiveSet: boolean;
}

/**
 * Decision (docs/decisions/0216): a draft equal to the active set (as every
 * activation leaves it, and the "Update is not allowed" flow re-bases it) is judged as one thing, "The draft
 * is the active set: nothing to activate", never "invalid configuration": its entries name versions that are
 * already active only because they are served. Any other draft is judged entry by entry (checkDraft).
 */
export function checkPluginDraft(
  data: DraftAndActiveSet,
  abTests: Iterable<DraftAbTestView>,
): PluginDraftCheck {
  if (isDraftTheActiveSet(data))
    return { isValid: false, isActiveSet: true, messages: [PLUGIN_MESSAGES.draftIsActiveSet] };
  return { ...checkDraft(data.draft, abTests), isActiveSet: false };
}

/** Each entry's own problem (checkDraftEntry), for the details of a refusal. */
export function listDraftProblems(
  entries: readonly PluginEntry[],
  abTests: Iterable<DraftAbTestView>,
): string[] {
  const byId = new Map([...abTests].map((abTest) => [abTest.id, abTest]));
  return entries.flatMap((entry) => {
    const problem = checkDraftEntry(entry, byId.get(entry.abTestId));
    return problem ? [problem] : [];
  });
}

/** The draft was made on an active set that has changed since (activation, reassignment). */
export const isDraftStale = (data: Pick<PluginData, 'activeRevision' | 'draftBaseRevision'>) =>
  data.draftBaseRevision !== data.activeRevision;

/**
 * The draft's base after the "Update is not allowed" flow moved the plugin's entries: the flow moves
 * the same entries of the active set and of the draft, so a draft made on the active set as it was
 * stays current (re-based on the new active revision); a draft that was already stale stays stale,
 * and the flow names it so the operator reloads it.
 */
export function draftBaseAfterReassign(
  before: Pick<PluginData, 'activeRevision' | 'draftBaseRevision'>,
  activeRevisionAfter: number,
): number {
  return isDraftStale(before) ? before.draftBaseRevision : activeRevisionAfter;
}

/** Draft saves name their base; this checks it is the current active set (re-basing). */
export function checkBaseRevision(
  pluginId: number,
  sent: number | undefined,
  data: Pick<PluginData, 'activeRevision'>,
): RuleResult {
  if (sent === undefined || sent === data.activeRevision) return RULE_OK;
  return failRule(PLUGIN_MESSAGES.baseNotCurrent(pluginId, sent, data.activeRevision));
}
