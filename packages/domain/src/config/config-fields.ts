import { z } from 'zod';
import { lengthCheckedFirst } from '../api/bounded.ts';
import { formatDuration } from './duration.ts';

// Field builders for the configuration schemas. Every message starts with the field's label as the
// editor shows it ("Error messages name the field by its label"), and a missing value
// says "is required" (bot rate, lose %, number of levels, multipliers, product id and
// target are required). Each field's label is also its description in the OpenAPI document (its unit
// when it has one: `Close %`, `Progress Rate per second`), beside the schema's bounds and default.

const requiredOr = (label: string, otherwise: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${label} is required` : `${label} ${otherwise}`;

/** A whole number in [min, max]. */
export function wholeNumberField(label: string, min: number, max: number) {
  return z
    .number({ error: requiredOr(label, 'must be a number') })
    .int({ error: `${label} must be a whole number` })
    .min(min, { error: `${label} must be at least ${min}` })
    .max(max, { error: `${label} must be at most ${max}` })
    .describe(label);
}

/** A number in [min, max], fractions allowed (rates). */
export function decimalField(label: string, min: number, max: number) {
  return z
    .number({ error: requiredOr(label, 'must be a number') })
    .min(min, { error: `${label} must be at least ${min}` })
    .max(max, { error: `${label} must be at most ${max}` })
    .describe(label);
}

export function booleanField(label: string) {
  return z.boolean({ error: requiredOr(label, 'must be true or false') }).describe(label);
}

/** A list of `item` with at least `min` and at most `max` entries. */
export function listField<Item extends z.ZodType>(label: string, item: Item, min: number, max: number) {
  const entries = (count: number) => (count === 1 ? '1 entry' : `${count} entries`);
  // a refinement, not .min(): zod runs length checks even on a value that is not a list; the most is
  // checked before any entry is parsed
  return lengthCheckedFirst(
    z.array(item, { error: requiredOr(label, 'must be a list') }).refine((list) => list.length >= min, {
      error: `${label} must have at least ${entries(min)}`,
      abort: true,
    }),
    max,
    `${label} can have at most ${entries(max)}`,
  );
}

/** A duration stored as whole seconds in [min, max]; bounds shown in the duration grammar (`1h`). */
export function secondsField(label: string, min: number, max: number) {
  return z
    .number({ error: requiredOr(label, 'must be a number of seconds') })
    .int({ error: `${label} must be a whole number of seconds` })
    .min(min, { error: `${label} must be at least ${formatDuration(min)}` })
    .max(max, { error: `${label} must be at most ${formatDuration(max)}` })
    .describe(
      `${label}, in whole seconds: ${min} (${formatDuration(min)}) to ${max} (${formatDuration(max)})`,
    );
}
