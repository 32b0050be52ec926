import { z } from 'zod';
import type { FieldLabels } from './fields.ts';

// NICE Config: one field 'Authentication Token'.
// Decision (docs/decisions/0103): at most 512 characters, no whitespace, empty clears it. The token is
// a secret: the server never logs or audits its value, only redactNiceConfig's output.
export const NICE_AUTH_TOKEN_MAX_LENGTH = 512;
export const NICE_REDACTED_TEXT = '[redacted]';

const authTokenSchema = z
  .string({ error: 'authToken must be a text' })
  .max(NICE_AUTH_TOKEN_MAX_LENGTH, {
    error: `authToken must be at most ${NICE_AUTH_TOKEN_MAX_LENGTH} characters`,
    abort: true,
  })
  .regex(/^\S*$/, { error: 'authToken must not contain spaces or line breaks' });

export const niceConfigSchema = z.object({ authToken: authTokenSchema });
export type NiceConfig = z.infer<typeof niceConfigSchema>;
export const NICE_CONFIG_LABELS: FieldLabels<NiceConfig> = { authToken: 'Authentication Token' };

// /api/nice/set takes niceConfig {authToken}
export const setNiceConfigRequestSchema = z.object({ niceConfig: niceConfigSchema });
export type SetNiceConfigRequest = z.infer<typeof setNiceConfigRequestSchema>;

/** Answer of /api/nice/set: not the token, as an answer is logged more easily than a request. */
export const niceSavedResponseSchema = z.object({ saved: z.literal(true) });

/** Answer of /api/nice/get: the screen shows the stored token in its field. */
export const niceConfigResponseSchema = z.object({ authToken: z.string() });

/** What an audit entry or a log line may say about a NICE config: whether a token is set, never its value. */
export function redactNiceConfig(config: NiceConfig): { authToken: string } {
  return { authToken: config.authToken === '' ? '' : NICE_REDACTED_TEXT };
}
