import type { PluginDetails, SetPluginDescriptionRequest } from '@console/domain/plugin';
import type { EnvironmentContext } from '../../context.ts';
import { lockInOrder } from '../../db/lock-protocol.ts';
import { updatePluginDetails } from './plugin.store.ts';
import { pluginAudit, readPluginDetails, requirePluginState } from './plugin-details.loaders.ts';

// /api/plugin/get and /api/plugin/set/description.

export const getPluginDetails = (
  { db, environmentId }: EnvironmentContext,
  pluginId: number,
): Promise<PluginDetails> => readPluginDetails(db, environmentId, pluginId);

/**
 * "Changing the description saves it immediately". A save always writes and is audited
 * (docs/decisions/0054), under the plugin's row lock so `before` is what it replaced.
 */
export async function setPluginDescription(
  ctx: EnvironmentContext,
  request: SetPluginDescriptionRequest,
): Promise<PluginDetails> {
  const { environmentId } = ctx;
  const email = ctx.actor.email;
  const { pluginId, description } = request;
  return ctx.mutate(async ({ tx, audit }) => {
    await lockInOrder(tx, environmentId, { plugins: [pluginId] });
    const before = await requirePluginState(tx, environmentId, pluginId);
    await updatePluginDetails(tx, environmentId, pluginId, { description }, email);
    const result = await readPluginDetails(tx, environmentId, pluginId);
    audit(
      pluginAudit(environmentId, email, pluginId, 'plugin.description.set', {
        before: before.plugin.description,
        description,
      }),
    );
    return result;
  });
}
