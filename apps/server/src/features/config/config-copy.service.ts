import {
  CONFIG_MESSAGES,
  type ConfigCopyResponse,
  type ConfigItem,
  type ConfigItemInput,
  type ConfigKindDefinition,
  type ConfigReassignResponse,
  copyIdPrefixOf,
  isLiveReference,
  nextConfigCopyId,
  planReassignMoves,
} from '@console/domain/config';
import { conflict } from '@console/domain/errors';
import { pluginNameOf } from '@console/domain/operations';
import type { EnvironmentContext, EnvironmentUnitOfWork } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { lockStableSet, retryWhileLockSetMoves } from '../../db/lock-protocol.ts';
import { appendCopyOfCurrentVersion, appendCopyOfPendingVersion } from '../abtest/abtest.public.ts';
import { findEntriesReferencing, moveEntriesToCopy } from '../plugin/plugin.public.ts';
import { configAudit, lockAndLoadConfig, requireConfig } from './config.loaders.ts';
import { type ConfigRecord, insertConfig, listIdsStartingWith } from './config.store.ts';
import { activeFlagToSave } from './config-write.service.ts';

// Copying a configuration (the list's clone action) and the "Update is not allowed" flow
// (duplicate with the edited values, new A/B-test versions, plugins moved), each in one transaction.

// A concurrent copy may take the id this one picked; the next candidate is tried, a few times.
const COPY_ID_ATTEMPTS = 5;

/** Inserts the copy under `<base>-<n>` (nextConfigCopyId) and answers its id. */
async function insertCopy(tx: Tx, sourceId: string, record: Omit<ConfigRecord, 'id'>): Promise<string> {
  const taken = new Set(await listIdsStartingWith(tx, record.environmentId, copyIdPrefixOf(sourceId)));
  for (let attempt = 0; attempt < COPY_ID_ATTEMPTS; attempt++) {
    const id = nextConfigCopyId(sourceId, taken);
    if (await insertConfig(tx, { ...record, id })) return id;
    taken.add(id);
  }
  throw conflict(CONFIG_MESSAGES.idExists(nextConfigCopyId(sourceId, taken)));
}

/**
 * /duplicate {id}, the list's clone action: the same description, activation and data under a new
 * id. Decision (docs/decisions/0187): the copy starts inactive, as a new configuration does.
 */
export async function duplicateConfig(
  ctx: EnvironmentContext,
  kind: ConfigKindDefinition,
  id: string,
): Promise<ConfigCopyResponse> {
  const { environmentId } = ctx;
  const email = ctx.actor.email;
  return ctx.mutate(async ({ tx, audit }) => {
    const source = await lockAndLoadConfig(tx, kind, { environmentId, id });
    const copyId = await insertCopy(tx, id, {
      ...copyFields(source),
      active: false,
      environmentId,
      lastModifier: email,
    });
    audit(
      configAudit({ environmentId, id: copyId }, email, 'config.duplicate', {
        kind: kind.id,
        from: id,
      }),
    );
    return { configId: copyId, pluginName: kind.pluginName };
  });
}

const copyFields = (item: Pick<ConfigItem, 'description' | 'activation' | 'data'>) => ({
  description: item.description,
  activation: item.activation,
  data: item.data,
});

/**
 * "Update is not allowed" flow, /duplicate/reassign {the edited configuration}: in one
 * transaction, the edited values become a copy under a new id; each A/B-test of an entry serving
 * the original now gets a new active version with the same weights; those entries and the same
 * entries of their plugins' drafts point at the copy and the new version (a draft entry on a pending,
 * newer version at an inactive copy of that version, so it stays activatable); a draft that was current
 * is re-based on the new active set (the answer names the drafts the operator still has to look at). The
 * original stays as it was. The lock protocol (db/lock-protocol.ts) takes the configuration FOR UPDATE, the A/B-tests of
 * the entries holding it FOR UPDATE (new versions) and their plugins, so a concurrent save or
 * reassignment of the same configuration, or a change of those plugins' entries, runs entirely
 * before or after this one.
 */
export async function duplicateAndReassign(
  ctx: EnvironmentContext,
  kind: ConfigKindDefinition,
  input: ConfigItemInput,
): Promise<ConfigReassignResponse> {
  return retryWhileLockSetMoves(
    () => ctx.mutate((unit) => reassignOnce(unit, ctx, kind, input)),
    () => conflict(CONFIG_MESSAGES.entriesChangedMeanwhile(input.id)),
  );
}

async function reassignOnce(
  { tx, audit }: EnvironmentUnitOfWork,
  ctx: EnvironmentContext,
  kind: ConfigKindDefinition,
  input: ConfigItemInput,
): Promise<ConfigReassignResponse> {
  const { environmentId } = ctx;
  const email = ctx.actor.email;
  const { value: entries } = await lockStableSet(tx, environmentId, async () => {
    const entries = await findEntriesReferencing(tx, environmentId, input.id);
    return {
      value: entries,
      locks: {
        configurations: { ids: [input.id], mode: 'update' },
        abTests: { ids: entries.map((entry) => entry.abTestId), mode: 'update' },
        plugins: entries.map((entry) => entry.pluginId),
      },
    };
  });
  const original = await requireConfig(tx, kind, { environmentId, id: input.id });
  const copyId = await insertCopy(tx, input.id, {
    ...copyFields(input),
    active: activeFlagToSave(kind, input, original),
    environmentId,
    lastModifier: email,
  });
  const reason = { reason: 'config.duplicate.reassign', from: input.id, to: copyId };

  const newVersions = new Map<string, number>();
  const liveAbTestIds = [...new Set(entries.filter(isLiveReference).map((entry) => entry.abTestId))].sort();
  for (const abTestId of liveAbTestIds) {
    const key = { environmentId, id: abTestId };
    const { version, events } = await appendCopyOfCurrentVersion(tx, key, email, reason);
    audit(events);
    newVersions.set(abTestId, version.version);
  }
  const moves = [];
  for (const move of planReassignMoves(entries, newVersions)) {
    if (!move.isPending) {
      moves.push(move);
      continue;
    }
    const key = { environmentId, id: move.entry.abTestId };
    const copy = await appendCopyOfPendingVersion(tx, key, move.toVersion, email, reason);
    if (copy) audit([copy.event]);
    moves.push({ ...move, toVersion: copy?.version.version ?? move.toVersion });
  }
  const moved = await moveEntriesToCopy(tx, environmentId, { from: input.id, to: copyId, moves }, email);
  audit(moved.events);

  audit(
    configAudit({ environmentId, id: copyId }, email, 'config.duplicate.reassign', {
      kind: kind.id,
      from: input.id,
      description: input.description,
      abTestVersions: Object.fromEntries(newVersions),
      plugins: moved.pluginIds.map(pluginNameOf),
    }),
  );
  const draftsToReview = moved.draftsToReview.map((pluginId) => ({
    pluginId,
    pluginName: pluginNameOf(pluginId),
  }));
  return { configId: copyId, pluginName: kind.pluginName, draftsToReview };
}
