import {
  type AbTest,
  configurationsByCase,
  entryChange,
  impactOfDraftEntry,
  type PairedEntry,
  type PluginDraftImpactResponse,
  pairEntriesByAbTest,
  rangesAfterActivation,
} from '@console/domain';
import type { Db, Tx } from '../../db/client.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { currentServedRanges } from '../abtest/abtest-impact.service.ts';
import { abTestIdsOf, loadAbTests, requirePluginState } from './plugin-details.access.ts';

// issue 15 /api/plugin/draft/impact {pluginId}: what activating the draft does to each entry's
// players. A draft entry whose version is newer than its test's current one gets that version
// activated (fewest moves, as plugin-activation.service does); otherwise the split stays.

async function impactOfPair(tx: Tx, environmentId: string, pair: PairedEntry, abTest: AbTest | undefined) {
  const served = pair.draft ?? pair.active!;
  const change = entryChange(pair);
  const current = abTest ? await currentServedRanges(tx, abTest, environmentId) : null;
  const target =
    pair.draft && abTest?.data.versions.find((version) => version.version === pair.draft!.abTestVersion);
  const isActivated =
    target !== undefined && target !== null && target.version > (abTest?.data.version ?? -1);
  const nextRanges = isActivated ? rangesAfterActivation(current, target.cases, false) : (current ?? []);
  const impact = impactOfDraftEntry({
    currentRanges: current,
    nextRanges,
    activeConfigurations: configurationsByCase(pair.active),
    draftConfigurations: configurationsByCase(pair.draft),
  });
  return { abTestId: pair.abTestId, abTestVersion: served.abTestVersion, change, impact };
}

export function previewDraftImpact(
  db: Db,
  environmentId: string,
  pluginId: number,
): Promise<PluginDraftImpactResponse> {
  return runInTransaction(
    db,
    async (tx) => {
      const plugin = await requirePluginState(tx, environmentId, pluginId);
      const abTests = await loadAbTests(tx, environmentId, abTestIdsOf(plugin.active, plugin.draft));
      const entries = [];
      for (const pair of pairEntriesByAbTest(plugin.active, plugin.draft)) {
        entries.push(await impactOfPair(tx, environmentId, pair, abTests.get(pair.abTestId)));
      }
      return { entries };
    },
    { isolationLevel: 'RepeatableRead' },
  );
}
