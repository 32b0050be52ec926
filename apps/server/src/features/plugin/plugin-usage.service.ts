import { ABTEST_MESSAGES, type AbTestUsageResponse } from '@console/domain/abtest';
import { notFound } from '@console/domain/errors';
import {
  type AbTestUsageRequest,
  checkAbTestUsage,
  isDraftStale,
  PLUGIN_MESSAGES,
} from '@console/domain/plugin';
import type { EnvironmentContext } from '../../context.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { findPluginIdsUsingAbTests, listPluginStates } from './plugin.store.ts';
import {
  abTestIdsOf,
  loadAbTests,
  requirePluginState,
  staleDraftMessage,
  toDraftState,
} from './plugin-details.loaders.ts';

// Validate and /api/plugin/abtest-usage {pluginId, abTestId, abTestVersion}.

/**
 * The usage of one entry's A/B-test version across plugins, read in one snapshot: the plugins whose
 * drafts would be activated alongside (validUsages) and the blocking errors per plugin (fatal),
 * the plugin's own first (its stale draft, the entry's own problem).
 */
export function checkUsage(
  ctx: EnvironmentContext,
  request: AbTestUsageRequest,
): Promise<AbTestUsageResponse> {
  const { db, environmentId } = ctx;
  const { pluginId, abTestId, abTestVersion } = request;
  return runInTransaction(
    db,
    async (tx) => {
      const plugin = await requirePluginState(tx, environmentId, pluginId);
      const users = await findPluginIdsUsingAbTests(
        tx,
        environmentId,
        abTestIdsOf(plugin.draft, [{ abTestId, abTestVersion, configurations: [] }]),
      );
      const states = await listPluginStates(tx, environmentId, [...new Set([pluginId, ...users])]);
      const abTests = await loadAbTests(tx, environmentId, [
        abTestId,
        ...abTestIdsOf(...states.flatMap((state) => [state.active, state.draft])),
      ]);
      const abTest = abTests.get(abTestId);
      if (!abTest) throw notFound(PLUGIN_MESSAGES.abTestNotFound(abTestId));
      if (!abTest.data.versions.some((version) => version.version === abTestVersion))
        throw notFound(ABTEST_MESSAGES.versionNotFound(abTestId, abTestVersion));

      const usage = checkAbTestUsage(
        pluginId,
        { abTestId, abTestVersion },
        states.map(toDraftState),
        abTests,
      );
      const draftState = toDraftState(plugin);
      if (!isDraftStale(draftState)) return usage;
      const stale: [number, string] = [pluginId, await staleDraftMessage(tx, environmentId, draftState)];
      return { ...usage, fatal: [stale, ...usage.fatal] };
    },
    { isolationLevel: 'RepeatableRead' },
  );
}
