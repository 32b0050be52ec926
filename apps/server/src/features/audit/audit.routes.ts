import { auditEntrySchema, auditListRequestSchema } from '@console/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { postRoute } from '../../http/route.ts';
import { listAudit } from './audit.service.ts';

export async function auditRoutes(app: FastifyInstance) {
  postRoute(app, {
    url: '/api/audit/list',
    summary: 'Latest audit entries of the environment, newest first',
    tags: ['audit'],
    body: auditListRequestSchema,
    response: z.array(auditEntrySchema),
    handler: ({ db, environmentId, body }) => listAudit(db, environmentId, body),
  });
}
