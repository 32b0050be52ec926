import {
  compareTransferItemIds,
  indexTransferItems,
  isSameTransferItem,
  type TransferItem,
  transferItemKeyOf,
} from '../operations/transfer.ts';

// Three-way comparison of a change request (docs/product.md, Change requests, "Conflicts, three-way"):
// the base is the environment's content when the branch was made, mine the branch's content now, live
// the environment's now. Per item: changed only in the branch → the branch's; changed only live → the
// live one (never overwritten); changed in both to the same → either; changed in both differently → a
// conflict, which the author resolves before the request may be approved or applied.

type Groups = Readonly<Record<string, readonly TransferItem[]>>;

export interface ThreeWayConflict {
  group: string;
  id: TransferItem['id'];
  title: string;
  base: TransferItem | null;
  mine: TransferItem | null;
  live: TransferItem | null;
}

export interface ThreeWayResult {
  /** Per group, what the environment holds once the request is applied (live where conflicting). */
  merged: Record<string, TransferItem[]>;
  /** The items the branch changes (by group), whether or not they conflict. */
  changedInBranch: Record<string, TransferItem['id'][]>;
  conflicts: ThreeWayConflict[];
  /** Whether the environment changed anything since the branch was made. */
  isBaseMoved: boolean;
}

const sameOrBothAbsent = (a: TransferItem | undefined, b: TransferItem | undefined) =>
  a === undefined || b === undefined ? a === b : isSameTransferItem(a, b);

export function mergeThreeWay(
  groups: readonly string[],
  base: Groups,
  mine: Groups,
  live: Groups,
): ThreeWayResult {
  const result: ThreeWayResult = { merged: {}, changedInBranch: {}, conflicts: [], isBaseMoved: false };
  for (const group of groups) {
    const baseItems = indexTransferItems(base[group] ?? [], 'base');
    const mineItems = indexTransferItems(mine[group] ?? [], 'branch');
    const liveItems = indexTransferItems(live[group] ?? [], 'environment');
    const keys = new Set([...baseItems.keys(), ...mineItems.keys(), ...liveItems.keys()]);
    const merged: TransferItem[] = [];
    const changed: TransferItem['id'][] = [];
    for (const key of keys) {
      const was = baseItems.get(key);
      const ours = mineItems.get(key);
      const theirs = liveItems.get(key);
      const isOursChanged = !sameOrBothAbsent(ours, was);
      const isTheirsChanged = !sameOrBothAbsent(theirs, was);
      if (isTheirsChanged) result.isBaseMoved = true;
      let kept = theirs;
      if (isOursChanged) {
        changed.push((ours ?? was ?? theirs)!.id);
        if (!isTheirsChanged) kept = ours;
        else if (!sameOrBothAbsent(ours, theirs)) {
          const any = (ours ?? theirs ?? was)!;
          result.conflicts.push({
            group,
            id: any.id,
            title: any.title,
            base: was ?? null,
            mine: ours ?? null,
            live: theirs ?? null,
          });
        }
      }
      if (kept !== undefined) merged.push(kept);
    }
    result.merged[group] = merged.sort((a, b) => compareTransferItemIds(a.id, b.id));
    result.changedInBranch[group] = changed.sort(compareTransferItemIds);
  }
  result.conflicts.sort((a, b) => a.group.localeCompare(b.group) || compareTransferItemIds(a.id, b.id));
  return result;
}

/** The base with one item rebased on the live one: resolving a conflict (keep mine or take live). */
export function rebaseItem(
  base: Groups,
  group: string,
  id: TransferItem['id'],
  live: TransferItem | null,
): Record<string, TransferItem[]> {
  const key = transferItemKeyOf(id);
  const items = (base[group] ?? []).filter((item) => transferItemKeyOf(item.id) !== key);
  if (live !== null) items.push(live);
  const copy: Record<string, TransferItem[]> = Object.fromEntries(
    Object.entries(base).map(([name, groupItems]) => [name, [...groupItems]]),
  );
  copy[group] = items.sort((a, b) => compareTransferItemIds(a.id, b.id));
  return copy;
}
