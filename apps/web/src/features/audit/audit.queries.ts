import { AUDIT_PAGE_LIMIT, type AuditListRequest, auditEntrySchema } from '@console/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCall } from '../../api/client.ts';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';

export const auditKeys = {
  all: ['audit'] as const,
  list: (environment: string) => [...auditKeys.all, environment, 'list'] as const,
};

const auditListSchema = z.array(auditEntrySchema);

/** spec §9: the latest 100 entries, offset 0, of the active environment. */
export function useAuditListQuery() {
  const { active } = useActiveEnvironment();
  return useQuery({
    queryKey: auditKeys.list(active),
    queryFn: ({ signal }) => {
      const request: AuditListRequest = { offset: 0, limit: AUDIT_PAGE_LIMIT };
      return apiCall('/api/audit/list', {
        environment: active,
        body: request,
        schema: auditListSchema,
        signal,
      });
    },
  });
}
