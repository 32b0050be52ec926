import type { AbTest } from '@console/domain/abtest';
import {
  impactOfPluginDraft,
  type PluginDraftImpactResponse,
  splitAfterDraftActivation,
  type TestSplitChange,
  type VersionToActivate,
} from '@console/domain/plugin';
import type { EnvironmentContext, EnvironmentReader } from '../../context.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { currentServedRanges } from '../abtest/abtest-impact.service.ts';
import type { PluginStateRow } from './plugin.store.ts';
import { readDraftActivationPlan, requirePluginState } from './plugin-details.loaders.ts';

// /api/plugin/draft/impact {pluginId}: what activating the draft does to the players of
// this plugin and of every plugin activated alongside. It reads the plugins and A/B-tests the
// activation reads and plans with the same planDraftActivation, so the versions it activates (and
// the ranges they get, fewest moves) and the plugins it carries along are the activation's own.

/** Each A/B-test's ranges now and after the plan's versions are activated, by id. */
async function splitsAfterActivation(
  reader: EnvironmentReader,
  abTests: ReadonlyMap<string, AbTest>,
  versions: readonly VersionToActivate[],
): Promise<Map<string, TestSplitChange>> {
  const splits = new Map<string, TestSplitChange>();
  for (const abTest of abTests.values()) {
    const current = await currentServedRanges(reader, abTest);
    splits.set(abTest.id, splitAfterDraftActivation(abTest, current, versions));
  }
  return splits;
}

const impactOf = (state: PluginStateRow, splits: ReadonlyMap<string, TestSplitChange>) =>
  impactOfPluginDraft({ isEnabled: state.plugin.active, active: state.active, draft: state.draft }, splits);

export function previewDraftImpact(
  ctx: EnvironmentContext,
  pluginId: number,
): Promise<PluginDraftImpactResponse> {
  const { db, environmentId } = ctx;
  return runInTransaction(
    db,
    async (tx) => {
      const plugin = await requirePluginState(tx, environmentId, pluginId);
      const { states, abTests, plan } = await readDraftActivationPlan(tx, environmentId, plugin);
      const splits = await splitsAfterActivation({ db: tx, environmentId }, abTests, plan.versions);
      const alongside = plan.alongside.map((otherId) => {
        const other = states.find((state) => state.plugin.id === otherId)!;
        return { pluginId: otherId, pluginName: other.plugin.name, entries: impactOf(other, splits) };
      });
      return { entries: impactOf(plugin, splits), alongside };
    },
    { isolationLevel: 'RepeatableRead' },
  );
}
