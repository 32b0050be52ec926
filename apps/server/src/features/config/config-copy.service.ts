import {
  type AbTestVersion,
  CONFIG_MESSAGES,
  type ConfigCopyResponse,
  type ConfigItem,
  type ConfigItemInput,
  type ConfigKindDefinition,
  conflict,
  copyIdPrefixOf,
  isLiveReference,
  nextConfigCopyId,
  planReassignMoves,
  pluginNameOf,
} from '@console/domain';
import type { Db, Tx } from '../../db/client.ts';
import { lockStableSet, retryWhileLockSetMoves } from '../../db/lock-protocol.ts';
import { type AuditRecord, mutate, type UnitOfWork } from '../../db/unit-of-work.ts';
import { lockAndLoadAbTest } from '../abtest/abtest.access.ts';
import { appendActiveVersion } from '../abtest/abtest-version-changes.ts';
import {
  findEntriesReferencing,
  increasePluginRevisions,
  type PluginEntryRow,
  updatePluginEntry,
} from '../plugin/plugin.store.ts';
import { configAudit, lockAndLoadConfig, requireConfig } from './config.access.ts';
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
 * id. Decision (docs/decisions.md): the copy starts inactive, as a new configuration does.
 */
export async function duplicateConfig(
  db: Db,
  environmentId: string,
  kind: ConfigKindDefinition,
  id: string,
  email: string,
): Promise<ConfigCopyResponse> {
  return mutate(db, async ({ tx, audit }) => {
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
 * Saves and activates a new version of the A/B-test with the current version's weights, so no
 * player changes case (reassigning the current ranges keeps every player in their case); answers
 * the new version. The abtest.version.* audit entries say why.
 */
async function appendActiveVersionAlike(
  { tx, audit }: UnitOfWork,
  key: { environmentId: string; id: string },
  email: string,
  reason: Record<string, unknown>,
): Promise<AbTestVersion> {
  const abTest = await lockAndLoadAbTest(tx, key);
  const { version, events } = await appendActiveVersion(tx, key, abTest, abTest.data.cases, email, {
    reason,
  });
  audit(events);
  return version;
}

interface MovedEntry {
  set: PluginEntryRow['set'];
  position: number;
  abTestId: string;
  fromVersion: number;
  toVersion: number;
}

/**
 * "Update is not allowed" flow, /duplicate/reassign {the edited configuration}: in one
 * transaction, the edited values become a copy under a new id; each A/B-test of an entry serving
 * the original now gets a new active version with the same weights; those entries and the same
 * entries of their plugins' drafts point at the copy and the new version. The original stays as it
 * was. The lock protocol (db/lock-protocol.ts) takes the configuration FOR UPDATE, the A/B-tests of
 * the entries holding it FOR UPDATE (new versions) and their plugins, so a concurrent save or
 * reassignment of the same configuration, or a change of those plugins' entries, runs entirely
 * before or after this one.
 */
export async function duplicateAndReassign(
  db: Db,
  environmentId: string,
  kind: ConfigKindDefinition,
  input: ConfigItemInput,
  email: string,
): Promise<ConfigCopyResponse> {
  return retryWhileLockSetMoves(
    () => mutate(db, (unit) => reassignOnce(unit, environmentId, kind, input, email)),
    () => conflict(CONFIG_MESSAGES.entriesChangedMeanwhile(input.id)),
  );
}

async function reassignOnce(
  unit: UnitOfWork,
  environmentId: string,
  kind: ConfigKindDefinition,
  input: ConfigItemInput,
  email: string,
): Promise<ConfigCopyResponse> {
  const { tx, audit } = unit;
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
    const version = await appendActiveVersionAlike(unit, { environmentId, id: abTestId }, email, reason);
    newVersions.set(abTestId, version.version);
  }

  const movedByPlugin = new Map<number, MovedEntry[]>();
  for (const { entry, toVersion } of planReassignMoves(entries, newVersions)) {
    await updatePluginEntry(
      tx,
      { environmentId, pluginId: entry.pluginId, set: entry.set, position: entry.position },
      {
        abTestVersion: toVersion,
        configurations: entry.configurations.map((id) => (id === input.id ? copyId : id)),
      },
    );
    const moved = movedByPlugin.get(entry.pluginId) ?? [];
    moved.push({
      set: entry.set,
      position: entry.position,
      abTestId: entry.abTestId,
      fromVersion: entry.abTestVersion,
      toVersion,
    });
    movedByPlugin.set(entry.pluginId, moved);
  }
  for (const [pluginId, moved] of movedByPlugin) {
    // Moving entries is a new revision of each set moved, so a draft made before is stale.
    const hasMoved = (set: PluginEntryRow['set']) => moved.some((entry) => entry.set === set);
    const revisions = await increasePluginRevisions(tx, environmentId, pluginId, {
      active: hasMoved('active'),
      draft: hasMoved('draft'),
    });
    const record: AuditRecord = {
      environmentId,
      email,
      action: 'plugin.entries.reassign',
      target: pluginNameOf(pluginId),
      attributes: {
        from: input.id,
        to: copyId,
        entries: moved,
        ...(hasMoved('active') ? { activeRevision: revisions.activeRevision } : {}),
        ...(hasMoved('draft') ? { draftRevision: revisions.draftRevision } : {}),
      },
    };
    audit(record);
  }

  audit(
    configAudit({ environmentId, id: copyId }, email, 'config.duplicate.reassign', {
      kind: kind.id,
      from: input.id,
      description: input.description,
      abTestVersions: Object.fromEntries(newVersions),
      plugins: [...movedByPlugin.keys()].map(pluginNameOf),
    }),
  );
  return { configId: copyId, pluginName: kind.pluginName };
}
