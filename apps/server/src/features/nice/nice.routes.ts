import { api } from '@console/domain/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import { getNiceConfig, setNiceConfig } from './nice.service.ts';

export async function niceRoutes(app: FastifyInstance) {
  registerEndpoint(app, api.nice.get, ({ ctx }) => getNiceConfig(ctx));
  registerEndpoint(app, api.nice.set, ({ ctx, body }) => setNiceConfig(ctx, body.niceConfig));
}
