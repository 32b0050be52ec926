import { api } from '@console/domain/endpoints';
import { useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';

/** Which sign-in methods the server offers (no session needed). */
export const useAuthOptionsQuery = () =>
  useEndpointQuery(api.auth.options, undefined, { staleTime: Number.POSITIVE_INFINITY });

/** Who is signed in (null when nobody): /login sends a signed-in operator home. */
export const useSessionQuery = () => useEndpointQuery(api.auth.session, undefined, { staleTime: 0 });

export const useDevLoginMutation = () => useEndpointMutation(api.auth.devLogin);
