import { environmentListSchema, environmentSchema, saveEnvironmentRequestSchema } from '@console/domain';
import type { FastifyInstance } from 'fastify';
import { postRoute } from '../../http/route.ts';
import { createEnvironment, listEnvironments } from './environment.service.ts';

export async function environmentRoutes(app: FastifyInstance) {
  postRoute(app, {
    url: '/api/configuration/list',
    summary: 'List environment ids',
    tags: ['environments'],
    scope: 'global',
    response: environmentListSchema,
    handler: ({ db }) => listEnvironments(db),
  });

  postRoute(app, {
    url: '/api/configuration/save',
    summary: 'Create an environment',
    tags: ['environments'],
    scope: 'global',
    body: saveEnvironmentRequestSchema,
    response: environmentSchema,
    handler: ({ db, body, email }) => createEnvironment(db, body, email),
  });
}
