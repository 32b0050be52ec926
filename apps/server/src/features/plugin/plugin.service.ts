import { notFound } from '@console/domain/errors';
import {
  type ActivatePluginRequest,
  groupEnabledPlugins,
  listEnabledPlugins,
  type PluginListItem,
  pluginNameOf,
} from '@console/domain/operations';
import type { EnvironmentContext, EnvironmentTransaction } from '../../context.ts';
import { unchanged } from '../../db/unit-of-work.ts';
import { findPluginRow, insertMissingPlugins, listPluginRows, updatePluginActive } from './plugin.store.ts';

/** Environment initializer: every plugin of the enumeration exists in every environment. */
export const ensureEveryPlugin = ({
  tx,
  environmentId,
}: Pick<EnvironmentTransaction, 'tx' | 'environmentId'>) => insertMissingPlugins(tx, environmentId);

export const listPlugins = ({ db, environmentId }: EnvironmentContext) => listPluginRows(db, environmentId);

export const listEnabled = async ({ db, environmentId }: EnvironmentContext) =>
  listEnabledPlugins(await listPluginRows(db, environmentId));

export const listEnabledGrouped = async ({ db, environmentId }: EnvironmentContext) =>
  groupEnabledPlugins(await listPluginRows(db, environmentId));

/**
 * Switches a plugin on or off. Asking for the state it already has is a no-op without an audit
 * entry (unchanged: docs/decisions/0054), so concurrent toggles leave one entry per
 * real change.
 */
export async function activatePlugin(
  ctx: EnvironmentContext,
  request: ActivatePluginRequest,
): Promise<PluginListItem> {
  const { environmentId } = ctx;
  const email = ctx.actor.email;
  const { pluginId, active } = request;
  const name = pluginNameOf(pluginId);
  return ctx.mutate(async ({ tx, audit }) => {
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
