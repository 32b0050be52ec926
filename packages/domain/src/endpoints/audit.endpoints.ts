import { z } from 'zod';
import { defineEndpoints } from '../api/endpoint.ts';
import { auditEntrySchema, auditListRequestSchema } from '../audit.ts';

export const auditEndpoints = defineEndpoints('audit', {
  list: {
    path: '/api/audit/list',
    access: 'read',
    summary: 'Latest audit entries of the environment, newest first',
    body: auditListRequestSchema,
    response: z.array(auditEntrySchema),
  },
});
