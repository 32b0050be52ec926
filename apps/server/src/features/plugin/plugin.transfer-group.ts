import {
  defaultPluginDescriptionOf,
  isPluginId,
  TransferGroupName,
  type TransferItem,
  type TransferReference,
} from '@console/domain/operations';
import { draftBaseAfterReassign } from '@console/domain/plugin';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { lockInOrder } from '../../db/lock-protocol.ts';
import type { TransferGroup } from '../transfer/transfer.public.ts';
import { deletePluginRow, listPluginRows } from './plugin.store.ts';
import { listEntrySetsOfEnvironment, type PluginEntrySets } from './plugin-entries.store.ts';
import {
  findPluginRevisions,
  type TransferredPlugin,
  writeTransferredPlugins,
} from './plugin-transfer.store.ts';

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

/** A plugin as a transfer writes it: its state and both entry sets. */
interface PluginWrite {
  id: number;
  state: { active: boolean; description: string };
  sets: PluginEntrySets;
}

/**
 * Writes the plugins' rows and entries under the lock protocol (db/lock-protocol.ts): what the entries
 * point at FOR SHARE (a delete's usage check waits), then the plugins, before anything is written;
 * then every plugin in the same few statements (plugin-transfer.store.ts).
 */
async function writePlugins(tx: Tx, environmentId: string, plugins: readonly PluginWrite[], email: string) {
  const entries = plugins.flatMap(({ sets }) => [...sets.active, ...sets.draft]);
  const ids = plugins.map((plugin) => plugin.id);
  await lockInOrder(tx, environmentId, {
    configurations: {
      ids: entries.flatMap((entry) => entry.configurations.filter((id) => id !== '')),
      mode: 'share',
    },
    abTests: { ids: entries.map((entry) => entry.abTestId), mode: 'share' },
    plugins: ids,
  });
  const stored = await findPluginRevisions(tx, environmentId, ids);
  const transferred = plugins.map(({ id, state, sets }): TransferredPlugin => {
    // A plugin not there yet starts at the columns' defaults, as a created row would
    const before = stored.get(id) ?? { activeRevision: 0, draftRevision: 0, draftBaseRevision: 0 };
    // Both sets are rewritten: a draft open in a browser is now stale (docs/decisions/0227).
    const activeRevision = before.activeRevision + 1;
    return {
      id,
      ...state,
      sets,
      revisions: {
        activeRevision,
        draftRevision: before.draftRevision + 1,
        draftBaseRevision: draftBaseAfterReassign(before, activeRevision),
      },
    };
  });
  await writeTransferredPlugins(tx, environmentId, transferred, email, new Date());
}

const pluginWriteOf = (item: TransferItem): PluginWrite => {
  const payload = pluginPayloadSchema.parse(item.payload);
  return {
    id: Number(item.id),
    state: { active: item.active, description: payload.description },
    sets: setsOf(payload),
  };
};

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
  // One item is a set of one: a change request's branch and a transfer write through the same statements
  write: (tx, environmentId, item, { email }) =>
    writePlugins(tx, environmentId, [pluginWriteOf(item)], email),
  writeAll: (tx, environmentId, items, { email }) =>
    writePlugins(tx, environmentId, items.map(pluginWriteOf), email),
  async remove(tx, environmentId, id, { email }) {
    const pluginId = Number(id);
    // Every plugin exists in every environment, so a known plugin is reset rather than deleted.
    if (isPluginId(pluginId)) {
      const description = defaultPluginDescriptionOf(pluginId);
      const reset = { id: pluginId, state: { active: false, description }, sets: NO_ENTRIES };
      await writePlugins(tx, environmentId, [reset], email);
    } else {
      await deletePluginRow(tx, environmentId, pluginId);
    }
  },
  referencesOf,
};
