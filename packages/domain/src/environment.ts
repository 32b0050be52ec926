import { z } from 'zod';

// spec (shell §3): known ids; created with 'no description' when none is given.
export const SEEDED_ENVIRONMENTS = ['dev', 'stable', 'prod'] as const;
export const DEFAULT_ENVIRONMENT_DESCRIPTION = 'no description';

export const ENVIRONMENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,36}$/;
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
