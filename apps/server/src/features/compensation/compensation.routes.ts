import { api } from '@console/domain/endpoints';
import { listCompensationConsumables } from '@console/domain/operations';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import { sendConsumable } from './compensation.service.ts';

export async function compensationRoutes(app: FastifyInstance) {
  registerEndpoint(app, api.compensation.list, () => listCompensationConsumables());
  registerEndpoint(app, api.compensation.sendConsumable, ({ ctx, body }) => sendConsumable(ctx, body));
}
