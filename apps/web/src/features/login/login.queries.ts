import { api } from '@console/domain';
import { callEndpoint } from '../../api/client.ts';
import { useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';

/** Which sign-in methods the server offers (no session needed). */
export const useAuthOptionsQuery = () =>
  useEndpointQuery(api.auth.options, undefined, { staleTime: Number.POSITIVE_INFINITY });

export const useDevLoginMutation = () => useEndpointMutation(api.auth.devLogin);

export const endSession = () => callEndpoint(api.auth.logout);
