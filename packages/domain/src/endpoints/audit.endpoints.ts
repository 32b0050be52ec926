import { z } from 'zod';
import { defineEndpoints } from '../api/endpoint.ts';
import { auditEntrySchema, auditListRequestSchema, auditVerifyResponseSchema } from '../audit.ts';

export const auditEndpoints = defineEndpoints('audit', {
  list: {
    path: '/api/audit/list',
    access: 'read',
    summary: 'Latest audit entries of the environment, newest first',
    body: auditListRequestSchema,
    response: z.array(auditEntrySchema),
  },
  verify: {
    path: '/api/audit/verify',
    access: 'admin',
    scope: 'global',
    summary:
      'Check the whole audit log against its sealed chains: names every entry inserted, changed or missing (console-wide admin)',
    response: auditVerifyResponseSchema,
  },
});
