import { notFound } from '@console/domain/errors';
import {
  type ActivatePluginRequest,
  groupEnabledPlugins,
  listEnabledPlugins,
  type PluginListItem,
  pluginNameOf,
} from '@console/domain/operations';
import type { Db, Tx } from '../../db/client.ts';
import { mutate, unchanged } from '../../db/unit-of-work.ts';
import { findPluginRow, insertMissingPlugins, listPluginRows, updatePluginActive } from './plugin.store.ts';

/** Environment initializer: every plugin of the enumeration exists in every environment. */
export const ensureEveryPlugin = (tx: Tx, environmentId: string) => insertMissingPlugins(tx, environmentId);

export const listPlugins = (db: Db, environmentId: string) => listPluginRows(db, environmentId);

export const listEnabled = async (db: Db, environmentId: string) =>
  listEnabledPlugins(await listPluginRows(db, environmentId));

export const listEnabledGrouped = async (db: Db, environmentId: string) =>
  groupEnabledPlugins(await listPluginRows(db, environmentId));

/**
 * Switches a plugin on or off. Asking for the state it already has is a no-op without an audit
 * entry (unchanged: docs/decisions/0054), so concurrent toggles leave one entry per
 * real change.
 */
export async function activatePlugin(
  db: Db,
  environmentId: string,
  request: ActivatePluginRequest,
  email: string,
): Promise<PluginListItem> {
  const { pluginId, active } = request;
  const name = pluginNameOf(pluginId);
  return mutate(db, async ({ tx, audit }) => {
    const isSwitched = await updatePluginActive(tx, environmentId, pluginId, active, email);
    const plugin = await findPluginRow(tx, environmentId, pluginId);
    if (!plugin) throw notFound(`Plugin ${name} (${pluginId}) not found in environment ${environmentId}`);
    if (!isSwitched) unchanged(plugin);
    audit({
      environmentId,
      email,
      action: active ? 'plugin.activate' : 'plugin.deactivate',
      target: name,
      attributes: { pluginId, active },
    });
    return plugin;
  });
}
