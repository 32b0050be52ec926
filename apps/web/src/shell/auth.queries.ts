import { api } from '@console/domain';
import { useEndpointQuery } from '../api/hooks.ts';

/** The signed-in operator; a 401 here shows the login-required page. */
export const useCurrentOperatorQuery = () => useEndpointQuery(api.auth.me, undefined, { staleTime: 60_000 });
