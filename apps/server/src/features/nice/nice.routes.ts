import { niceConfigResponseSchema, setNiceConfigRequestSchema } from '@console/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { postRoute } from '../../http/route.ts';
import { getNiceConfig, setNiceConfig } from './nice.service.ts';

export async function niceRoutes(app: FastifyInstance) {
  const tags = ['nice'];
  postRoute(app, {
    url: '/api/nice/get',
    summary: 'The NICE authentication token of the environment ("" when none)',
    tags,
    response: niceConfigResponseSchema,
    handler: ({ db, environmentId }) => getNiceConfig(db, environmentId),
  });

  postRoute(app, {
    url: '/api/nice/set',
    summary: 'Save the NICE authentication token ("" clears it); audited without its value',
    tags,
    body: setNiceConfigRequestSchema,
    // Not the token: an answer is logged more easily than a request.
    response: z.object({ saved: z.literal(true) }),
    handler: ({ db, environmentId, body, email }) => setNiceConfig(db, environmentId, body.niceConfig, email),
  });
}
