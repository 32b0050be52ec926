import { z } from 'zod';

// The kit's fields read their bounds from the form's own schema (the domain's), so a bound is written
// once, in packages/domain: a field's name (`data.tiers.2.numberOfItems`) is also its path in the schema.

/**
 * Defaults, prefaults, optionals and nullables around a schema, removed, and a preprocessing step before it
 * (the domain's size checks of a list, which run before its entries are parsed).
 */
export function unwrapSchema(schema: z.ZodType): z.ZodType {
  let inner = schema;
  while (true) {
    if (
      inner instanceof z.ZodDefault ||
      inner instanceof z.ZodPrefault ||
      inner instanceof z.ZodOptional ||
      inner instanceof z.ZodNullable
    ) {
      inner = inner.unwrap() as z.ZodType;
    } else if (inner instanceof z.ZodPipe && inner.in instanceof z.ZodTransform) {
      inner = inner.out as z.ZodType;
    } else {
      return inner;
    }
  }
}

/** The schema of the field at a dotted path (`activation.minLevel`, `data.tiers.0.rotations`); undefined when the schema does not say. */
export function schemaAt(root: z.ZodType | undefined, path: string): z.ZodType | undefined {
  if (root === undefined) return undefined;
  let node: z.ZodType = unwrapSchema(root);
  for (const segment of path.split('.')) {
    let next: z.ZodType | undefined;
    if (node instanceof z.ZodObject) next = node.shape[segment] as z.ZodType | undefined;
    else if (node instanceof z.ZodArray && /^\d+$/.test(segment)) next = node.element as z.ZodType;
    if (next === undefined) return undefined;
    node = unwrapSchema(next);
  }
  return node;
}

export interface NumberBounds {
  readonly min: number | undefined;
  readonly max: number | undefined;
  readonly isInteger: boolean;
}

/** A number field's bounds as its schema states them, defaults and optionals removed (nothing known for another schema). */
export function numberBoundsOf(field: z.ZodType | undefined): NumberBounds {
  const schema = field === undefined ? undefined : unwrapSchema(field);
  if (!(schema instanceof z.ZodNumber)) return { min: undefined, max: undefined, isInteger: false };
  const finite = (value: number | null) =>
    value === null || !Number.isFinite(value) || Math.abs(value) >= Number.MAX_SAFE_INTEGER
      ? undefined
      : value;
  return { min: finite(schema.minValue), max: finite(schema.maxValue), isInteger: schema.isInt };
}
