import { api } from '@console/domain/endpoints';
import { useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';

export const useRuntimeKeyListQuery = () => useEndpointQuery(api.runtimeKeys.list);
export const useCreateRuntimeKeyMutation = () => useEndpointMutation(api.runtimeKeys.create);

/**
 * Revoking also closes the key's connections, so both lists reload, whether it worked or not: a refused
 * revoke usually means the list is stale (the key already revoked).
 */
export const useRevokeRuntimeKeyMutation = () =>
  useEndpointMutation(api.runtimeKeys.revoke, {
    invalidates: [api.connections.list.feature],
    reloadsOnError: true,
  });
