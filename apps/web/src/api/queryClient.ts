import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client.ts';

const MAX_NETWORK_RETRIES = 2;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Only an unreachable server is worth retrying; a 401, 500 or refusal would answer the same again.
        retry: (failureCount, error) =>
          error instanceof ApiError && error.kind === 'network' && failureCount < MAX_NETWORK_RETRIES,
        // Operators edit forms fed by queries: refetching on focus would overwrite their input.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
