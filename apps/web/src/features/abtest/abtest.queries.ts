import {
  type AbTest,
  type AbTestIdRequest,
  type ActivateTestRequest,
  type ActivateVersionRequest,
  type ApplyRolloutRequest,
  abTestListResponseSchema,
  abTestSchema,
  abTestVersionsResponseSchema,
  type CreateAbTestRequest,
  idExistResponseSchema,
  type SaveCaseDescriptionsRequest,
  type SaveDescriptionRequest,
  type SaveSegmentRequest,
  type SaveVersionRequestInput,
  type SegmentCondition,
  saveSegmentResponseSchema,
  segmentPropertyListResponseSchema,
  type ValidateConditionRequest,
  validateConditionResponseSchema,
} from '@console/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCall } from '../../api/client.ts';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';

/** Every key starts with the environment, so switching environment reloads every A/B-test screen. */
export const abTestKeys = {
  all: ['abtest'] as const,
  environment: (environment: string) => [...abTestKeys.all, environment] as const,
  list: (environment: string) => [...abTestKeys.environment(environment), 'list'] as const,
  details: (environment: string, id: string) =>
    [...abTestKeys.environment(environment), 'details', id] as const,
  versions: (environment: string, id: string) =>
    [...abTestKeys.environment(environment), 'versions', id] as const,
  segmentProperties: (environment: string) =>
    [...abTestKeys.environment(environment), 'segment-properties'] as const,
  idExists: (environment: string, id: string) =>
    [...abTestKeys.environment(environment), 'id-exists', id] as const,
  idSuggestion: (environment: string) => [...abTestKeys.environment(environment), 'id-suggestion'] as const,
};

// spec §2: the create form suggests a random two-word ID.
const SUGGESTED_ID_WORDS = 2;

export function useAbTestListQuery() {
  const { active } = useActiveEnvironment();
  return useQuery({
    queryKey: abTestKeys.list(active),
    queryFn: ({ signal }) =>
      apiCall('/api/abtest/list', { environment: active, schema: abTestListResponseSchema, signal }),
  });
}

export function useAbTestQuery(id: string) {
  const { active } = useActiveEnvironment();
  return useQuery({
    queryKey: abTestKeys.details(active, id),
    queryFn: ({ signal }) => {
      const body: AbTestIdRequest = { id };
      return apiCall('/api/abtest/get', { environment: active, body, schema: abTestSchema, signal });
    },
  });
}

export function useAbTestVersionsQuery(id: string) {
  const { active } = useActiveEnvironment();
  return useQuery({
    queryKey: abTestKeys.versions(active, id),
    queryFn: ({ signal }) => {
      const body: AbTestIdRequest = { id };
      return apiCall('/api/abtest/versions/get', {
        environment: active,
        body,
        schema: abTestVersionsResponseSchema,
        signal,
      });
    },
  });
}

export function useSegmentPropertiesQuery() {
  const { active } = useActiveEnvironment();
  return useQuery({
    queryKey: abTestKeys.segmentProperties(active),
    queryFn: ({ signal }) =>
      apiCall('/api/segment/property/list', {
        environment: active,
        schema: segmentPropertyListResponseSchema,
        signal,
      }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The create form's suggestion; refetch() re-rolls it. */
export function useIdSuggestionQuery(isEnabled: boolean) {
  const { active } = useActiveEnvironment();
  return useQuery({
    queryKey: abTestKeys.idSuggestion(active),
    queryFn: ({ signal }) =>
      apiCall(`/api/id/words/${SUGGESTED_ID_WORDS}`, { environment: active, schema: z.string(), signal }),
    enabled: isEnabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

export function useIdExistsQuery(id: string) {
  const { active } = useActiveEnvironment();
  return useQuery({
    queryKey: abTestKeys.idExists(active, id),
    queryFn: ({ signal }) =>
      apiCall(`/api/id/exist/abtest/${encodeURIComponent(id)}`, {
        environment: active,
        schema: idExistResponseSchema,
        signal,
      }),
    enabled: id !== '',
    select: (answer) => answer.exists,
  });
}

/** A mutation of the active environment's A/B-tests; on success every A/B-test query reloads. */
function useAbTestMutation<Request, Result = unknown>(path: string, schema?: z.ZodType<Result>) {
  const { active } = useActiveEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Request) =>
      apiCall<Result>(path, { environment: active, body, ...(schema ? { schema } : {}) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: abTestKeys.environment(active) }),
  });
}

export const useCreateAbTestMutation = () => useAbTestMutation<CreateAbTestRequest>('/api/abtest/create');
export const useDeleteAbTestMutation = () => useAbTestMutation<AbTestIdRequest>('/api/abtest/delete');
export const useActivateTestMutation = () =>
  useAbTestMutation<ActivateTestRequest>('/api/abtest/activate/test');
export const useActivateVersionMutation = () =>
  useAbTestMutation<ActivateVersionRequest>('/api/abtest/activate/version');
export const useSaveVersionMutation = () =>
  useAbTestMutation<SaveVersionRequestInput>('/api/abtest/versions/save');
export const useSaveDescriptionMutation = () =>
  useAbTestMutation<SaveDescriptionRequest>('/api/abtest/save/description');
export const useSaveCaseDescriptionsMutation = () =>
  useAbTestMutation<SaveCaseDescriptionsRequest>('/api/abtest/save/case-descriptions');
export const useApplyRolloutMutation = () =>
  useAbTestMutation<ApplyRolloutRequest>('/api/abtest/rollout/apply');

/** spec §4: the segment editor's calls. Saving keeps the editor's own state, so the page is not reloaded. */
export function useSegmentCalls(abTestId: string) {
  const { active } = useActiveEnvironment();
  const queryClient = useQueryClient();
  const validate = (condition: SegmentCondition, signal?: AbortSignal) => {
    const body: ValidateConditionRequest = { condition };
    return apiCall('/api/segment/validate/condition', {
      environment: active,
      body,
      schema: validateConditionResponseSchema,
      ...(signal ? { signal } : {}),
    });
  };
  const save = async (conditions: SegmentCondition[], signal?: AbortSignal) => {
    const body: SaveSegmentRequest = { abTestId, segment: { conditions } };
    const masks = await apiCall('/api/segment/save', {
      environment: active,
      body,
      schema: saveSegmentResponseSchema,
      ...(signal ? { signal } : {}),
    });
    queryClient.setQueryData<AbTest>(abTestKeys.details(active, abTestId), (abTest) =>
      abTest ? { ...abTest, data: { ...abTest.data, segment: { conditions } } } : abTest,
    );
    await queryClient.invalidateQueries({ queryKey: abTestKeys.list(active) });
    return masks;
  };
  return { validate, save };
}
