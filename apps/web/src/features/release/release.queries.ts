import {
  keyValueResponseSchema,
  type ReleaseClient,
  type ReleaseContent,
  releaseClientResponseSchema,
  releaseContentResponseSchema,
  type SetKeyValueRequest,
  type SetReleaseClientRequest,
  type SetReleaseContentRequest,
} from '@console/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiCall } from '../../api/client.ts';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';

/** Keys start with the environment, so switching environment reloads the screen. */
export const releaseKeys = {
  all: ['release'] as const,
  environment: (environment: string) => [...releaseKeys.all, environment] as const,
  content: (environment: string) => [...releaseKeys.environment(environment), 'content'] as const,
  client: (environment: string) => [...releaseKeys.environment(environment), 'client'] as const,
  keyValue: (environment: string) => [...releaseKeys.environment(environment), 'kv'] as const,
};

export function useReleaseContentQuery() {
  const { active } = useActiveEnvironment();
  return useQuery({
    queryKey: releaseKeys.content(active),
    queryFn: ({ signal }) =>
      apiCall('/api/release/content/get', {
        environment: active,
        schema: releaseContentResponseSchema,
        signal,
      }),
  });
}

export function useReleaseClientQuery() {
  const { active } = useActiveEnvironment();
  return useQuery({
    queryKey: releaseKeys.client(active),
    queryFn: ({ signal }) =>
      apiCall('/api/release/client/get', {
        environment: active,
        schema: releaseClientResponseSchema,
        signal,
      }),
  });
}

export function useKeyValueQuery() {
  const { active } = useActiveEnvironment();
  return useQuery({
    queryKey: releaseKeys.keyValue(active),
    queryFn: ({ signal }) =>
      apiCall('/api/release/kv/get', { environment: active, schema: keyValueResponseSchema, signal }),
  });
}

/** spec §4: each section saves on its own, then the whole page reloads (all three sections). */
function useReleaseSaveMutation<Request, Answer>(path: string, schema: z.ZodType<Answer>) {
  const { active } = useActiveEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Request) => apiCall(path, { environment: active, body, schema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: releaseKeys.environment(active) }),
  });
}

export const useSaveReleaseContentMutation = () =>
  useReleaseSaveMutation<SetReleaseContentRequest, ReleaseContent>(
    '/api/release/content/set',
    releaseContentResponseSchema,
  );

export const useSaveReleaseClientMutation = () =>
  useReleaseSaveMutation<SetReleaseClientRequest, ReleaseClient>(
    '/api/release/client/set',
    releaseClientResponseSchema,
  );

export const useSaveKeyValueMutation = () =>
  useReleaseSaveMutation<SetKeyValueRequest, string>('/api/release/kv/set', keyValueResponseSchema);
