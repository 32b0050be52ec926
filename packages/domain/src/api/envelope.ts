import { z } from 'zod';
import { BRANCH_ID_MAX_LENGTH } from '../change-request/branch-id.ts';
import { ErrorCode } from '../errors.ts';

// Every answer is {payload} on success or {error, code} on failure; `hint`, on some refusals: what to do
// next (DomainError.hint).
export const errorResponseSchema = z.object({
  /** For the operator, in the product's words; it may be reworded, so a program reads `code`. */
  error: z.string().describe('What went wrong, in words for the operator (it names the field or the thing)'),
  /** Stable: the same for the same kind of refusal in every release (docs/decisions/0332). */
  code: z
    .enum(Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]])
    .describe('The kind of refusal, for a program to branch on; never changes for a kind'),
  hint: z.string().optional().describe('On some refusals: what to do next'),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const payloadOf = <T extends z.ZodType>(payload: T) => z.object({ payload });

/** `?configuration=<id>`: the environment (or a change request's branch) a call acts on; DEFAULT_ENVIRONMENT (dev) when absent. */
export const configurationQuerySchema = z.object({
  configuration: z.string().min(1).max(BRANCH_ID_MAX_LENGTH).optional(),
});

export const emptyBodySchema = z.union([z.object({}).strict(), z.null(), z.undefined()]).optional();
