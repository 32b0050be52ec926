import { defaultPluginDescriptionOf, isPluginId, type TransferItem } from '@console/domain';
import { z } from 'zod';
import type { TransferGroup } from '../transfer/transfer-group.ts';
import { deletePluginRow, listPluginRows, writePluginRow } from './plugin.store.ts';

const pluginPayloadSchema = z.object({ description: z.string() });

/**
 * Plugins in the environment transfer: one item per plugin id with its state and description.
 * A/B-test entries of plugins belong to the A/B-test feature and are not copied here.
 */
export const pluginTransferGroup: TransferGroup = {
  name: 'Plugins',
  async list(tx, environmentId) {
    const plugins = await listPluginRows(tx, environmentId);
    return plugins.map(
      (plugin): TransferItem => ({
        id: plugin.id,
        active: plugin.active,
        title: plugin.name,
        payload: { description: plugin.description },
      }),
    );
  },
  async write(tx, environmentId, item, { email }) {
    const { description } = pluginPayloadSchema.parse(item.payload);
    await writePluginRow(tx, environmentId, Number(item.id), { active: item.active, description }, email);
  },
  async remove(tx, environmentId, id, { email }) {
    const pluginId = Number(id);
    // spec: every plugin exists in every environment, so a known plugin is reset rather than deleted.
    if (isPluginId(pluginId)) {
      const description = defaultPluginDescriptionOf(pluginId);
      await writePluginRow(tx, environmentId, pluginId, { active: false, description }, email);
    } else {
      await deletePluginRow(tx, environmentId, pluginId);
    }
  },
};
