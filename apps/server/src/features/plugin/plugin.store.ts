import {
  defaultPluginDescriptionOf,
  PLUGIN_IDS,
  type PluginListItem,
  pluginNameOf,
} from '@console/domain/operations';
import { draftBaseAfterReassign, type PluginEntry } from '@console/domain/plugin';
import type { Db, Tx } from '../../db/client.ts';

type PluginRow = {
  id: number;
  active: boolean;
  description: string;
  created: Date;
  modified: Date;
  lastModifier: string;
};

const toPluginListItem = (row: PluginRow): PluginListItem => ({
  id: row.id,
  name: pluginNameOf(row.id),
  active: row.active,
  description: row.description,
  created: row.created.getTime(),
  modified: row.modified.getTime(),
  lastModifier: row.lastModifier,
});

/** Creates the rows of every plugin the environment lacks (ON CONFLICT DO NOTHING: idempotent, race-safe). */
export async function insertMissingPlugins(tx: Db | Tx, environmentId: string): Promise<void> {
  await tx.plugin.createMany({
    data: PLUGIN_IDS.map((id) => ({ environmentId, id, description: defaultPluginDescriptionOf(id) })),
    skipDuplicates: true,
  });
}

export async function listPluginRows(db: Db | Tx, environmentId: string): Promise<PluginListItem[]> {
  const rows = await db.plugin.findMany({ where: { environmentId }, orderBy: { id: 'asc' } });
  return rows.map(toPluginListItem);
}

export async function findPluginRow(
  db: Db | Tx,
  environmentId: string,
  id: number,
): Promise<PluginListItem | undefined> {
  const row = await db.plugin.findUnique({ where: { environmentId_id: { environmentId, id } } });
  return row ? toPluginListItem(row) : undefined;
}

/**
 * Sets `active` only when it differs, as one UPDATE: a concurrent toggle waits for the row lock and
 * re-checks the condition, so each real change is counted once. False when nothing changed.
 */
export async function updatePluginActive(
  tx: Tx,
  environmentId: string,
  id: number,
  active: boolean,
  email: string,
): Promise<boolean> {
  const { count } = await tx.plugin.updateMany({
    where: { environmentId, id, active: !active },
    data: { active, modified: new Date(), lastModifier: email },
  });
  return count === 1;
}

/** Creates or updates a plugin so it has this state and description (transfer). */
export async function writePluginRow(
  tx: Tx,
  environmentId: string,
  id: number,
  state: { active: boolean; description: string },
  email: string,
): Promise<void> {
  const now = new Date();
  await tx.plugin.upsert({
    where: { environmentId_id: { environmentId, id } },
    create: { environmentId, id, ...state, created: now, modified: now, lastModifier: email },
    update: { ...state, modified: now, lastModifier: email },
  });
}

export async function deletePluginRow(tx: Tx, environmentId: string, id: number): Promise<void> {
  await tx.plugin.deleteMany({ where: { environmentId, id } });
}

/** A plugin's two entry lists. */
export type PluginEntrySet = 'active' | 'draft';

// ---- plugin details: revisions and whole entry lists ----

/** A plugin's revisions (docs/decisions/0214). */
export interface PluginRevisions {
  activeRevision: number;
  draftRevision: number;
  draftBaseRevision: number;
}

/** One entry of a plugin's active set or draft, as the API shows it. */
type EntryFields = PluginEntry;

/** A plugin as the details screen reads it: its row, revisions and both entry lists (by position). */
export interface PluginStateRow extends PluginRevisions {
  plugin: PluginListItem;
  active: EntryFields[];
  draft: EntryFields[];
}

const revisionSelect = { activeRevision: true, draftRevision: true, draftBaseRevision: true } as const;

/** The plugins with their revisions and entries; absent ids are left out. In id order. */
export async function listPluginStates(
  db: Db | Tx,
  environmentId: string,
  ids: readonly number[],
): Promise<PluginStateRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.plugin.findMany({
    where: { environmentId, id: { in: [...ids] } },
    include: {
      abTestEntries: {
        orderBy: [{ state: 'asc' }, { position: 'asc' }],
        select: { state: true, abTestId: true, abTestVersion: true, configurations: true },
      },
    },
    orderBy: { id: 'asc' },
  });
  return rows.map((row) => {
    const entriesOf = (set: PluginEntrySet) =>
      row.abTestEntries
        .filter((entry) => entry.state === set)
        .map(({ abTestId, abTestVersion, configurations }) => ({ abTestId, abTestVersion, configurations }));
    return {
      plugin: toPluginListItem(row),
      activeRevision: row.activeRevision,
      draftRevision: row.draftRevision,
      draftBaseRevision: row.draftBaseRevision,
      active: entriesOf('active'),
      draft: entriesOf('draft'),
    };
  });
}

export async function findPluginState(
  db: Db | Tx,
  environmentId: string,
  id: number,
): Promise<PluginStateRow | undefined> {
  return (await listPluginStates(db, environmentId, [id]))[0];
}

/** The plugins (other than none) whose active set or draft holds one of these A/B-tests, ascending. */
export async function findPluginIdsUsingAbTests(
  db: Db | Tx,
  environmentId: string,
  abTestIds: readonly string[],
): Promise<number[]> {
  if (abTestIds.length === 0) return [];
  const rows = await db.pluginAbTestEntry.findMany({
    where: { environmentId, abTestId: { in: [...abTestIds] } },
    select: { pluginId: true },
    distinct: ['pluginId'],
    orderBy: { pluginId: 'asc' },
  });
  return rows.map((row) => row.pluginId);
}

/** Replaces a plugin's active set or draft by these entries, at positions 0, 1, ... */
export async function replacePluginEntries(
  tx: Tx,
  environmentId: string,
  pluginId: number,
  set: PluginEntrySet,
  entries: readonly EntryFields[],
): Promise<void> {
  await tx.pluginAbTestEntry.deleteMany({ where: { environmentId, pluginId, state: set } });
  if (entries.length === 0) return;
  await tx.pluginAbTestEntry.createMany({
    data: entries.map((entry, position) => ({
      environmentId,
      pluginId,
      state: set,
      position,
      abTestId: entry.abTestId,
      abTestVersion: entry.abTestVersion,
      configurations: [...entry.configurations],
    })),
  });
}

/** Writes revisions (and the description) and stamps modified / lastModifier. */
export async function updatePluginDetails(
  tx: Tx,
  environmentId: string,
  id: number,
  changes: Partial<PluginRevisions> & { description?: string },
  email: string,
): Promise<void> {
  await tx.plugin.update({
    where: { environmentId_id: { environmentId, id } },
    data: { ...changes, modified: new Date(), lastModifier: email },
  });
}

/**
 * Increases the revisions of the sets whose entries another change moved (the configurations
 * flow) and re-bases a draft that was current (draftBaseAfterReassign); answers the new revisions.
 * The caller holds the plugin's lock, so reading and then writing the row is safe.
 */
export async function increasePluginRevisions(
  tx: Tx,
  environmentId: string,
  id: number,
  sets: { active: boolean; draft: boolean },
): Promise<PluginRevisions> {
  const where = { environmentId_id: { environmentId, id } };
  const before = await tx.plugin.findUniqueOrThrow({ where, select: revisionSelect });
  const activeRevision = before.activeRevision + (sets.active ? 1 : 0);
  return tx.plugin.update({
    where,
    data: {
      activeRevision,
      draftRevision: before.draftRevision + (sets.draft ? 1 : 0),
      draftBaseRevision: draftBaseAfterReassign(before, activeRevision),
    },
    select: revisionSelect,
  });
}
