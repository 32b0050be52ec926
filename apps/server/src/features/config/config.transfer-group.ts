import { configItemInputSchema } from '@console/domain/config';
import type { TransferItem } from '@console/domain/operations';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import type { TransferGroup } from '../transfer/transfer.public.ts';
import { listStoredConfigs } from './config.store.ts';
import {
  deleteTransferredConfigs,
  type TransferredConfig,
  writeTransferredConfigs,
} from './config-transfer.store.ts';

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
function transferredOf(item: TransferItem): TransferredConfig {
  const payload = transferPayloadSchema.parse(item.payload);
  const input = configItemInputSchema.parse({
    id: String(item.id),
    description: item.title,
    active: item.active,
    activation: payload.activation,
    data: payload.data,
  });
  return {
    id: input.id,
    description: input.description,
    active: input.active,
    activation: input.activation,
    data: input.data,
  };
}

/** Every item parsed first, so a bad one changes nothing; then one statement. */
async function writeAll(
  tx: Tx,
  environmentId: string,
  items: readonly TransferItem[],
  { email }: { email: string },
): Promise<void> {
  await writeTransferredConfigs(tx, environmentId, items.map(transferredOf), email, new Date());
}

/**
 * Deleted outright, like A/B-tests. The transfer service refuses a transfer that would remove a
 * configuration a destination plugin's entry still names.
 */
async function removeAll(tx: Tx, environmentId: string, ids: readonly TransferItem['id'][]): Promise<void> {
  await deleteTransferredConfigs(tx, environmentId, ids.map(String));
}

/** What a plugin entry needs of a configuration: what players get (its activation and data). */
const referencedPart = (item: TransferItem): unknown => ({ active: item.active, payload: item.payload });

/** The configurations group of the environment transfer. */
export const configTransferGroup: TransferGroup = {
  name: 'Configurations',
  list,
  // One item is a set of one: the change request's branch and a transfer write through the same statement
  write: (tx, environmentId, item, context) => writeAll(tx, environmentId, [item], context),
  remove: (tx, environmentId, id) => removeAll(tx, environmentId, [id]),
  writeAll,
  removeAll,
  referencedPart,
};
