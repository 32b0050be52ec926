import type { TransferItem, TransferReference } from '@console/domain/operations';
import type { Tx } from '../../db/client.ts';

/**
 * What a feature contributes to the environment transfer: how to list, write and delete its items.
 * The transfer service compares groups with the domain's diffGroup and never knows the features.
 */
export interface TransferWriteContext {
  email: string;
  /** The source environment; null when the source is an environment file (an import). */
  sourceEnvironmentId: string | null;
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
  /**
   * write() of many items at once, set-based (one statement per table), for a group that may hold
   * thousands: a transfer's apply calls it, when present, with every item it creates or updates.
   */
  writeAll?(
    tx: Tx,
    environmentId: string,
    items: readonly TransferItem[],
    context: TransferWriteContext,
  ): Promise<void>;
  /** remove() of many items at once, set-based, as writeAll is to write. */
  removeAll?(
    tx: Tx,
    environmentId: string,
    ids: readonly TransferItem['id'][],
    context: TransferWriteContext,
  ): Promise<void>;
  /**
   * What an item needs of other groups' items (a plugin: its entries' A/B-test versions and
   * configurations). The transfer never leaves an item needing what the destination lacks.
   */
  referencesOf?(item: TransferItem): TransferReference[];
  /**
   * The part of one of this group's items that a reference needs, in a form compared across
   * environments (an A/B-test's version with what decides a player's case); undefined when it lacks it.
   */
  referencedPart?(item: TransferItem, reference: TransferReference): unknown;
}

/**
 * Checks a registry once, when the app starts: every group named, no name twice (the preview and
 * the audit key groups by name), and each with its three functions. Answers the groups unchanged.
 */
export function checkTransferGroups(groups: readonly TransferGroup[]): readonly TransferGroup[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const [index, group] of groups.entries()) {
    const name = typeof group.name === 'string' ? group.name.trim() : '';
    if (name === '') problems.push(`group ${index + 1} has no name`);
    else if (seen.has(name)) problems.push(`'${name}' is registered twice`);
    seen.add(name);
    for (const method of ['list', 'write', 'remove'] as const) {
      if (typeof group[method] !== 'function') problems.push(`'${name}' has no ${method}()`);
    }
    for (const method of ['writeAll', 'removeAll'] as const) {
      const found = group[method];
      if (found !== undefined && typeof found !== 'function')
        problems.push(`'${name}' has a ${method} that is no function`);
    }
  }
  if (problems.length) throw new Error(`Transfer groups: ${problems.join('; ')}`);
  return groups;
}
