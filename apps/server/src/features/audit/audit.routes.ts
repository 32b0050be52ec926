import { api } from '@console/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import { listAudit } from './audit.service.ts';

export async function auditRoutes(app: FastifyInstance) {
  registerEndpoint(app, api.audit.list, ({ db, environmentId, body }) => listAudit(db, environmentId, body));
}
