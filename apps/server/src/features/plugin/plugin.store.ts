import { defaultPluginDescriptionOf, PLUGIN_IDS, type PluginListItem, pluginNameOf } from '@console/domain';
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
