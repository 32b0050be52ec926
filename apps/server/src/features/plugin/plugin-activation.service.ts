import { type AbTest, assertRule } from '@console/domain/abtest';
import { conflict, ruleViolation } from '@console/domain/errors';
import { pluginNameOf } from '@console/domain/operations';
import {
  ACTIVATION_MESSAGES,
  type ActivateDraftRequest,
  type ActivateDraftResponse,
  checkDraftActivation,
  isDraftStale,
  PLUGIN_MESSAGES,
  planDraftActivation,
  type VersionToActivate,
} from '@console/domain/plugin';
import type { EnvironmentContext, EnvironmentTransaction, EnvironmentUnitOfWork } from '../../context.ts';
import { lockStableSet, retryWhileLockSetMoves } from '../../db/lock-protocol.ts';
import { activateStoredVersion } from '../abtest/abtest.public.ts';
import {
  listPluginStates,
  type PluginStateRow,
  replacePluginEntries,
  updatePluginDetails,
} from './plugin.store.ts';
import {
  abTestIdsOf,
  configIdsOf,
  entriesOfAll,
  findInvolvedPluginIds,
  loadAbTests,
  pluginAudit,
  requirePluginState,
  staleDraftMessage,
  toDraftState,
} from './plugin-details.loaders.ts';

// /api/plugin/draft/activate: the draft becomes the active set, its A/B-test versions
// are activated, and so are the drafts of other plugins on those versions, in one transaction.

/** Activates the plan's A/B-test versions through the A/B-test version module, saying why in the audit. */
async function activateVersions(
  { tx, audit, environmentId, actor }: EnvironmentUnitOfWork,
  versions: readonly VersionToActivate[],
  abTests: ReadonlyMap<string, AbTest>,
  pluginId: number,
) {
  const reason = { reason: 'plugin.draft.activate', plugin: pluginNameOf(pluginId) };
  for (const { abTestId, version } of versions) {
    const key = { environmentId, id: abTestId };
    const { event } = await activateStoredVersion(tx, key, abTests.get(abTestId)!, version, actor.email, {
      reason,
    });
    audit(event);
  }
}

/**
 * The draft becomes the active set, modified by the transaction's actor; both revisions increase and the
 * draft is based on the new set.
 */
async function makeDraftActive({ tx, environmentId, actor }: EnvironmentTransaction, state: PluginStateRow) {
  const activeRevision = state.activeRevision + 1;
  const draftRevision = state.draftRevision + 1;
  await replacePluginEntries(tx, environmentId, state.plugin.id, 'active', state.draft);
  await updatePluginDetails(
    tx,
    environmentId,
    state.plugin.id,
    { activeRevision, draftRevision, draftBaseRevision: activeRevision },
    actor.email,
  );
  return { activeRevision, draftRevision, before: state.active, entries: state.draft };
}

async function activateOnce(
  unit: EnvironmentUnitOfWork,
  request: ActivateDraftRequest,
): Promise<ActivateDraftResponse> {
  const { tx, audit, environmentId } = unit;
  const email = unit.actor.email;
  const { pluginId, draftRevision } = request;
  // The lock protocol (db/lock-protocol.ts): configurations of every entry involved FOR SHARE (a save's
  // "is it served" check waits), A/B-tests of every draft involved FOR UPDATE (versions are
  // activated), then the plugins; the entries are rewritten under those locks.
  const { value: states } = await lockStableSet(tx, environmentId, async () => {
    const plugin = await requirePluginState(tx, environmentId, pluginId);
    if (plugin.draftRevision !== draftRevision)
      throw conflict(PLUGIN_MESSAGES.draftChanged(pluginId, draftRevision, plugin.draftRevision));
    const pluginIds = await findInvolvedPluginIds(tx, environmentId, plugin);
    const states = await listPluginStates(tx, environmentId, pluginIds);
    return {
      value: states,
      locks: {
        configurations: { ids: configIdsOf(...entriesOfAll(states)), mode: 'share' },
        abTests: { ids: abTestIdsOf(...states.map((state) => state.draft)), mode: 'update' },
        plugins: pluginIds,
      },
    };
  });
  const plugin = states.find((state) => state.plugin.id === pluginId)!;

  const draftState = toDraftState(plugin);
  if (isDraftStale(draftState)) throw conflict(await staleDraftMessage(tx, environmentId, draftState));
  const abTests = await loadAbTests(tx, environmentId, abTestIdsOf(...entriesOfAll(states)));
  assertRule(checkDraftActivation(draftState, abTests));
  const plan = planDraftActivation(pluginId, states.map(toDraftState), abTests);
  if (plan.fatal.length > 0) throw ruleViolation(ACTIVATION_MESSAGES.blocked(pluginId, plan.fatal));

  await activateVersions(unit, plan.versions, abTests, pluginId);
  const versions = plan.versions.map(({ abTestId, version }) => ({ abTestId, version }));
  for (const otherId of plan.alongside) {
    const other = states.find((state) => state.plugin.id === otherId)!;
    const change = await makeDraftActive(unit, other);
    audit(
      pluginAudit(environmentId, email, otherId, 'plugin.draft.activate', {
        ...change,
        versions,
        with: pluginNameOf(pluginId),
      }),
    );
  }
  const change = await makeDraftActive(unit, plugin);
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
  ctx: EnvironmentContext,
  request: ActivateDraftRequest,
): Promise<ActivateDraftResponse> {
  return retryWhileLockSetMoves(
    () => ctx.mutate((unit) => activateOnce(unit, request)),
    () => conflict(PLUGIN_MESSAGES.entriesChangedMeanwhile(request.pluginId)),
  );
}
