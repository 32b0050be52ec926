import { api } from '@console/domain/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint, registerStreamEndpoint } from '../../http/endpoint.ts';
import { listAudit, verifyAudit } from './audit.service.ts';
import { formatAuditExport, readAuditExport, searchAudit } from './audit-search.service.ts';

export async function auditRoutes(app: FastifyInstance) {
  registerEndpoint(app, api.audit.list, ({ ctx, body }) => listAudit(ctx, body));
  registerEndpoint(app, api.audit.search, ({ ctx, body }) => searchAudit(ctx, body));
  registerStreamEndpoint(app, api.audit.export, ({ ctx, body }) => ({
    contentType: body.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
    fileName: `audit-${ctx.environmentId}.${body.format}`,
    body: formatAuditExport(readAuditExport(ctx, body), body.format),
  }));
  registerEndpoint(app, api.audit.verify, ({ ctx }) => verifyAudit(ctx.db));
}
