import { useLazyEndpointQuery } from '../api/hooks.ts';
import { shellEndpoints } from './shell.endpoints.ts';

/** The signed-in operator; a 401 here shows the login-required page. */
export const useCurrentOperatorQuery = () => useLazyEndpointQuery(shellEndpoints.me, { staleTime: 60_000 });
