import type { AbTestUsageResponse } from '../abtest/abtest.schemas.ts';
import { failRule, type RuleResult } from '../abtest/rule-result.ts';
import { pluginNameOf } from '../operations/plugin.ts';
import type { PluginData, PluginEntry } from './plugin-details.schemas.ts';
import {
  checkDraft,
  checkDraftEntry,
  checkPluginDraft,
  type DraftAbTestView,
  isDraftStale,
  listDraftProblems,
  PLUGIN_MESSAGES,
} from './plugin-draft.rules.ts';

// Plugin draft: "Activation also activates the selected A/B-test versions. A draft can be
// activated from another plugin using the same A/B-test version." What one activation does to every
// plugin, and what /abtest-usage reports of one entry, decided from one snapshot.

/** One plugin's entries and revisions, as the rules read them. */
export interface PluginDraftState
  extends Pick<PluginData, 'activeRevision' | 'draftRevision' | 'draftBaseRevision'> {
  pluginId: number;
  active: readonly PluginEntry[];
  draft: readonly PluginEntry[];
}

/** An A/B-test version an activation makes active. */
export interface VersionToActivate {
  abTestId: string;
  version: number;
}

export interface ActivationPlan {
  /** The versions of the draft's entries that are not active yet, in draft order. */
  versions: VersionToActivate[];
  /** Other plugins whose drafts are activated alongside, ascending. */
  alongside: number[];
  /** Other plugins whose drafts hold an activated version but cannot be activated; left as they are. */
  skipped: [number, string][];
  /** Plugins the activation would leave serving another version of an activated A/B-test: blocking. */
  fatal: [number, string][];
}

/** "the plugins that will be activated alongside", as the validation and the preview say it. */
export const NOTHING_ALONGSIDE = 'No other plugin is activated alongside';
export const describeActivatedAlongside = (pluginIds: readonly number[]): string =>
  pluginIds.length === 0
    ? NOTHING_ALONGSIDE
    : `Activated alongside: ${pluginIds.map(pluginNameOf).join(', ')}`;

const keyOf = (abTestId: string, version: number) => `${abTestId}\u0000${version}`;

/** The versions activating this draft activates, each once. */
export function listVersionsToActivate(
  draft: readonly PluginEntry[],
  abTests: ReadonlyMap<string, DraftAbTestView>,
): VersionToActivate[] {
  const seen = new Set<string>();
  const versions: VersionToActivate[] = [];
  for (const entry of draft) {
    const version = abTests
      .get(entry.abTestId)
      ?.data.versions.find((candidate) => candidate.version === entry.abTestVersion);
    const key = keyOf(entry.abTestId, entry.abTestVersion);
    if (!version || version.active || seen.has(key)) continue;
    seen.add(key);
    versions.push({ abTestId: entry.abTestId, version: entry.abTestVersion });
  }
  return versions;
}

export const ACTIVATION_MESSAGES = {
  staleDraft: (pluginId: number, base: number, current: number) =>
    `the draft of ${pluginNameOf(pluginId)} is stale (made on active set revision ${base}, now ${current})`,
  needsOtherVersion: (abTestId: string, version: number) =>
    `its draft also needs version ${version} of AB-test '${abTestId}', which this activation does not activate`,
  noDraftForVersion: (pluginId: number, abTestId: string, served: number, version: number) =>
    `${pluginNameOf(pluginId)} serves AB-test '${abTestId}' version ${served} and its draft has no entry for version ${version}`,
  draftCannotFollow: (pluginId: number, abTestId: string, served: number, version: number, reason: string) =>
    `${pluginNameOf(pluginId)} serves AB-test '${abTestId}' version ${served}; its draft for version ${version} cannot be activated alongside: ${reason}`,
  blocked: (pluginId: number, fatal: readonly [number, string][]) =>
    `The draft of ${pluginNameOf(pluginId)} cannot be activated: ${fatal.map(([, message]) => message).join('; ')}`,
} as const;

/** Why another plugin's draft cannot be activated alongside, or null when it can. */
function coActivationProblem(
  plugin: PluginDraftState,
  activated: ReadonlySet<string>,
  abTests: ReadonlyMap<string, DraftAbTestView>,
): string | null {
  if (isDraftStale(plugin))
    return ACTIVATION_MESSAGES.staleDraft(plugin.pluginId, plugin.draftBaseRevision, plugin.activeRevision);
  const check = checkDraft(plugin.draft, abTests.values());
  if (!check.isValid) return check.messages.join('; ');
  const missing = listVersionsToActivate(plugin.draft, abTests).find(
    (version) => !activated.has(keyOf(version.abTestId, version.version)),
  );
  return missing ? ACTIVATION_MESSAGES.needsOtherVersion(missing.abTestId, missing.version) : null;
}

/** The version of the A/B-test the plugin's active set serves other than `version`, if any. */
const servedOtherVersion = (plugin: PluginDraftState, abTestId: string, version: number) =>
  plugin.active.find((entry) => entry.abTestId === abTestId && entry.abTestVersion !== version)
    ?.abTestVersion;

/**
 * How activating `versions` affects one other plugin: activated alongside, skipped (its draft holds
 * one of them but cannot follow, and it serves none of their A/B-tests), fatal (it would be left
 * serving another version of an activated A/B-test), or untouched.
 */
function judgeOtherPlugin(
  plugin: PluginDraftState,
  versions: readonly VersionToActivate[],
  activated: ReadonlySet<string>,
  abTests: ReadonlyMap<string, DraftAbTestView>,
): { outcome: 'alongside' } | { outcome: 'skipped' | 'fatal'; message: string } | null {
  const draftFollows = plugin.draft.some((entry) =>
    activated.has(keyOf(entry.abTestId, entry.abTestVersion)),
  );
  const problem = draftFollows ? coActivationProblem(plugin, activated, abTests) : null;
  for (const { abTestId, version } of versions) {
    const served = servedOtherVersion(plugin, abTestId, version);
    if (served === undefined) continue;
    const follows = plugin.draft.some(
      (entry) => entry.abTestId === abTestId && entry.abTestVersion === version,
    );
    if (!follows)
      return {
        outcome: 'fatal',
        message: ACTIVATION_MESSAGES.noDraftForVersion(plugin.pluginId, abTestId, served, version),
      };
    if (problem)
      return {
        outcome: 'fatal',
        message: ACTIVATION_MESSAGES.draftCannotFollow(plugin.pluginId, abTestId, served, version, problem),
      };
  }
  if (!draftFollows) return null;
  return problem ? { outcome: 'skipped', message: problem } : { outcome: 'alongside' };
}

/**
 * The plugin's own draft must be valid and not stale; answers why not. The stale case is
 * told by the caller, who can say what changed (describeStaleDraft).
 */
export function checkDraftActivation(
  plugin: PluginDraftState,
  abTests: ReadonlyMap<string, DraftAbTestView>,
): RuleResult {
  const check = checkPluginDraft(plugin, abTests.values());
  if (check.isValid) return { ok: true };
  if (check.isActiveSet)
    return failRule(PLUGIN_MESSAGES.draftNotActivatable(plugin.pluginId, check.messages));
  const problems = [...check.messages, ...listDraftProblems(plugin.draft, abTests.values())];
  return failRule(PLUGIN_MESSAGES.draftNotActivatable(plugin.pluginId, problems));
}

/**
 * What activating `pluginId`'s draft does: the versions it activates; the other plugins
 * whose drafts hold one of those versions are activated alongside when their draft is valid, not
 * stale and needs no other version; a plugin that would be left serving another version of an
 * activated A/B-test is fatal. `plugins` holds every plugin using one of the draft's A/B-tests.
 */
export function planDraftActivation(
  pluginId: number,
  plugins: readonly PluginDraftState[],
  abTests: ReadonlyMap<string, DraftAbTestView>,
): ActivationPlan {
  const plugin = plugins.find((candidate) => candidate.pluginId === pluginId);
  const versions = plugin ? listVersionsToActivate(plugin.draft, abTests) : [];
  const activated = new Set(versions.map((version) => keyOf(version.abTestId, version.version)));
  const plan: ActivationPlan = { versions, alongside: [], skipped: [], fatal: [] };
  const others = plugins.filter((candidate) => candidate.pluginId !== pluginId);
  for (const other of [...others].sort((a, b) => a.pluginId - b.pluginId)) {
    const judged = judgeOtherPlugin(other, versions, activated, abTests);
    if (!judged) continue;
    if (judged.outcome === 'alongside') plan.alongside.push(other.pluginId);
    else plan[judged.outcome].push([other.pluginId, judged.message]);
  }
  return plan;
}

/**
 * Validate, /abtest-usage for one entry (abTestId, version) of the plugin's draft: the
 * plugins activated alongside because of this entry (validUsages), and the blocking errors per
 * plugin (fatal) — the entry's own problem and the plugins left serving another version.
 */
export function checkAbTestUsage(
  pluginId: number,
  entry: Pick<PluginEntry, 'abTestId' | 'abTestVersion'>,
  plugins: readonly PluginDraftState[],
  abTests: ReadonlyMap<string, DraftAbTestView>,
): AbTestUsageResponse {
  const plugin = plugins.find((candidate) => candidate.pluginId === pluginId);
  const usage: AbTestUsageResponse = { validUsages: [], fatal: [] };
  const abTest = abTests.get(entry.abTestId);
  const draftEntry = plugin?.draft.find(
    (candidate) => candidate.abTestId === entry.abTestId && candidate.abTestVersion === entry.abTestVersion,
  );
  const ownProblem = checkDraftEntry(
    draftEntry ?? { ...entry, configurations: Array.from({ length: caseCountOf(abTest, entry) }, () => '') },
    abTest,
  );
  if (ownProblem) usage.fatal.push([pluginId, ownProblem]);
  const version = abTest?.data.versions.find((candidate) => candidate.version === entry.abTestVersion);
  if (!version || version.active) return usage;

  const draft = plugin?.draft ?? [];
  const versions = listVersionsToActivate(
    draftEntry ? draft : [...draft, { ...entry, configurations: [] }],
    abTests,
  );
  const activated = new Set(versions.map((candidate) => keyOf(candidate.abTestId, candidate.version)));
  const thisVersion = [{ abTestId: entry.abTestId, version: entry.abTestVersion }];
  for (const other of [...plugins].sort((a, b) => a.pluginId - b.pluginId)) {
    if (other.pluginId === pluginId) continue;
    const holdsThisVersion = other.draft.some(
      (candidate) => candidate.abTestId === entry.abTestId && candidate.abTestVersion === entry.abTestVersion,
    );
    const judged = judgeOtherPlugin(other, thisVersion, activated, abTests);
    if (judged?.outcome === 'fatal') usage.fatal.push([other.pluginId, judged.message]);
    else if (judged?.outcome === 'alongside' && holdsThisVersion) usage.validUsages.push(other.pluginId);
  }
  return usage;
}

function caseCountOf(
  abTest: DraftAbTestView | undefined,
  entry: Pick<PluginEntry, 'abTestId' | 'abTestVersion'>,
) {
  return (
    abTest?.data.versions.find((candidate) => candidate.version === entry.abTestVersion)?.cases.length ?? 0
  );
}

/** One change of a plugin's active set, as the audit log tells it. */
export interface ActiveSetChange {
  activeRevision: number;
  email: string;
  /** UTC milliseconds */
  created: number;
  /** Activated by its own draft, alongside another plugin's, or moved by the configurations flow. */
  how:
    | { kind: 'activated' }
    | { kind: 'alongside'; pluginName: string }
    | { kind: 'reassigned'; from: string; to: string };
}

const utcMinute = (millis: number) => `${new Date(millis).toISOString().slice(0, 16)} UTC`;

function describeChange(change: ActiveSetChange): string {
  const who = `by ${change.email} at ${utcMinute(change.created)}`;
  switch (change.how.kind) {
    case 'activated':
      return `revision ${change.activeRevision}: its draft was activated ${who}`;
    case 'alongside':
      return `revision ${change.activeRevision}: its draft was activated alongside ${change.how.pluginName} ${who}`;
    case 'reassigned':
      return `revision ${change.activeRevision}: configuration '${change.how.from}' was replaced by '${change.how.to}' (Update is not allowed flow) ${who}`;
  }
}

/**
 * The stale-draft refusal ("409 with a message saying what changed"): the revisions, and
 * each change of the active set since the draft's base, oldest first.
 */
export function describeStaleDraft(
  pluginId: number,
  data: Pick<PluginData, 'activeRevision' | 'draftBaseRevision'>,
  changes: readonly ActiveSetChange[],
): string {
  const name = pluginNameOf(pluginId);
  const listed = changes.length > 0 ? ` (${changes.map(describeChange).join('; ')})` : '';
  return `The draft of ${name} is stale: it was made on active set revision ${data.draftBaseRevision}, and the active set is now revision ${data.activeRevision}${listed}. Reload the draft on top of the current active set.`;
}

const STALE_DRAFT = /^The draft of \S+ is stale: /;

/** True for the stale-draft refusal, so the screen can offer to reload the draft on top of the active set. */
export const isStaleDraftMessage = (message: string): boolean => STALE_DRAFT.test(message);
