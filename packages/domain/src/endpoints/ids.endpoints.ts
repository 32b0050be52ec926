import { z } from 'zod';
import { defineEndpoints } from '../api/endpoint.ts';
import { idExistParamsSchema, idExistResponseSchema, idWordsParamsSchema } from '../ids.ts';

export const idsEndpoints = defineEndpoints('ids', {
  random: {
    path: '/api/id/random',
    access: 'read',
    summary: 'A random text id',
    response: z.string(),
  },
  words: {
    path: '/api/id/words/:count',
    access: 'read',
    summary: 'count (1-5) random words joined by -',
    params: idWordsParamsSchema,
    response: z.string(),
  },
  exist: {
    path: '/api/id/exist/:kind/:id',
    access: 'read',
    summary: 'Whether an id of a kind exists in the environment',
    params: idExistParamsSchema,
    response: idExistResponseSchema,
  },
});
