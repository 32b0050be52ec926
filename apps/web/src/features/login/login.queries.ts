import { authOptionsSchema, operatorSchema } from '@console/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';

export const loginKeys = {
  all: ['login'] as const,
  options: () => [...loginKeys.all, 'options'] as const,
};

/** Which sign-in methods the server offers (no session needed). */
export function useAuthOptionsQuery() {
  return useQuery({
    queryKey: loginKeys.options(),
    queryFn: ({ signal }) => apiCall('/oauth/options', { schema: authOptionsSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useDevLoginMutation() {
  return useMutation({
    mutationFn: (email: string) => apiCall('/oauth/login/dev', { body: { email }, schema: operatorSchema }),
  });
}

export const endSession = () => apiCall('/logout');
