import {
  type AbTestVersion,
  assertRule,
  CONFIG_MESSAGES,
  type ConfigCopyResponse,
  type ConfigItem,
  type ConfigItemInput,
  type ConfigKindDefinition,
  checkNewVersion,
  checkVersionActivation,
  conflict,
  copyIdPrefixOf,
  createVersion,
  isLiveReference,
  nextConfigCopyId,
  pluginNameOf,
} from '@console/domain';
import type { Db, Tx } from '../../db/client.ts';
import { type AuditRecord, mutate, type UnitOfWork } from '../../db/unit-of-work.ts';
import { abTestAudit, lockAndLoadAbTest } from '../abtest/abtest.access.ts';
import { insertVersion } from '../abtest/abtest.store.ts';
import { activateVersionWithRanges } from '../abtest/abtest-version-activation.ts';
import {
  increasePluginRevisions,
  lockEntriesReferencing,
  type PluginEntryRow,
  updatePluginEntry,
} from '../plugin/plugin.store.ts';
import { configAudit, lockAndLoadConfig } from './config.access.ts';
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
 * player changes case; answers the new version. The abtest.version.* audit entries say why.
 */
async function appendActiveVersion(
  { tx, audit }: UnitOfWork,
  key: { environmentId: string; id: string },
  email: string,
  reason: Record<string, unknown>,
): Promise<AbTestVersion> {
  const abTest = await lockAndLoadAbTest(tx, key);
  const weights = abTest.data.cases;
  assertRule(checkNewVersion(abTest, weights));
  const version = createVersion(abTest.data.versions, weights, Date.now(), email);
  const saved = await insertVersion(tx, key, {
    version: version.version,
    cases: weights,
    lastModifier: email,
  });
  assertRule(
    checkVersionActivation(
      { id: abTest.id, data: { ...abTest.data, versions: [...abTest.data.versions, saved] } },
      saved.version,
    ),
  );
  // The same weights: reassigning the current ranges keeps every player in their case.
  const current = { version: abTest.data.version, cases: abTest.data.cases };
  await activateVersionWithRanges(tx, key, { current, version: saved.version, weights }, email);
  audit(
    abTestAudit(key, email, 'abtest.version.save', { version: saved.version, cases: saved.cases, ...reason }),
  );
  audit(
    abTestAudit(key, email, 'abtest.version.activate', {
      version: saved.version,
      previousVersion: abTest.data.version,
      cases: saved.cases,
      ...reason,
    }),
  );
  return saved;
}

interface MovedEntry {
  set: PluginEntryRow['set'];
  position: number;
  abTestId: string;
  fromVersion: number;
  toVersion: number;
}

/**
 * Which entries move to the copy, and to which A/B-test version: every live entry (an active
 * plugin's active set, A/B-test active) to the new version; the drafts of those plugins holding the
 * configuration under the same A/B-test too, to the new version when they were on the live
 * entry's version (else they keep their version).
 */
function planMoves(entries: readonly PluginEntryRow[], newVersions: ReadonlyMap<string, number>) {
  const live = entries.filter(isLiveReference);
  const moves: { entry: PluginEntryRow; toVersion: number }[] = [];
  for (const entry of entries) {
    const newVersion = newVersions.get(entry.abTestId);
    if (newVersion === undefined) continue;
    if (isLiveReference(entry)) {
      moves.push({ entry, toVersion: newVersion });
      continue;
    }
    const liveTwin = live.find(
      (candidate) => candidate.pluginId === entry.pluginId && candidate.abTestId === entry.abTestId,
    );
    if (entry.set !== 'draft' || !liveTwin) continue;
    moves.push({
      entry,
      toVersion: entry.abTestVersion === liveTwin.abTestVersion ? newVersion : entry.abTestVersion,
    });
  }
  return moves;
}

/**
 * "Update is not allowed" flow, /duplicate/reassign {the edited configuration}: in one
 * transaction, the edited values become a copy under a new id; each A/B-test of an entry serving
 * the original now gets a new active version with the same weights; those entries and the same
 * entries of their plugins' drafts point at the copy and the new version. The original stays as it
 * was. The configuration row and the entries are locked first, so a concurrent save or
 * reassignment of the same configuration runs entirely before or after this one.
 */
export async function duplicateAndReassign(
  db: Db,
  environmentId: string,
  kind: ConfigKindDefinition,
  input: ConfigItemInput,
  email: string,
): Promise<ConfigCopyResponse> {
  return mutate(db, async (unit) => {
    const { tx, audit } = unit;
    const original = await lockAndLoadConfig(tx, kind, { environmentId, id: input.id });
    const entries = await lockEntriesReferencing(tx, environmentId, input.id);
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
      const version = await appendActiveVersion(unit, { environmentId, id: abTestId }, email, reason);
      newVersions.set(abTestId, version.version);
    }

    const movedByPlugin = new Map<number, MovedEntry[]>();
    for (const { entry, toVersion } of planMoves(entries, newVersions)) {
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
  });
}
