import { api } from '@console/domain/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import { getScheduleOverview } from './schedule.service.ts';

export async function scheduleRoutes(app: FastifyInstance) {
  registerEndpoint(app, api.schedule.overview, ({ ctx, body }) => getScheduleOverview(ctx, body));
}
