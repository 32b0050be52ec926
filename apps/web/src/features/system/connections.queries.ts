import {
  type CloseConnectionRequest,
  type CreateRuntimeKeyRequest,
  connectionListResponseSchema,
  connectionSchema,
  createdRuntimeKeySchema,
  type RevokeRuntimeKeyRequest,
  runtimeKeyListResponseSchema,
  runtimeKeySchema,
} from '@console/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';

/** Keys start with the environment: the screen reloads when the active environment changes. */
export const connectionKeys = {
  all: ['connections'] as const,
  list: (environment: string) => [...connectionKeys.all, environment, 'list'] as const,
  runtimeKeys: (environment: string) => [...connectionKeys.all, environment, 'runtime-keys'] as const,
};

export function useConnectionListQuery() {
  const { active } = useActiveEnvironment();
  return useQuery({
    queryKey: connectionKeys.list(active),
    queryFn: ({ signal }) =>
      apiCall('/api/connections/list', { environment: active, schema: connectionListResponseSchema, signal }),
  });
}

/** spec §4: close the session, then reload the list. */
export function useCloseConnectionMutation() {
  const { active } = useActiveEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CloseConnectionRequest) =>
      apiCall('/api/connections/close', { environment: active, body: request, schema: connectionSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: connectionKeys.list(active) }),
  });
}

export function useRuntimeKeyListQuery() {
  const { active } = useActiveEnvironment();
  return useQuery({
    queryKey: connectionKeys.runtimeKeys(active),
    queryFn: ({ signal }) =>
      apiCall('/api/runtime-keys/list', {
        environment: active,
        schema: runtimeKeyListResponseSchema,
        signal,
      }),
  });
}

export function useCreateRuntimeKeyMutation() {
  const { active } = useActiveEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateRuntimeKeyRequest) =>
      apiCall('/api/runtime-keys/create', {
        environment: active,
        body: request,
        schema: createdRuntimeKeySchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: connectionKeys.runtimeKeys(active) }),
  });
}

/** Revoking also closes the key's connections, so both lists reload. */
export function useRevokeRuntimeKeyMutation() {
  const { active } = useActiveEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RevokeRuntimeKeyRequest) =>
      apiCall('/api/runtime-keys/revoke', { environment: active, body: request, schema: runtimeKeySchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...connectionKeys.all, active] }),
  });
}
