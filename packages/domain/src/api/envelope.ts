import { z } from 'zod';

// Every answer is {payload} on success or {error} on failure.
// `hint`, on some refusals: what to do next (DomainError.hint).
export const errorResponseSchema = z.object({ error: z.string(), hint: z.string().optional() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const payloadOf = <T extends z.ZodType>(payload: T) => z.object({ payload });

/** `?configuration=<id>`: the environment a call acts on; DEFAULT_ENVIRONMENT (dev) when absent. */
export const configurationQuerySchema = z.object({
  configuration: z.string().min(1).max(36).optional(),
});

export const emptyBodySchema = z.union([z.object({}).strict(), z.null(), z.undefined()]).optional();
