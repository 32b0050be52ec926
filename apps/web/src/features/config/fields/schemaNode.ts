import { CONFIG_DATA_SCHEMAS, type ConfigKindId } from '@console/domain';
import { z } from 'zod';

// The editors read every bound and default from the domain's schema of the kind (are
// written once, in packages/domain): a field's name (`data.tiers.2.numberOfItems`) is also its path
// in CONFIG_DATA_SCHEMAS[kind].

/** Defaults, prefaults, optionals and nullables around a schema, removed. */
function unwrap(schema: z.ZodType): z.ZodType {
  let inner = schema;
  while (
    inner instanceof z.ZodDefault ||
    inner instanceof z.ZodPrefault ||
    inner instanceof z.ZodOptional ||
    inner instanceof z.ZodNullable
  ) {
    inner = inner.unwrap() as z.ZodType;
  }
  return inner;
}

/** The schema of a form field named `data.…` of a kind's configuration; undefined outside `data`. */
export function dataFieldSchema(kind: ConfigKindId, name: string): z.ZodType | undefined {
  const [root, ...path] = name.split('.');
  if (root !== 'data') return undefined;
  let node: z.ZodType | undefined = unwrap(CONFIG_DATA_SCHEMAS[kind]);
  for (const segment of path) {
    if (node instanceof z.ZodObject) node = node.shape[segment] as z.ZodType | undefined;
    else if (node instanceof z.ZodArray && /^\d+$/.test(segment)) node = node.element as z.ZodType;
    else return undefined;
    if (node === undefined) return undefined;
    node = unwrap(node);
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
  const schema = field === undefined ? undefined : unwrap(field);
  if (!(schema instanceof z.ZodNumber)) return { min: undefined, max: undefined, isInteger: false };
  const finite = (value: number | null) =>
    value === null || !Number.isFinite(value) || Math.abs(value) >= Number.MAX_SAFE_INTEGER
      ? undefined
      : value;
  return { min: finite(schema.minValue), max: finite(schema.maxValue), isInteger: schema.isInt };
}

/** The entries a list must keep: 0 when its schema takes an empty list, else 1 ("at least one"). */
export function minEntriesOf(schema: z.ZodType | undefined): number {
  return schema === undefined || schema.safeParse([]).success ? 0 : 1;
}

/** A new entry of a list: the entry schema's defaults, or an empty entry when a field has none. */
export function newEntryOf(schema: z.ZodType | undefined): Record<string, unknown> {
  if (!(schema instanceof z.ZodArray)) return {};
  const parsed = (schema.element as z.ZodType).safeParse({});
  return parsed.success && typeof parsed.data === 'object' && parsed.data !== null
    ? (parsed.data as Record<string, unknown>)
    : {};
}
