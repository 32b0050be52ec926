import { assertRule } from '@console/domain/abtest';
import { conflict } from '@console/domain/errors';
import {
  checkBaseRevision,
  checkConfigurationsFit,
  checkEntriesFit,
  PLUGIN_MESSAGES,
  type PluginDetails,
  type SaveDraftRequest,
} from '@console/domain/plugin';
import type { EnvironmentContext } from '../../context.ts';
import { lockStableSet, retryWhileLockSetMoves } from '../../db/lock-protocol.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { replacePluginEntries, updatePluginDetails } from './plugin.store.ts';
import {
  abTestIdsOf,
  configIdsOf,
  loadAbTests,
  pluginAudit,
  readPluginDetails,
  requirePluginState,
} from './plugin-details.loaders.ts';

// Plugin draft and /api/plugin/draft/abtest {pluginId, configurations}: the autosave.

async function saveDraftOnce(
  { tx, audit }: UnitOfWork,
  ctx: EnvironmentContext,
  request: SaveDraftRequest,
): Promise<PluginDetails> {
  const { environmentId } = ctx;
  const email = ctx.actor.email;
  const { pluginId, configurations: entries } = request;
  const abTestIds = abTestIdsOf(entries);
  // The lock protocol (db/lock-protocol.ts): configurations FOR SHARE (the old draft's, whose entries
  // this deletes, and the new one's), A/B-tests FOR SHARE (a delete cannot pass its usage check),
  // then the plugin.
  const { value: state, held } = await lockStableSet(tx, environmentId, async () => {
    const state = await requirePluginState(tx, environmentId, pluginId);
    if (state.draftRevision !== request.draftRevision)
      throw conflict(PLUGIN_MESSAGES.draftChanged(pluginId, request.draftRevision, state.draftRevision));
    return {
      value: state,
      locks: {
        configurations: { ids: configIdsOf(state.draft, entries), mode: 'share' },
        abTests: { ids: abTestIds, mode: 'share' },
        plugins: [pluginId],
      },
    };
  });
  assertRule(checkBaseRevision(pluginId, request.baseRevision, state));
  assertRule(checkEntriesFit(entries, await loadAbTests(tx, environmentId, abTestIds)));
  assertRule(checkConfigurationsFit(pluginId, configIdsOf(entries), held.configurations));

  await replacePluginEntries(tx, environmentId, pluginId, 'draft', entries);
  const draftRevision = state.draftRevision + 1;
  const baseRevision = request.baseRevision ?? state.draftBaseRevision;
  await updatePluginDetails(
    tx,
    environmentId,
    pluginId,
    { draftRevision, draftBaseRevision: baseRevision },
    email,
  );
  audit(
    pluginAudit(environmentId, email, pluginId, 'plugin.draft.save', {
      draftRevision,
      baseRevision,
      before: state.draft,
      entries,
    }),
  );
  return readPluginDetails(tx, environmentId, pluginId);
}

/**
 * Replaces the whole draft (every draft edit autosaves it). Autosaves of one plugin run one after
 * the other under its row lock, and one wins only when it names the current draft revision, so an
 * edit made on an older draft is refused (409) instead of silently undoing the newer one. Answers
 * the plugin with the new draft revision.
 */
export function saveDraft(ctx: EnvironmentContext, request: SaveDraftRequest): Promise<PluginDetails> {
  return retryWhileLockSetMoves(
    () => ctx.mutate((unit) => saveDraftOnce(unit, ctx, request)),
    () => conflict(PLUGIN_MESSAGES.entriesChangedMeanwhile(request.pluginId)),
  );
}
