import { api } from '@console/domain/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import { setPlayerProgression } from './progression.service.ts';

export async function progressionRoutes(app: FastifyInstance) {
  registerEndpoint(app, api.progression.set, ({ ctx, body }) => setPlayerProgression(ctx, body));
}
