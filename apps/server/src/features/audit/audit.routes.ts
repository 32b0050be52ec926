import { api } from '@console/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import { listAudit, verifyAudit } from './audit.service.ts';

export async function auditRoutes(app: FastifyInstance) {
  registerEndpoint(app, api.audit.list, ({ db, environmentId, body }) => listAudit(db, environmentId, body));
  registerEndpoint(app, api.audit.verify, ({ db }) => verifyAudit(db));
}
