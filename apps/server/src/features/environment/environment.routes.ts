import { api } from '@console/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import { createEnvironment, listEnvironments } from './environment.service.ts';

export async function environmentRoutes(app: FastifyInstance) {
  registerEndpoint(app, api.environment.list, ({ db }) => listEnvironments(db));
  registerEndpoint(app, api.environment.save, ({ db, body, email }) =>
    createEnvironment(db, app.environments, body, email),
  );
}
