import type { SetProgressionRequest } from '@console/domain';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../api/client.ts';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';

/** spec §2 User Admin: the answer is shown raw, so it is not parsed. */
export function useSetProgressionMutation() {
  const { active } = useActiveEnvironment();
  return useMutation({
    mutationFn: (request: SetProgressionRequest) =>
      apiCall<unknown>('/api/player/progression', { environment: active, body: request }),
  });
}
