import { z } from 'zod';

import { unreservedIdentifier } from './api/identifier-text.ts';
import { ENVIRONMENT_ID_MAX_LENGTH, ENVIRONMENT_ID_PATTERN } from './environment.constants.ts';

export * from './environment.constants.ts';

const ENVIRONMENT_ID_MESSAGE = 'must be 1-36 characters of letters, digits, - or _';
export const environmentIdSchema = z
  .string()
  .max(ENVIRONMENT_ID_MAX_LENGTH, { error: ENVIRONMENT_ID_MESSAGE, abort: true })
  .regex(ENVIRONMENT_ID_PATTERN, ENVIRONMENT_ID_MESSAGE);

/**
 * The id of a new environment: besides the pattern, not a name a JavaScript object already answers
 * (`constructor`, `__proto__`, ...) nor a word JavaScript reads as a value (`NaN`, `Infinity`), so no
 * lookup anywhere can mistake it for a built-in. Environments created before this rule keep their
 * ids: calls naming an existing environment take environmentIdSchema.
 */
export const newEnvironmentIdSchema = unreservedIdentifier(environmentIdSchema);

export const saveEnvironmentRequestSchema = z.object({
  configurationId: newEnvironmentIdSchema,
  description: z.string().max(100).optional(),
});
export type SaveEnvironmentRequest = z.infer<typeof saveEnvironmentRequestSchema>;

export const environmentSchema = z.object({ id: z.string(), description: z.string() });
export type Environment = z.infer<typeof environmentSchema>;
export const environmentListSchema = z.array(z.string());
