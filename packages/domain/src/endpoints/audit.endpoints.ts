import { z } from 'zod';
import { defineEndpoints } from '../api/endpoint.ts';
import { auditEntrySchema, auditListRequestSchema, auditVerifyResponseSchema } from '../audit.ts';
import {
  auditExportRequestSchema,
  auditSearchRequestSchema,
  auditSearchResponseSchema,
} from '../search/audit-search.ts';

export const auditEndpoints = defineEndpoints('audit', {
  list: {
    path: '/api/audit/list',
    access: 'read',
    summary: 'Latest audit entries of the environment, newest first',
    body: auditListRequestSchema,
    response: z.array(auditEntrySchema),
  },
  search: {
    path: '/api/audit/search',
    access: 'read',
    summary:
      'A page of the audit log, newest first: filters action, target, email (exact), from and to (UTC ms), consoleWide, and the cursor of the next page',
    body: auditSearchRequestSchema,
    response: auditSearchResponseSchema,
  },
  export: {
    path: '/api/audit/export',
    access: 'read',
    summary:
      'Every audit entry the filters match, newest first, streamed as CSV (format csv: id, environment, action, target, email, created, attributes) or as a JSON array (format json)',
    body: auditExportRequestSchema,
    response: z.array(auditEntrySchema),
    produces: ['text/csv', 'application/json'],
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
