import { api } from '@console/domain/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import { idExists, randomId, randomWords } from './ids.service.ts';

export async function idsRoutes(app: FastifyInstance) {
  registerEndpoint(app, api.ids.random, () => randomId());
  registerEndpoint(app, api.ids.words, ({ params }) => randomWords(params.count));
  registerEndpoint(app, api.ids.exist, async ({ ctx, params }) => ({
    exists: await idExists(ctx, params.kind, params.id),
  }));
}
