import { operatorSchema } from '@console/domain';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../api/client.ts';

export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};

/** The signed-in operator; a 401 here shows the login-required page. */
export function useCurrentOperatorQuery() {
  return useQuery({
    queryKey: authKeys.me(),
    queryFn: ({ signal }) => apiCall('/api/auth/me', { schema: operatorSchema, signal }),
    staleTime: 60_000,
  });
}
