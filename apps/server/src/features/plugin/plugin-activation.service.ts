import {
  type AbTest,
  ACTIVATION_MESSAGES,
  type ActivateDraftRequest,
  type ActivateDraftResponse,
  assertRule,
  checkDraftActivation,
  checkVersionActivation,
  conflict,
  isDraftStale,
  PLUGIN_MESSAGES,
  planDraftActivation,
  pluginNameOf,
  ruleViolation,
  type VersionToActivate,
} from '@console/domain';
import type { Db, Tx } from '../../db/client.ts';
import { mutate, type UnitOfWork } from '../../db/unit-of-work.ts';
import { abTestAudit } from '../abtest/abtest.access.ts';
import { activateVersionWithRanges } from '../abtest/abtest-version-activation.ts';
import {
  listPluginStates,
  lockAbTestsForUpdate,
  lockPlugins,
  type PluginStateRow,
  replacePluginEntries,
  shareLockConfigurations,
  updatePluginDetails,
} from './plugin.store.ts';
import {
  abTestIdsOf,
  assertLocked,
  configIdsOf,
  entriesOfAll,
  findInvolvedPluginIds,
  loadAbTests,
  pluginAudit,
  requirePluginState,
  staleDraftMessage,
  toDraftState,
  withStableLockSet,
} from './plugin-details.access.ts';

// /api/plugin/draft/activate: the draft becomes the active set, its A/B-test versions
// are activated, and so are the drafts of other plugins on those versions, in one transaction.

async function activateVersions(
  { tx, audit }: UnitOfWork,
  environmentId: string,
  versions: readonly VersionToActivate[],
  abTests: ReadonlyMap<string, AbTest>,
  pluginId: number,
  email: string,
) {
  for (const { abTestId, version } of versions) {
    const abTest = abTests.get(abTestId)!;
    assertRule(checkVersionActivation(abTest, version));
    const key = { environmentId, id: abTestId };
    const cases = abTest.data.versions.find((candidate) => candidate.version === version)!.cases;
    const current = { version: abTest.data.version, cases: abTest.data.cases };
    await activateVersionWithRanges(tx, key, { current, version, weights: cases }, email);
    audit(
      abTestAudit(key, email, 'abtest.version.activate', {
        version,
        previousVersion: abTest.data.version,
        cases,
        reason: 'plugin.draft.activate',
        plugin: pluginNameOf(pluginId),
      }),
    );
  }
}

/** The draft becomes the active set; both revisions increase and the draft is based on the new set. */
async function makeDraftActive(tx: Tx, environmentId: string, state: PluginStateRow, email: string) {
  const activeRevision = state.activeRevision + 1;
  const draftRevision = state.draftRevision + 1;
  await replacePluginEntries(tx, environmentId, state.plugin.id, 'active', state.draft);
  await updatePluginDetails(
    tx,
    environmentId,
    state.plugin.id,
    { activeRevision, draftRevision, draftBaseRevision: activeRevision },
    email,
  );
  return { activeRevision, draftRevision, before: state.active, entries: state.draft };
}

async function activateOnce(
  unit: UnitOfWork,
  environmentId: string,
  request: ActivateDraftRequest,
  email: string,
): Promise<ActivateDraftResponse> {
  const { tx, audit } = unit;
  const { pluginId, draftRevision } = request;
  const seen = await requirePluginState(tx, environmentId, pluginId);
  if (seen.draftRevision !== draftRevision)
    throw conflict(PLUGIN_MESSAGES.draftChanged(pluginId, draftRevision, seen.draftRevision));
  const pluginIds = await findInvolvedPluginIds(tx, environmentId, seen);
  const seenStates = await listPluginStates(tx, environmentId, pluginIds);

  // Locks in the global order: configurations of every entry involved (FOR SHARE: a save's "is it
  // served" check waits), A/B-tests of every draft involved (FOR UPDATE: versions are activated),
  // plugins (FOR UPDATE), then the entries are rewritten.
  const configIds = configIdsOf(...entriesOfAll(seenStates));
  await shareLockConfigurations(tx, environmentId, configIds);
  const abTestIds = abTestIdsOf(...seenStates.map((state) => state.draft));
  await lockAbTestsForUpdate(tx, environmentId, abTestIds);
  await lockPlugins(tx, environmentId, pluginIds);

  const states = await listPluginStates(tx, environmentId, pluginIds);
  const plugin = states.find((state) => state.plugin.id === pluginId)!;
  assertLocked(pluginIds, await findInvolvedPluginIds(tx, environmentId, plugin));
  assertLocked(configIds, configIdsOf(...entriesOfAll(states)));
  assertLocked(abTestIds, abTestIdsOf(...states.map((state) => state.draft)));
  if (plugin.draftRevision !== draftRevision)
    throw conflict(PLUGIN_MESSAGES.draftChanged(pluginId, draftRevision, plugin.draftRevision));

  const draftState = toDraftState(plugin);
  if (isDraftStale(draftState)) throw conflict(await staleDraftMessage(tx, environmentId, draftState));
  const abTests = await loadAbTests(tx, environmentId, abTestIdsOf(...entriesOfAll(states)));
  assertRule(checkDraftActivation(draftState, abTests));
  const plan = planDraftActivation(pluginId, states.map(toDraftState), abTests);
  if (plan.fatal.length > 0) throw ruleViolation(ACTIVATION_MESSAGES.blocked(pluginId, plan.fatal));

  await activateVersions(unit, environmentId, plan.versions, abTests, pluginId, email);
  const versions = plan.versions.map(({ abTestId, version }) => ({ abTestId, version }));
  for (const otherId of plan.alongside) {
    const other = states.find((state) => state.plugin.id === otherId)!;
    const change = await makeDraftActive(tx, environmentId, other, email);
    audit(
      pluginAudit(environmentId, email, otherId, 'plugin.draft.activate', {
        ...change,
        versions,
        with: pluginNameOf(pluginId),
      }),
    );
  }
  const change = await makeDraftActive(tx, environmentId, plugin, email);
  audit(
    pluginAudit(environmentId, email, pluginId, 'plugin.draft.activate', {
      ...change,
      versions,
      alongside: plan.alongside.map(pluginNameOf),
      skipped: plan.skipped.map(([id, message]) => [pluginNameOf(id), message] as [string, string]),
    }),
  );
  return { updated: [pluginId, ...plan.alongside], error: plan.skipped };
}

/**
 * Activation makes the draft the active set and activates the selected A/B-test versions
 * and, with them, the drafts of other plugins on the same versions; all in one transaction. Refused
 * (409) when the draft changed since it was validated, when it is stale (its base is no longer the
 * active set: the message says what changed), invalid, or when another plugin would be left
 * serving another version of an activated A/B-test. Other plugins' drafts that cannot follow are
 * left as they are and answered in `error`.
 */
export function activateDraft(
  db: Db,
  environmentId: string,
  request: ActivateDraftRequest,
  email: string,
): Promise<ActivateDraftResponse> {
  return withStableLockSet(request.pluginId, () =>
    mutate(db, (unit) => activateOnce(unit, environmentId, request, email)),
  );
}
