import { z } from 'zod';

import { ENVIRONMENT_ID_PATTERN } from './environment.constants.ts';

export * from './environment.constants.ts';

export const environmentIdSchema = z
  .string()
  .regex(ENVIRONMENT_ID_PATTERN, 'must be 1-36 characters of letters, digits, - or _');

export const saveEnvironmentRequestSchema = z.object({
  configurationId: environmentIdSchema,
  description: z.string().max(100).optional(),
});
export type SaveEnvironmentRequest = z.infer<typeof saveEnvironmentRequestSchema>;

export const environmentSchema = z.object({ id: z.string(), description: z.string() });
export type Environment = z.infer<typeof environmentSchema>;
export const environmentListSchema = z.array(z.string());
