import { type AuditListRequestInput, api } from '@console/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';

/**
 * The latest 100 entries of the active environment, from an offset; optionally of one
 * action and/or one target (filtered by the server). The previous page stays shown while the next loads.
 */
export const useAuditListQuery = (request: AuditListRequestInput) =>
  useEndpointQuery(api.audit.list, request, { placeholderData: keepPreviousData });

/** The check of the whole log's sealed chains: a read the admin starts, which reloads nothing. */
export const useVerifyAuditMutation = () => useEndpointMutation(api.audit.verify, { reloads: 'nothing' });
