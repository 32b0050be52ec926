import { z } from 'zod';
import { sizeGuardOf } from './bounded.ts';

// A request body is checked up to its first mistake, not for every mistake it holds: zod reports every
// issue it finds, so a body of 10,000 list entries with a dozen wrong fields each is 120,000 issues, built
// one by one (seconds of CPU for 90 KB). zod's own `abortEarly` parse option (ParseContextInternal, set
// by z.validate) stops a list, map or object at its first issue that ends a value's validation.

const UP_TO_FIRST_ISSUE: z.core.ParseContextInternal<z.core.$ZodIssue> = { abortEarly: true };

export type RequestParseResult<T> =
  | { success: true; data: T }
  | { success: false; issues: z.core.$ZodIssue[] };

/**
 * `schema` parsed up to the first issue. An unknown field is still reported when the body has one (the
 * server names it first: a misspelt field also leaves the right one missing, and the misspelling is the
 * mistake to fix), although stopping at the missing field keeps zod from listing it.
 */
export function parseRequest<S extends z.ZodType>(
  schema: S,
  value: unknown,
): RequestParseResult<z.output<S>> {
  const result = schema.safeParse(value, UP_TO_FIRST_ISSUE);
  if (result.success) return { success: true, data: result.data };
  const { issues } = result.error;
  if (issues.some((issue) => issue.code === 'unrecognized_keys')) return { success: false, issues };
  const unknown = findUnknownFields(schema, value, issues[0]?.path ?? []);
  return { success: false, issues: unknown ? [unknown, ...issues] : issues };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** zod's issue for unknown fields of a strict object, worded by the object's own error map or zod's. */
function unrecognizedKeysIssue(
  schema: z.core.$ZodType,
  keys: string[],
  path: PropertyKey[],
  input: Record<string, unknown>,
): z.core.$ZodIssue {
  const raw = { code: 'unrecognized_keys' as const, keys, path, input, inst: schema };
  return z.core.util.finalizeIssue(raw, undefined, z.core.config());
}

type Def = z.core.$ZodTypeDef & Record<string, unknown>;

/** The schema a wrapper (optional, default, a size check, a pipe from schema to schema, ...) checks the value with. */
function unwrapped(schema: z.core.$ZodType): z.core.$ZodType | null {
  const def = schema._zod.def as Def;
  const inner = (key: string) => def[key] as z.core.$ZodType;
  switch (def.type) {
    case 'pipe':
      if (sizeGuardOf(schema)) return inner('out');
      // what a transform made of the value is not the value as sent
      return inner('in')._zod.def.type === 'transform' ? null : inner('in');
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner('innerType');
    case 'lazy':
      return (def.getter as () => z.core.$ZodType)();
    default:
      return null;
  }
}

/**
 * Unknown fields of a strict object on the way from the top of `value` to where `issuePath` points, as
 * zod's issue (the nearest to the top first); null when there are none. Only that way is looked at: a
 * misspelt field sits beside the field it leaves missing, and the search costs nothing whatever the
 * body's size.
 */
export function findUnknownFields(
  schema: z.core.$ZodType,
  value: unknown,
  issuePath: readonly PropertyKey[],
): z.core.$ZodIssue | null {
  let node: z.core.$ZodType | null = schema;
  let current = value;
  let depth = 0;
  while (node) {
    const def = node._zod.def as Def;
    const path = issuePath.slice(0, depth);
    if (def.type === 'object') {
      if (!isPlainObject(current)) return null;
      const shape = def.shape as Record<string, z.core.$ZodType>;
      if ((def.catchall as z.core.$ZodType | undefined)?._zod.def.type === 'never') {
        const unknown = Object.keys(current).filter((key) => !Object.hasOwn(shape, key));
        if (unknown.length > 0) return unrecognizedKeysIssue(node, unknown, path, current);
      }
      const key = issuePath[depth];
      if (typeof key !== 'string' || !Object.hasOwn(shape, key)) return null;
      node = shape[key]!;
      current = current[key];
      depth += 1;
    } else if (def.type === 'array' || def.type === 'record') {
      const key = issuePath[depth];
      if (key === undefined || current === null || typeof current !== 'object') return null;
      node = (def.type === 'array' ? def.element : def.valueType) as z.core.$ZodType;
      current = (current as Record<PropertyKey, unknown>)[key];
      depth += 1;
    } else {
      node = unwrapped(node);
    }
  }
  return null;
}
