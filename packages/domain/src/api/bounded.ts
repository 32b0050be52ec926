import { z } from 'zod';

// Every list, text and map a request carries has a size limit, and the size is checked on the raw input
// before any element is: zod parses every element of an array (or every entry of a record) first and only
// then checks `.max()`, so a body of 100,000 bad elements would cost 100,000 parses and issues before its
// length is refused. These constructors refuse an oversized value at once, then parse it as usual.
// docs/decisions/ (API contract and errors) lists the limits the spec leaves open.

/** The messages of the size limits, in the product's words; the server puts the field's name before them. */
export const sizeLimitMessage = {
  items: (max: number) => `must have at most ${max.toLocaleString('en-US')} items`,
  entries: (max: number) => `must have at most ${max.toLocaleString('en-US')} entries`,
} as const;

/** The guard transforms this module made, with their limit: the schema walk of the tests reads them. */
const sizeGuards = new WeakMap<z.core.$ZodType, { kind: 'array' | 'record'; max: number }>();

/** The limit a schema's own size guard checks first, when it has one (for the schema walk of the tests). */
export function sizeGuardOf(schema: z.core.$ZodType): { kind: 'array' | 'record'; max: number } | undefined {
  const def = schema._zod.def;
  return def.type === 'pipe' ? sizeGuards.get((def as z.core.$ZodPipeDef).in) : undefined;
}

function countKeys(value: object, max: number): number {
  let count = 0;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    count += 1;
    if (count > max) break;
  }
  return count;
}

/**
 * `schema`, after a check on the raw input that an array has at most `max` elements (`kind: 'array'`) or an
 * object at most `max` keys (`kind: 'record'`); anything else goes on to `schema`, which refuses it as usual.
 */
function sizeCheckedFirst<S extends z.ZodType>(
  schema: S,
  kind: 'array' | 'record',
  max: number,
  message: string,
): z.ZodPreprocess<S, z.input<S>> {
  const guarded = z.preprocess<unknown, S, z.input<S>>((value, context) => {
    const isTooBig =
      kind === 'array'
        ? Array.isArray(value) && value.length > max
        : value !== null && typeof value === 'object' && !Array.isArray(value) && countKeys(value, max) > max;
    if (isTooBig) {
      // The input is left out of the issue: it is the oversized value itself.
      context.issues.push({
        code: 'too_big',
        origin: kind === 'array' ? 'array' : 'object',
        maximum: max,
        inclusive: true,
        message,
        input: undefined,
      });
    }
    return value;
  }, schema);
  const guard = guarded._zod.def.in;
  // An answer is encoded with its schema (the server's serializer), and these schemas are in answers too: a
  // transform cannot encode, but the check has nothing to undo, so encoding passes the value as it is.
  const { parse, run } = guard._zod;
  guard._zod.parse = (payload, context) =>
    context.direction === 'backward' ? payload : parse(payload, context);
  guard._zod.run = (payload, context) => (context.direction === 'backward' ? payload : run(payload, context));
  sizeGuards.set(guard, { kind, max });
  // The limit in the JSON Schema (the OpenAPI document, the fuzzing) also where `schema` does not state it
  return guarded.meta(kind === 'array' ? { maxItems: max } : { maxProperties: max });
}

interface ListOptions {
  /** The message when the value is not a list at all. */
  error?: string;
  /** The message when it has more than `max` elements; by default "must have at most N items". */
  tooMany?: string;
}

/** A list of at most `max` elements, its length checked before any element is parsed. */
export function boundedArray<T extends z.ZodType>(element: T, max: number, options: ListOptions = {}) {
  const tooMany = options.tooMany ?? sizeLimitMessage.items(max);
  const array = z.array(element, options.error === undefined ? undefined : { error: options.error });
  return sizeCheckedFirst(array.max(max, { error: tooMany }), 'array', max, tooMany);
}

/**
 * `schema` (a list schema with further steps, `z.array(x).pipe(...)`), after a check that the raw list has
 * at most `max` elements.
 */
export function lengthCheckedFirst<S extends z.ZodType>(schema: S, max: number, tooMany?: string) {
  return sizeCheckedFirst(schema, 'array', max, tooMany ?? sizeLimitMessage.items(max));
}

interface RecordOptions {
  error?: string;
  /** The message when it has more than `max` keys; by default "must have at most N entries". */
  tooMany?: string;
}

/** A map of at most `max` keys, counted before any entry is parsed. */
export function boundedRecord<K extends z.core.$ZodRecordKey, V extends z.ZodType>(
  key: K,
  value: V,
  max: number,
  options: RecordOptions = {},
) {
  const record = z.record(key, value, options.error === undefined ? undefined : { error: options.error });
  return sizeCheckedFirst(record, 'record', max, options.tooMany ?? sizeLimitMessage.entries(max));
}
