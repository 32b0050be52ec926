import type { z } from 'zod';

// Rules for texts that identify something (environment ids, player ids, key names), beside the
// storable-text guard: an identifier must mean one thing to every reader, whether a person reading a
// screen or a program looking it up.

/**
 * Invisible formatting characters (Unicode's format category): bidirectional controls such as the
 * right-to-left override U+202E, which reorder how the text around them is shown, and zero-width
 * characters such as U+200B, which make two identifiers that look alike differ.
 */
const INVISIBLE_FORMATTING = /\p{Cf}/u;

const codePointOf = (character: string) =>
  `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Why this text cannot be an identifier, or null when it can. */
export function findInvisibleFormatting(text: string): string | null {
  const found = INVISIBLE_FORMATTING.exec(text);
  if (!found) return null;
  return `must not contain bidirectional controls or zero-width characters (found ${codePointOf(found[0])})`;
}

/** The schema of an identifier field: the rule above, with a message naming the field. */
export function visibleIdentifier<Schema extends z.ZodType<string>>(schema: Schema, field: string): Schema {
  return schema.refine((text) => findInvisibleFormatting(text) === null, {
    error: (issue) => `${field} ${findInvisibleFormatting(String(issue.input)) ?? 'is invalid'}`,
  }) as Schema;
}

/** What JavaScript gives a meaning of its own besides Object.prototype's members. */
const VALUE_WORDS = ['NaN', 'Infinity', '-Infinity', 'undefined', 'null', 'true', 'false'];

/**
 * The names a plain JavaScript object already answers (`constructor`, `toString`, `__proto__`, ...)
 * and words JavaScript reads as a value. An id among them shadows a built-in wherever some code
 * looks it up on a plain object (`__proto__` cannot even be a key of a JSON object the API takes), so
 * every id an operator chooses (environments, A/B-tests, configurations, runtime key names) is refused
 * these names.
 */
export const RESERVED_IDENTIFIERS: ReadonlySet<string> = new Set([
  ...Object.getOwnPropertyNames(Object.prototype),
  ...VALUE_WORDS,
]);

export const isReservedIdentifier = (id: string): boolean => RESERVED_IDENTIFIERS.has(id);
export const RESERVED_IDENTIFIER_MESSAGE =
  'must not be a name JavaScript gives a meaning of its own (such as constructor, __proto__, NaN)';

/**
 * The one reserved-name rule on a new id's schema; `label` starts the message ("AB-test ID must not be
 * ..."), none for a message the field's path alone names.
 */
export function unreservedIdentifier<Schema extends z.ZodType<string>>(
  schema: Schema,
  label?: string,
): Schema {
  const message =
    label === undefined ? RESERVED_IDENTIFIER_MESSAGE : `${label} ${RESERVED_IDENTIFIER_MESSAGE}`;
  return schema.refine((id) => !isReservedIdentifier(id), { error: message }) as Schema;
}
