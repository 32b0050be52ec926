import { api } from '@console/domain/endpoints';
import { useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';

// The Users screen. A change reloads the list and the signed-in user's own rights ('auth').
const ALSO_RELOADS = { invalidates: ['auth'] } as const;

export const useUserListQuery = () => useEndpointQuery(api.users.list);
export const useSetUserRoleMutation = () => useEndpointMutation(api.users.setRole, ALSO_RELOADS);
export const useRemoveUserMutation = () => useEndpointMutation(api.users.remove, ALSO_RELOADS);
export const useSetEnvironmentProtectedMutation = () =>
  useEndpointMutation(api.users.setProtected, ALSO_RELOADS);
export const useSignOutEverywhereMutation = () => useEndpointMutation(api.auth.signOutEverywhere);
