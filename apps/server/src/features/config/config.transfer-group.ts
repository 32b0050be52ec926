import { configItemInputSchema } from '@console/domain/config';
import type { TransferItem } from '@console/domain/operations';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import type { TransferGroup } from '../transfer/transfer.public.ts';
import { deleteConfig, findConfig, insertConfig, listStoredConfigs, updateConfig } from './config.store.ts';

/**
 * What a transfer compares and copies of a configuration: its kind, activation and data (the
 * created / modified / lastModifier stamps are the destination's own, so equal configurations in
 * two environments compare equal). Decision (docs/decisions/): one group for every kind.
 */
const transferPayloadSchema = z.object({ kind: z.string(), activation: z.unknown(), data: z.unknown() });

async function list(tx: Tx, environmentId: string): Promise<TransferItem[]> {
  const stored = await listStoredConfigs(tx, environmentId);
  return stored.map(({ kind, item }) => ({
    id: item.id,
    active: item.active,
    title: item.description,
    payload: { kind, activation: item.activation, data: item.data },
  }));
}

/**
 * The destination's configuration becomes the source's, kind included. The item is parsed with the
 * same schema as /create, so a transfer cannot store what the API would refuse.
 */
async function write(tx: Tx, environmentId: string, item: TransferItem, { email }: { email: string }) {
  const payload = transferPayloadSchema.parse(item.payload);
  const input = configItemInputSchema.parse({
    id: String(item.id),
    description: item.title,
    active: item.active,
    activation: payload.activation,
    data: payload.data,
  });
  const key = { environmentId, id: input.id };
  const fields = {
    description: input.description,
    active: input.active,
    activation: input.activation,
    data: input.data,
  };
  if (await findConfig(tx, key)) await updateConfig(tx, key, fields, email);
  else await insertConfig(tx, { ...key, ...fields, lastModifier: email });
}

/**
 * Deleted outright, like A/B-tests. The transfer service refuses a transfer that would remove a
 * configuration a destination plugin's entry still names.
 */
async function remove(tx: Tx, environmentId: string, id: TransferItem['id']): Promise<void> {
  await deleteConfig(tx, { environmentId, id: String(id) });
}

/** What a plugin entry needs of a configuration: what players get (its activation and data). */
const referencedPart = (item: TransferItem): unknown => ({ active: item.active, payload: item.payload });

/** The configurations group of the environment transfer. */
export const configTransferGroup: TransferGroup = {
  name: 'Configurations',
  list,
  write,
  remove,
  referencedPart,
};
