import {
  CONSTRUCTION_ITEMS,
  type ConfigKindDefinition,
  type ConfigListItem,
  configKindOfPlugin,
  notFound,
  UNKNOWN_PLUGIN_MESSAGE,
} from '@console/domain';
import type { Db } from '../../db/client.ts';
import { configExists, listConfigs } from './config.store.ts';
import { toListItems } from './config.usage.ts';

// Decision (docs/decisions.md): /list/recent answers the 10 most recently modified, as A/B-tests do.
export const RECENT_CONFIG_COUNT = 10;

export async function listOfKind(db: Db, environmentId: string, kind: ConfigKindDefinition) {
  return toListItems(db, environmentId, await listConfigs(db, environmentId, { kind: kind.id }));
}

export async function listActiveOfKind(db: Db, environmentId: string, kind: ConfigKindDefinition) {
  return toListItems(
    db,
    environmentId,
    await listConfigs(db, environmentId, { kind: kind.id, onlyActive: true }),
  );
}

export async function listRecentOfKind(db: Db, environmentId: string, kind: ConfigKindDefinition) {
  const recent = await listConfigs(db, environmentId, {
    kind: kind.id,
    recent: { limit: RECENT_CONFIG_COUNT },
  });
  return toListItems(db, environmentId, recent);
}

/** /api/plugin/config/list: every configuration of the environment, all kinds, by id. */
export async function listAllConfigs(db: Db, environmentId: string): Promise<ConfigListItem[]> {
  return toListItems(db, environmentId, await listConfigs(db, environmentId), { allOfEnvironment: true });
}

/** /api/plugin/config/list-active {pluginId}: the activated configurations a plugin can pick. */
export async function listActiveOfPlugin(db: Db, environmentId: string, pluginId: number) {
  const kind = configKindOfPlugin(pluginId);
  if (!kind) throw notFound(UNKNOWN_PLUGIN_MESSAGE);
  return listActiveOfKind(db, environmentId, kind);
}

export const listConstructionItems = () => CONSTRUCTION_ITEMS.map(({ id, name }) => ({ id, name }));

/** /api/id/exist/config/{id}: whether any configuration of the environment (any kind) has the id. */
export const hasConfig = (db: Db, environmentId: string, id: string) =>
  configExists(db, { environmentId, id });
