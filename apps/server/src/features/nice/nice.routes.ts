import { api } from '@console/domain/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import { getNiceConfig, setNiceConfig } from './nice.service.ts';

export async function niceRoutes(app: FastifyInstance) {
  registerEndpoint(app, api.nice.get, ({ db, environmentId }) => getNiceConfig(db, environmentId));
  registerEndpoint(app, api.nice.set, ({ db, environmentId, body, email }) =>
    setNiceConfig(db, environmentId, body.niceConfig, email),
  );
}
