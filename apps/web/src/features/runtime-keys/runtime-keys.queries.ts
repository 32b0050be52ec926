import { api } from '@console/domain';
import { useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';
import { useReloadingMutation } from '../connections/connections.queries.ts';

export const useRuntimeKeyListQuery = () => useEndpointQuery(api.runtimeKeys.list);
export const useCreateRuntimeKeyMutation = () => useEndpointMutation(api.runtimeKeys.create);

/** Revoking also closes the key's connections, so both lists reload. */
export const useRevokeRuntimeKeyMutation = () =>
  useReloadingMutation(api.runtimeKeys.revoke, [
    api.runtimeKeys.revoke.feature,
    api.connections.list.feature,
  ]);
