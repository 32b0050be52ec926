import { AUDIT_PAGE_LIMIT, api } from '@console/domain';
import { useEndpointQuery } from '../../api/hooks.ts';

/** spec §9: the latest 100 entries, offset 0, of the active environment. */
export const useAuditListQuery = () =>
  useEndpointQuery(api.audit.list, { offset: 0, limit: AUDIT_PAGE_LIMIT });
