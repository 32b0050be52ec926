import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../api/client.ts';
import { shellSchemas } from './shellSchemas.ts';

export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};

/** The signed-in operator; a 401 here shows the login-required page. */
export function useCurrentOperatorQuery() {
  return useQuery({
    queryKey: authKeys.me(),
    queryFn: ({ signal }) =>
      apiCall('/api/auth/me', { schema: shellSchemas().then((schemas) => schemas.operatorSchema), signal }),
    staleTime: 60_000,
  });
}
