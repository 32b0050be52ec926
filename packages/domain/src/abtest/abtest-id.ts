import { z } from 'zod';
import { unreservedIdentifier } from '../api/identifier-text.ts';

// ID max 36, sanitised as typed; description max 100.
export const ABTEST_ID_MAX_LENGTH = 36;
export const ABTEST_DESCRIPTION_MAX_LENGTH = 100;

const WHITESPACE = /\s/gu;
const COMBINING_MARKS = /\p{M}/gu;
const OUTSIDE_ALPHABET = /[^A-Za-z0-9_-]/g;

/**
 * The ID as the operator types it. Decision (docs/decisions/0126): the alphabet is A-Z, a-z, 0-9,
 * '-' and '_'; accents are stripped (é → e); each whitespace character becomes '-'; anything else is
 * dropped; the result is cut to 36 characters. No trimming, so a typed space can become the next
 * word separator. Idempotent: sanitizeAbTestId(sanitizeAbTestId(x)) === sanitizeAbTestId(x).
 */
export function sanitizeAbTestId(text: string): string {
  return text
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .replace(WHITESPACE, '-')
    .replace(OUTSIDE_ALPHABET, '')
    .slice(0, ABTEST_ID_MAX_LENGTH);
}

/**
 * An ID for a new AB-test: non-empty, unchanged by sanitizeAbTestId, and not a reserved name (it becomes a
 * key of the sticky assignments a game server passes back to /runtime/v1/resolve).
 */
export const abTestIdSchema = unreservedIdentifier(
  z
    .string({ error: 'AB-test ID must be a text' })
    .min(1, { error: 'AB-test ID must not be empty' })
    .max(ABTEST_ID_MAX_LENGTH, {
      error: `AB-test ID must be at most ${ABTEST_ID_MAX_LENGTH} characters`,
      abort: true,
    })
    .refine((id) => sanitizeAbTestId(id) === id, {
      error: 'AB-test ID may contain only letters, digits, - and _',
    }),
  'AB-test ID',
);

/**
 * An ID that refers to an existing AB-test (get, save, delete, ...). Looser than abTestIdSchema on
 * purpose: an ID that cannot exist is answered "AB-test '…' not found" by the server, not a 400.
 */
export const abTestIdRefSchema = z
  .string({ error: 'AB-test ID must be a text' })
  .min(1, { error: 'AB-test ID must not be empty' })
  .max(ABTEST_ID_MAX_LENGTH, { error: `AB-test ID must be at most ${ABTEST_ID_MAX_LENGTH} characters` });

/** The description is trimmed; empty is allowed. */
export const abTestDescriptionSchema = z
  .string({ error: 'description must be a text' })
  .trim()
  .max(ABTEST_DESCRIPTION_MAX_LENGTH, {
    error: `description must be at most ${ABTEST_DESCRIPTION_MAX_LENGTH} characters`,
  });

/** A case description: trimmed, at most 100 characters, may be empty. */
export const caseDescriptionSchema = z
  .string({ error: 'case description must be a text' })
  .trim()
  .max(ABTEST_DESCRIPTION_MAX_LENGTH, {
    error: `case description must be at most ${ABTEST_DESCRIPTION_MAX_LENGTH} characters`,
  });
