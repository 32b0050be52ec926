import { z } from 'zod';

// spec (shell §9): the audit list shows 100 entries from offset 0.
export const AUDIT_PAGE_LIMIT = 100;

export const auditListRequestSchema = z
  .object({
    offset: z.number().int().min(0).default(0),
    limit: z.number().int().min(1).max(AUDIT_PAGE_LIMIT).default(AUDIT_PAGE_LIMIT),
  })
  .prefault({});
export type AuditListRequest = z.infer<typeof auditListRequestSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  environment: z.string(),
  action: z.string(),
  target: z.string(),
  email: z.string(),
  created: z.number().int().describe('UTC milliseconds'),
  attributes: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
