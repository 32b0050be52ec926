import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { callEndpoint } from '../../api/client.ts';
import { useLazyEndpointQuery } from '../../api/hooks.ts';
import { shellEndpoints } from '../shell.endpoints.ts';

/** The signed-in user with their roles; a 401 here shows the login-required page. */
export const useCurrentOperatorQuery = () => useLazyEndpointQuery(shellEndpoints.me, { staleTime: 60_000 });

/**
 * Signing out is a POST /logout, which ends the session on the server at once; then nothing
 * fetched with it may linger, and the login page follows. A failure still leaves for the login page.
 */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    await callEndpoint(await shellEndpoints.logout.load()).catch(() => undefined);
    queryClient.clear();
    await navigate('/login', { replace: true });
  }, [queryClient, navigate]);
}
