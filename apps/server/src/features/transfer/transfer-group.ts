import type { TransferItem } from '@console/domain';
import type { Tx } from '../../db/client.ts';

/**
 * What a feature contributes to the environment transfer: how to list, write and delete its items.
 * The transfer service compares groups with the domain's diffGroup and never knows the features.
 */
export interface TransferWriteContext {
  email: string;
  sourceEnvironmentId: string;
}

export interface TransferGroup {
  /** Group name as shown in the preview, e.g. 'Release info', 'Plugins', 'A/B-tests'. */
  name: string;
  list(tx: Tx, environmentId: string): Promise<TransferItem[]>;
  /**
   * Creates or updates the item so the destination equals the source's item. The source is given
   * so a group can copy what its preview must not show (a secret) straight from the source row.
   */
  write(tx: Tx, environmentId: string, item: TransferItem, context: TransferWriteContext): Promise<void>;
  /** Deletes the item, or resets it where every environment must hold one; stamped with the operator. */
  remove(tx: Tx, environmentId: string, id: TransferItem['id'], context: TransferWriteContext): Promise<void>;
}
