import { z } from 'zod';
import { unreservedIdentifier } from '../api/identifier-text.ts';

// Decision (docs/decisions/0110): game clients authenticate with a
// per-environment runtime key. The server keeps only its SHA-256; the key is shown once at creation.

export const RUNTIME_KEY_NAME_MAX_LENGTH = 64;
/**
 * A key's name is shown in lists, logs and the audit log: the ids' alphabet (letters, digits, - and _) in
 * words separated by single spaces ("eu game servers"), so it holds no markup, path or invisible text.
 */
const RUNTIME_KEY_NAME_PATTERN = /^[A-Za-z0-9_-]+( [A-Za-z0-9_-]+)*$/;

export const createRuntimeKeyRequestSchema = z.object({
  name: unreservedIdentifier(
    z
      .string({ error: 'name must be a text' })
      .trim()
      .min(1, { error: 'name must not be empty' })
      .max(RUNTIME_KEY_NAME_MAX_LENGTH, {
        error: `name must be at most ${RUNTIME_KEY_NAME_MAX_LENGTH} characters`,
        abort: true,
      })
      .regex(RUNTIME_KEY_NAME_PATTERN, {
        error: 'name may contain only letters, digits, - and _, in words separated by single spaces',
      }),
    'name',
  ),
});
export type CreateRuntimeKeyRequest = z.infer<typeof createRuntimeKeyRequestSchema>;

export const revokeRuntimeKeyRequestSchema = z.object({
  id: z
    .string({ error: 'id must be a text' })
    .min(1, { error: 'id must not be empty' })
    .max(200, { error: 'id must be at most 200 characters' }),
});
export type RevokeRuntimeKeyRequest = z.infer<typeof revokeRuntimeKeyRequestSchema>;

/** A runtime key as listed: never its secret nor its hash. */
export const runtimeKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  created: z.number().int().describe('UTC milliseconds'),
  createdBy: z.string(),
  revoked: z.number().int().nullable().describe('UTC milliseconds, null while usable'),
});
export type RuntimeKey = z.infer<typeof runtimeKeySchema>;
export const runtimeKeyListResponseSchema = z.array(runtimeKeySchema);

/** Answer of create: the only time the key itself is shown. */
export const createdRuntimeKeySchema = runtimeKeySchema.extend({
  key: z.string().describe('The secret; shown once, store it now'),
});
export type CreatedRuntimeKey = z.infer<typeof createdRuntimeKeySchema>;
