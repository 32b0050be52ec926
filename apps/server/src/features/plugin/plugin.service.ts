import {
  type ActivatePluginRequest,
  groupEnabledPlugins,
  listEnabledPlugins,
  notFound,
  type PluginListItem,
  pluginNameOf,
} from '@console/domain';
import type { Db, Tx } from '../../db/client.ts';
import { mutate } from '../audit/audit.service.ts';
import { findPluginRow, insertMissingPlugins, listPluginRows, updatePluginActive } from './plugin.store.ts';

/** Environment initializer: every plugin of the enumeration exists in every environment. */
export const ensureEveryPlugin = (tx: Tx, environmentId: string) => insertMissingPlugins(tx, environmentId);

export const listPlugins = (db: Db, environmentId: string) => listPluginRows(db, environmentId);

export const listEnabled = async (db: Db, environmentId: string) =>
  listEnabledPlugins(await listPluginRows(db, environmentId));

export const listEnabledGrouped = async (db: Db, environmentId: string) =>
  groupEnabledPlugins(await listPluginRows(db, environmentId));

/** Thrown inside the transaction when the plugin already had the asked state: nothing to write or audit. */
class PluginUnchanged extends Error {}

/**
 * Switches a plugin on or off. Asking for the state it already has is a no-op without an audit
 * entry, so concurrent toggles leave one entry per real change.
 */
export async function activatePlugin(
  db: Db,
  environmentId: string,
  request: ActivatePluginRequest,
  email: string,
): Promise<PluginListItem> {
  const { pluginId, active } = request;
  const name = pluginNameOf(pluginId);
  try {
    return await mutate(db, async (tx) => {
      if (!(await updatePluginActive(tx, environmentId, pluginId, active, email)))
        throw new PluginUnchanged();
      const plugin = (await findPluginRow(tx, environmentId, pluginId))!;
      return {
        result: plugin,
        audit: {
          environmentId,
          email,
          action: active ? 'plugin.activate' : 'plugin.deactivate',
          target: name,
          attributes: { pluginId, active },
        },
      };
    });
  } catch (error) {
    if (!(error instanceof PluginUnchanged)) throw error;
  }
  const plugin = await findPluginRow(db, environmentId, pluginId);
  if (!plugin) throw notFound(`Plugin ${name} (${pluginId}) not found in environment ${environmentId}`);
  return plugin;
}
