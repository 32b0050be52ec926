import {
  defaultPluginDescriptionOf,
  isPluginId,
  TransferGroupName,
  type TransferItem,
  type TransferReference,
} from '@console/domain/operations';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { lockInOrder } from '../../db/lock-protocol.ts';
import type { TransferGroup } from '../transfer/transfer.public.ts';
import { deletePluginRow, increasePluginRevisions, listPluginRows, writePluginRow } from './plugin.store.ts';
import {
  listEntrySetsOfEnvironment,
  type PluginEntrySets,
  replacePluginEntrySets,
} from './plugin-entries.store.ts';

const entrySchema = z.object({
  abTestId: z.string(),
  abTestVersion: z.number().int(),
  configurations: z.array(z.string()),
});
/**
 * Decision: the entries travel in the plugin's payload, as the plugin row's data.active and
 * data.draft; a set without entries is left out, so a plugin without any reads as before.
 */
const pluginPayloadSchema = z.object({
  description: z.string(),
  active: z.array(entrySchema).optional(),
  draft: z.array(entrySchema).optional(),
});
type PluginPayload = z.infer<typeof pluginPayloadSchema>;

const setsOf = (payload: PluginPayload): PluginEntrySets => ({
  active: payload.active ?? [],
  draft: payload.draft ?? [],
});
const NO_ENTRIES: PluginEntrySets = { active: [], draft: [] };

/**
 * What a plugin's entries need, both sets: each A/B-test at its version (an entry whose A/B-test had
 * no version yet, below 0, needs the A/B-test only) and each chosen configuration.
 */
function referencesOf(item: TransferItem): TransferReference[] {
  const { active, draft } = setsOf(pluginPayloadSchema.parse(item.payload));
  return [...active, ...draft].flatMap(({ abTestId, abTestVersion, configurations }) => [
    abTestVersion >= 0
      ? {
          group: TransferGroupName.AbTests,
          id: abTestId,
          version: abTestVersion,
          label: `A/B-test '${abTestId}' version ${abTestVersion}`,
        }
      : { group: TransferGroupName.AbTests, id: abTestId, label: `A/B-test '${abTestId}'` },
    ...configurations
      .filter((configId) => configId !== '')
      .map((configId) => ({
        group: TransferGroupName.Configurations,
        id: configId,
        label: `configuration '${configId}'`,
      })),
  ]);
}

/**
 * Writes the plugin's row and entries under the lock protocol (db/lock-protocol.ts): what the entries
 * point at FOR SHARE (a delete's usage check waits), then the plugin, before anything is written.
 */
async function writePlugin(
  tx: Tx,
  environmentId: string,
  pluginId: number,
  state: { active: boolean; description: string },
  sets: PluginEntrySets,
  email: string,
) {
  const entries = [...sets.active, ...sets.draft];
  await lockInOrder(tx, environmentId, {
    configurations: {
      ids: entries.flatMap((entry) => entry.configurations.filter((id) => id !== '')),
      mode: 'share',
    },
    abTests: { ids: entries.map((entry) => entry.abTestId), mode: 'share' },
    plugins: [pluginId],
  });
  await writePluginRow(tx, environmentId, pluginId, state, email);
  await replacePluginEntrySets(tx, environmentId, pluginId, sets);
  // Both sets were rewritten: a draft open in a browser is now stale (docs/decisions/0227).
  await increasePluginRevisions(tx, environmentId, pluginId, { active: true, draft: true });
}

/**
 * Plugins in the environment transfer: one item per plugin id with its state, description and its
 * A/B-test entries (active set and draft). The transfer service makes sure the A/B-test versions and
 * configurations the entries need exist in the destination (referencesOf).
 */
export const pluginTransferGroup: TransferGroup = {
  name: TransferGroupName.Plugins,
  async list(tx, environmentId) {
    const plugins = await listPluginRows(tx, environmentId);
    const entrySets = await listEntrySetsOfEnvironment(tx, environmentId);
    return plugins.map((plugin): TransferItem => {
      const { active, draft } = entrySets.get(plugin.id) ?? NO_ENTRIES;
      const payload: PluginPayload = {
        description: plugin.description,
        ...(active.length > 0 ? { active } : {}),
        ...(draft.length > 0 ? { draft } : {}),
      };
      return { id: plugin.id, active: plugin.active, title: plugin.name, payload };
    });
  },
  async write(tx, environmentId, item, { email }) {
    const payload = pluginPayloadSchema.parse(item.payload);
    const pluginId = Number(item.id);
    const state = { active: item.active, description: payload.description };
    await writePlugin(tx, environmentId, pluginId, state, setsOf(payload), email);
  },
  async remove(tx, environmentId, id, { email }) {
    const pluginId = Number(id);
    // Every plugin exists in every environment, so a known plugin is reset rather than deleted.
    if (isPluginId(pluginId)) {
      const description = defaultPluginDescriptionOf(pluginId);
      await writePlugin(tx, environmentId, pluginId, { active: false, description }, NO_ENTRIES, email);
    } else {
      await deletePluginRow(tx, environmentId, pluginId);
    }
  },
  referencesOf,
};
