import { stableStringify } from './stable-stringify.ts';
import {
  compareTransferItemIds,
  diffGroup,
  indexTransferItems,
  type TransferDependency,
  TransferDependencyOutcome,
  TransferDependencyStatus,
  type TransferItem,
  type TransferItemId,
  TransferMode,
  TransferOperation,
  type TransferPreviewGroups,
  type TransferPreviewItem,
  type TransferReference,
  transferItemKeyOf,
} from './transfer.ts';

/** One group of a transfer as read: both sides' items, and whether the operator chose to transfer it. */
export interface TransferGroupState {
  name: string;
  source: readonly TransferItem[];
  destination: readonly TransferItem[];
  isChosen: boolean;
}

/** How items refer to each other; the server's groups know their payloads, the plan knows none. */
export interface TransferDependencyRules {
  /** What an item of `group` needs of other groups' items (a plugin: its entries' A/B-tests and configurations). */
  referencesOf(group: string, item: TransferItem): readonly TransferReference[];
  /**
   * The part of `item` (of the reference's group) the reference needs, in a form compared across
   * environments; undefined when the item lacks it (an A/B-test without that version).
   */
  partOf(reference: TransferReference, item: TransferItem): unknown;
}

export interface TransferPlanOptions {
  mode: TransferMode;
  /** Merge only: missing dependencies travel with the items that need them. */
  carryDependencies: boolean;
}

export interface TransferPlan {
  /** The rows to apply: chosen groups' diffs plus carried items, in the states' order. */
  groups: TransferPreviewGroups;
  /** What the transferred items need, with its status in the destination and what the transfer does. */
  dependencies: TransferDependency[];
  /** What the destination would lack after the transfer, one line each; not empty = refuse. */
  missing: string[];
  /** The carried items, for the audit entry ("A/B-tests:spring"). */
  carried: string[];
}

/** The 409 answer of a transfer that would leave the destination lacking what its items need. */
export const transferRefusalOf = (missing: readonly string[]) =>
  `Transfer refused: the destination would lack ${missing.join('; ')}`;

type Written = 'transferred' | 'carried';
interface GroupIndex {
  state: TransferGroupState;
  source: Map<string, TransferItem>;
  destination: Map<string, TransferItem>;
  written: Map<string, Written>;
  deleted: Set<string>;
}
interface Need {
  reference: TransferReference;
  neededBy: TransferDependency['neededBy'];
}

const needKeyOf = (reference: TransferReference) =>
  `${reference.group}\u0000${transferItemKeyOf(reference.id)}\u0000${reference.version ?? ''}`;

/**
 * Transfer with dependency closure: what a transfer writes, and whether it leaves any item
 * of the destination needing what the destination lacks.
 *
 * - Chosen groups are diffed as before (overwrite: equal to the source; merge: created and updated).
 * - Merge with carryDependencies: a need of a transferred item that the destination would lack travels
 *   with it as the source's whole item, even if its group was not chosen (a created or updated row).
 * - Overwrite writes nothing outside the chosen groups: overwriting part of a group the operator left
 *   out would be neither an overwrite of it nor leaving it alone.
 * - Then every item of the resulting destination is checked: a transferred item must find all it needs;
 *   a destination item the transfer leaves alone must not lose what it had (what it lacked before is
 *   not this transfer's doing). Each miss is a line of `missing`.
 */
export function planTransfer(
  states: readonly TransferGroupState[],
  options: TransferPlanOptions,
  rules: TransferDependencyRules,
): TransferPlan {
  const groups = new Map<string, GroupIndex>();
  const rows = new Map<string, TransferPreviewItem[]>();
  for (const state of states) {
    const index: GroupIndex = {
      state,
      source: indexTransferItems(state.source, 'source'),
      destination: indexTransferItems(state.destination, 'destination'),
      written: new Map(),
      deleted: new Set(),
    };
    groups.set(state.name, index);
    if (!state.isChosen) continue;
    const diff = diffGroup(state.source, state.destination, options.mode);
    rows.set(state.name, diff);
    for (const row of diff) {
      const key = transferItemKeyOf(row.id);
      if (row.operation === TransferOperation.Delete) index.deleted.add(key);
      else if (row.operation !== TransferOperation.Unchanged) index.written.set(key, 'transferred');
    }
  }

  // A reference to a group this registry lacks cannot be checked, so it is left out.
  const referencesOf = (group: string, item: TransferItem) =>
    rules.referencesOf(group, item).filter((reference) => groups.has(reference.group));
  const partIn = (reference: TransferReference, item: TransferItem | undefined) =>
    item === undefined ? undefined : rules.partOf(reference, item);
  const resultItem = (group: GroupIndex, id: TransferItemId) => {
    const key = transferItemKeyOf(id);
    if (group.written.has(key)) return group.source.get(key);
    return group.deleted.has(key) ? undefined : group.destination.get(key);
  };

  // What the transferred items need: chosen groups' source items, then carried items (fixed point).
  const needs = new Map<string, Need>();
  const collectNeeds = (group: string, item: TransferItem) => {
    for (const reference of referencesOf(group, item)) {
      const key = needKeyOf(reference);
      const need = needs.get(key) ?? { reference, neededBy: [] };
      needs.set(key, need);
      const isListed = need.neededBy.some(
        (by) => by.group === group && transferItemKeyOf(by.id) === transferItemKeyOf(item.id),
      );
      if (!isListed) need.neededBy.push({ group, id: item.id, title: item.title });
    }
  };
  for (const state of states) {
    if (state.isChosen) for (const item of state.source) collectNeeds(state.name, item);
  }
  const isCarrying = options.mode === TransferMode.Merge && options.carryDependencies;
  // Map iteration also visits needs added meanwhile, so what a carried item needs is carried too.
  for (const { reference } of isCarrying ? needs.values() : []) {
    const target = groups.get(reference.group)!;
    if (partIn(reference, resultItem(target, reference.id)) !== undefined) continue;
    const key = transferItemKeyOf(reference.id);
    const sourceItem = target.source.get(key);
    if (partIn(reference, sourceItem) === undefined || target.written.has(key)) continue;
    target.written.set(key, 'carried');
    collectNeeds(reference.group, sourceItem!);
  }

  const carried: string[] = [];
  for (const [name, group] of groups) {
    for (const [key, how] of group.written) {
      if (how !== 'carried') continue;
      const item = group.source.get(key)!;
      const operation = group.destination.has(key) ? TransferOperation.Update : TransferOperation.Create;
      const groupRows = rows.get(name) ?? [];
      rows.set(name, [...groupRows, { ...item, operation }]);
      carried.push(`${name}:${item.id}`);
    }
  }

  const broken = findBrokenReferences(groups, referencesOf, partIn, resultItem);
  const order = [...groups.keys()];
  const compareNeeds = (a: TransferReference, b: TransferReference) =>
    order.indexOf(a.group) - order.indexOf(b.group) ||
    compareTransferItemIds(a.id, b.id) ||
    (a.version ?? -1) - (b.version ?? -1);

  const dependencies = [...needs.values()]
    .map(({ reference, neededBy }): TransferDependency => {
      const target = groups.get(reference.group)!;
      const key = transferItemKeyOf(reference.id);
      const sourceItem = target.source.get(key);
      const sourcePart = partIn(reference, sourceItem);
      const destinationPart = partIn(reference, target.destination.get(key));
      const status =
        destinationPart === undefined
          ? TransferDependencyStatus.Missing
          : sourcePart !== undefined && stableStringify(sourcePart) === stableStringify(destinationPart)
            ? TransferDependencyStatus.Equal
            : TransferDependencyStatus.Different;
      const written = target.written.get(key);
      const outcome = broken.has(needKeyOf(reference))
        ? TransferDependencyOutcome.Refused
        : written === 'carried'
          ? TransferDependencyOutcome.Carried
          : written === 'transferred'
            ? TransferDependencyOutcome.Transferred
            : status === TransferDependencyStatus.Equal
              ? TransferDependencyOutcome.Unchanged
              : TransferDependencyOutcome.Kept;
      return {
        ...reference,
        title: sourceItem?.title ?? target.destination.get(key)?.title ?? '',
        isInSource: sourcePart !== undefined,
        status,
        outcome,
        neededBy,
      };
    })
    .sort(compareNeeds);

  const missing = [...broken.values()]
    .sort((a, b) => compareNeeds(a.reference, b.reference))
    .map(({ reference, neededBy }) => {
      const names = neededBy.map((by) => by.title || String(by.id));
      return `${reference.label} (needed by ${[...new Set(names)].join(', ')})`;
    });

  // Registry order; a group not chosen is answered only when something is carried into it.
  const planned: TransferPreviewGroups = {};
  for (const name of order) {
    const groupRows = rows.get(name);
    if (groupRows) planned[name] = groupRows.sort((a, b) => compareTransferItemIds(a.id, b.id));
  }
  return { groups: planned, dependencies, missing, carried };
}

/**
 * Every reference of the resulting destination that finds nothing. A transferred item (a chosen
 * group's source item, or a carried one) must find all it needs; an item the transfer leaves alone
 * only what it found before.
 */
function findBrokenReferences(
  groups: Map<string, GroupIndex>,
  referencesOf: (group: string, item: TransferItem) => TransferReference[],
  partIn: (reference: TransferReference, item: TransferItem | undefined) => unknown,
  resultItem: (group: GroupIndex, id: TransferItemId) => TransferItem | undefined,
): Map<string, Need> {
  const broken = new Map<string, Need>();
  for (const [name, group] of groups) {
    const keys = new Set([...group.source.keys(), ...group.destination.keys()]);
    for (const key of keys) {
      const isTransferred =
        (group.state.isChosen && group.source.has(key)) || group.written.get(key) === 'carried';
      const item = isTransferred ? group.source.get(key) : resultItem(group, idOfKey(group, key));
      if (item === undefined) continue;
      for (const reference of referencesOf(name, item)) {
        const target = groups.get(reference.group)!;
        if (partIn(reference, resultItem(target, reference.id)) !== undefined) continue;
        const hadIt =
          partIn(reference, target.destination.get(transferItemKeyOf(reference.id))) !== undefined;
        if (!isTransferred && !hadIt) continue;
        const needKey = needKeyOf(reference);
        const need = broken.get(needKey) ?? { reference, neededBy: [] };
        broken.set(needKey, need);
        need.neededBy.push({ group: name, id: item.id, title: item.title });
      }
    }
  }
  return broken;
}

const idOfKey = (group: GroupIndex, key: string): TransferItemId =>
  (group.source.get(key) ?? group.destination.get(key))!.id;
