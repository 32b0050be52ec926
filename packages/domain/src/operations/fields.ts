import { z } from 'zod';
import { visibleIdentifier } from '../api/identifier-text.ts';

// Field builders shared by the operational schemas, so every message names its field
// (a screen shows the message in its banner; zod's defaults do not say which field).

/** The largest value a PostgreSQL INTEGER column holds; larger numbers are refused as bad input. */
export const MAX_STORED_INTEGER = 2_147_483_647;

/** A whole number in [min, max], with messages naming `field`. */
export function integerField(field: string, min: number, max: number = MAX_STORED_INTEGER) {
  const base = z
    .number({ error: `${field} must be a number` })
    .int({ error: `${field} must be a whole number` })
    .min(min, { error: `${field} must be at least ${min}` });
  return base.max(max, { error: `${field} must be at most ${max}` });
}

/** A text of at most `max` characters, with messages naming `field`. */
export function textField(field: string, max: number) {
  return z
    .string({ error: `${field} must be a text` })
    .max(max, { error: `${field} must be at most ${max} characters`, abort: true });
}

/**
 * The label an operator sees for each field of a request, declared next to its schema. Messages name
 * the wire field ('maxLevel must be at least 1') for programs; screens show the label instead.
 */
export type FieldLabels<T> = { readonly [K in keyof T]-?: string };

export const USER_ID_LABEL = 'User ID';

// Decision (docs/decisions/0105): player user ids are opaque
// texts, trimmed, 1-64 characters.
export const USER_ID_MAX_LENGTH = 64;
export const userIdSchema = visibleIdentifier(
  z
    .string({ error: 'userId must be a text' })
    .trim()
    .min(1, { error: 'userId must not be empty' })
    .max(USER_ID_MAX_LENGTH, {
      error: `userId must be at most ${USER_ID_MAX_LENGTH} characters`,
      abort: true,
    })
    // counted in UTF-16 code units, as the game servers' calls count a player id (runtime-api.ts)
    .refine((text) => text.length <= USER_ID_MAX_LENGTH, {
      error: `userId must be at most ${USER_ID_MAX_LENGTH} characters`,
    }),
  'userId',
);
