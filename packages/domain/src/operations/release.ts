import { z } from 'zod';
import { visibleIdentifier } from '../api/identifier-text.ts';
import { type FieldLabels, integerField, textField } from './fields.ts';
import { checkReleaseTime, RELEASE_TIME_MESSAGES } from './release-time.ts';

// ---- Content: /api/release/content/get, /api/release/content/set ----

// Max level and max level after release at least 1
export const MAX_LEVEL_MIN = 1;

/** Answer of /api/release/content/get. No window check: a stored release time may have passed. */
export const releaseContentResponseSchema = z.object({
  // UTC milliseconds (stored as timestamptz), far beyond an INTEGER column's range.
  nextReleaseTimeMs: integerField('nextReleaseTimeMs', 0, Number.MAX_SAFE_INTEGER),
  maxLevel: integerField('maxLevel', MAX_LEVEL_MIN),
  nextMaxLevel: integerField('nextMaxLevel', MAX_LEVEL_MIN),
});
export type ReleaseContent = z.infer<typeof releaseContentResponseSchema>;

/** Milliseconds since the epoch, read when a value is parsed (not when the schema is built). */
export type ReleaseClock = () => number;

/**
 * The release content an operator may save: the response shape plus the release window, checked
 * against `clock()` at parse time. Server and form both use this; tests pass a fixed clock.
 */
export function createReleaseContentInputSchema(clock: ReleaseClock = Date.now) {
  return releaseContentResponseSchema.superRefine((content, ctx) => {
    // zod runs this even when a field check failed; such a time is already reported by the field.
    if (!Number.isInteger(content.nextReleaseTimeMs) || content.nextReleaseTimeMs < 0) return;
    const problem = checkReleaseTime(content.nextReleaseTimeMs, clock());
    if (problem)
      ctx.addIssue({ code: 'custom', path: ['nextReleaseTimeMs'], message: RELEASE_TIME_MESSAGES[problem] });
  });
}

// The Content section's fields.
export const RELEASE_CONTENT_LABELS: FieldLabels<ReleaseContent> = {
  maxLevel: 'Max level',
  nextReleaseTimeMs: 'Next content release',
  nextMaxLevel: 'Max level after release',
};

// /api/release/content/set takes releaseInfo {nextReleaseTimeMs, maxLevel, nextMaxLevel}
export function createSetReleaseContentRequestSchema(clock: ReleaseClock = Date.now) {
  return z.object({ releaseInfo: createReleaseContentInputSchema(clock) });
}
export const setReleaseContentRequestSchema = createSetReleaseContentRequestSchema();
export type SetReleaseContentRequest = z.infer<typeof setReleaseContentRequestSchema>;

// ---- Client version: /api/release/client/get, /api/release/client/set ----

// Version and key-value fields 36 characters; default version 0.0.0
export const RELEASE_TEXT_MAX_LENGTH = 36;
export const DEFAULT_CLIENT_VERSION = '0.0.0';
// Decision (docs/decisions/0096): 1 to 4 dot-separated numbers, so the game server can compare them.
export const CLIENT_VERSION_PATTERN = /^\d{1,9}(?:\.\d{1,9}){0,3}$/;

const clientVersionField = (field: string) =>
  textField(field, RELEASE_TEXT_MAX_LENGTH)
    .regex(CLIENT_VERSION_PATTERN, {
      error: `${field} must be 1 to 4 numbers separated by dots, like 1.2.3`,
    })
    .default(DEFAULT_CLIENT_VERSION);

/** Answer of /api/release/client/get. */
export const releaseClientResponseSchema = z.object({
  remindVersion: z.string(),
  minimumVersion: z.string(),
});
export type ReleaseClient = z.infer<typeof releaseClientResponseSchema>;

/** 'Upgrade reminder at version' (remindVersion) and 'Upgrade forced at version' (minimumVersion). */
export const releaseClientInputSchema = z.object({
  remindVersion: clientVersionField('remindVersion'),
  minimumVersion: clientVersionField('minimumVersion'),
});
export type ReleaseClientInput = z.input<typeof releaseClientInputSchema>;

// The Client Version section's fields.
export const RELEASE_CLIENT_LABELS: FieldLabels<ReleaseClientInput> = {
  remindVersion: 'Upgrade reminder at version',
  minimumVersion: 'Upgrade forced at version',
};

export const setReleaseClientRequestSchema = z.object({ releaseInfo: releaseClientInputSchema });
export type SetReleaseClientRequest = z.infer<typeof setReleaseClientRequestSchema>;

// ---- Key-value: /api/release/kv/get (plain text), /api/release/kv/set ----

// Pairs in the format (key=value;)*. Decision: keys non-empty, values may be empty,
// neither holds '=', ';' or whitespace; a key appears once.
export const KEY_VALUE_PATTERN = /^(?:[^=;\s]+=[^=;\s]*;)*$/;

export type KeyValuePair = { key: string; value: string };

/** The pairs of a key-value text in order, or undefined when the text is not `(key=value;)*`. */
export function parseKeyValue(text: string): KeyValuePair[] | undefined {
  if (!KEY_VALUE_PATTERN.test(text)) return undefined;
  return text
    .split(';')
    .slice(0, -1)
    .map((pair) => {
      const [key = '', value = ''] = pair.split('=');
      return { key, value };
    });
}

export function formatKeyValue(pairs: readonly KeyValuePair[]): string {
  return pairs.map(({ key, value }) => `${key}=${value};`).join('');
}

// The keys are names the game server looks up: visibleIdentifier.
export const keyValueTextSchema = visibleIdentifier(
  textField('keyValue', RELEASE_TEXT_MAX_LENGTH),
  'keyValue',
)
  .regex(KEY_VALUE_PATTERN, {
    error: "keyValue must be pairs like key=value; with a non-empty key and no spaces, '=' or ';' inside",
  })
  .superRefine((text, ctx) => {
    const keys = (parseKeyValue(text) ?? []).map((pair) => pair.key);
    const repeated = new Set(keys.filter((key, index) => keys.indexOf(key) !== index));
    for (const key of repeated)
      ctx.addIssue({ code: 'custom', message: `keyValue has the key '${key}' more than once` });
  });

export const setKeyValueRequestSchema = z.object({ keyValue: keyValueTextSchema });
export type SetKeyValueRequest = z.infer<typeof setKeyValueRequestSchema>;
export const KEY_VALUE_LABELS: FieldLabels<SetKeyValueRequest> = { keyValue: 'Key-value' };
/** Answer of /api/release/kv/get and /api/release/kv/set: the stored text. */
export const keyValueResponseSchema = z.string();
