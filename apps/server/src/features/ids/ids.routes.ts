import { idExistParamsSchema, idExistResponseSchema, idWordsParamsSchema } from '@console/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { postRoute } from '../../http/route.ts';
import { idExists, randomId, randomWords } from './ids.service.ts';

export async function idsRoutes(app: FastifyInstance) {
  postRoute(app, {
    url: '/api/id/random',
    summary: 'A random text id',
    tags: ['ids'],
    response: z.string(),
    handler: () => randomId(),
  });

  postRoute(app, {
    url: '/api/id/words/:count',
    summary: 'count (1-5) random words joined by -',
    tags: ['ids'],
    params: idWordsParamsSchema,
    response: z.string(),
    handler: ({ params }) => randomWords(params.count),
  });

  postRoute(app, {
    url: '/api/id/exist/:kind/:id',
    summary: 'Whether an id of a kind exists in the environment',
    tags: ['ids'],
    params: idExistParamsSchema,
    response: idExistResponseSchema,
    handler: async ({ db, environmentId, params }) => ({
      exists: await idExists(db, environmentId, params.kind, params.id),
    }),
  });
}
