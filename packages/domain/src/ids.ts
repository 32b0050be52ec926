import { z } from 'zod';

// /api/id/words/{count}, count 1-5.
export const MAX_ID_WORDS = 5;
export const idWordsParamsSchema = z.object({ count: z.coerce.number().int().min(1).max(MAX_ID_WORDS) });
export const idExistParamsSchema = z.object({
  kind: z.string().min(1).max(200),
  id: z.string().min(1).max(200),
});
export const idExistResponseSchema = z.object({ exists: z.boolean() });
