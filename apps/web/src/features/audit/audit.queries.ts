import { api } from '@console/domain/endpoints';
import type { AuditSearchRequestInput } from '@console/domain/search';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';

/**
 * A page of the active environment's log, newest first, filtered by the server (action, target, e-mail,
 * date range). The previous page stays shown while the next loads.
 */
export const useAuditSearchQuery = (request: AuditSearchRequestInput) =>
  useEndpointQuery(api.audit.search, request, { placeholderData: keepPreviousData });

/** The check of the whole log's sealed chains: a read the admin starts, which reloads nothing. */
export const useVerifyAuditMutation = () => useEndpointMutation(api.audit.verify, { reloads: 'nothing' });
