import { z } from 'zod';
import { quoteInput } from '../api/quoted-input.ts';
import { ConstructionItem, type ConstructionItemName, nameOf } from '../enums.ts';
import { wholeNumberField } from './config-fields.ts';

// (both documents): construction items NormalPieces 0, Red 1... Pink 5 and the pet items
// Bomb 1302 ... LineblastBoth 1390; unknown construction items resolve to NormalPieces.

export interface ConstructionItemEntry {
  readonly id: number;
  readonly name: ConstructionItemName;
}

/** The /api/plugin/config/construction-items lookup, by id. */
export const CONSTRUCTION_ITEMS: readonly ConstructionItemEntry[] = (
  Object.entries(ConstructionItem) as [ConstructionItemName, number][]
)
  .map(([name, id]) => ({ id, name }))
  .sort((a, b) => a.id - b.id);

export const constructionItemsResponseSchema = z.array(z.object({ id: z.number().int(), name: z.string() }));

/** The name of a construction item id; unknown ids read as NormalPieces (a product rule). */
export function resolveConstructionItem(id: number): ConstructionItemName {
  return nameOf(ConstructionItem, id) ?? 'NormalPieces';
}

export function isConstructionItemId(id: number): boolean {
  return nameOf(ConstructionItem, id) !== undefined;
}

/** The editor's default title for a rotation entry. */
export const DEFAULT_ROTATION_TITLE = 'Rotation';

export const CONSTRUCTION_ITEM_LABEL = 'Construction Item';

/**
 * A rotation entry's item: a listed id (the picker offers only those). Reading stored data still
 * resolves an unknown id to NormalPieces, but saving one is refused.
 */
export const constructionItemIdSchema = wholeNumberField(
  CONSTRUCTION_ITEM_LABEL,
  0,
  Number.MAX_SAFE_INTEGER,
).refine(isConstructionItemId, {
  error: (issue) =>
    `${CONSTRUCTION_ITEM_LABEL} ${quoteInput(issue.input)} is not one of ${CONSTRUCTION_ITEMS.map((item) => `${item.id} (${item.name})`).join(', ')}`,
});
