import { type AbTest, type AbTestImpactRequestInput, api, type SegmentCondition } from '@console/domain';
import { useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../api/client.ts';
import { endpointKey, featureKey, useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';

// The A/B-test screens' calls, all declared in packages/domain/src/endpoints/{abtest,segment}.endpoints.ts.

// The create form suggests a random two-word ID.
const SUGGESTED_ID_WORDS = 2;

/** Every A/B-test of the environment (the list and the picker show all of them). */
export const useAbTestListQuery = () => useEndpointQuery(api.abtest.list);

export const useAbTestQuery = (id: string) => useEndpointQuery(api.abtest.get, { id });

/** The players a version activation or rollout apply would move (kept briefly: it changes with every activation). */
export const useAbTestImpactQuery = (request: AbTestImpactRequestInput) =>
  useEndpointQuery(api.abtest.impact, request, { staleTime: 0, gcTime: 0 });

export const useAbTestVersionsQuery = (id: string) => useEndpointQuery(api.abtest.versions, { id });

export const useSegmentPropertiesQuery = () =>
  useEndpointQuery(api.segment.propertyList, undefined, { staleTime: Number.POSITIVE_INFINITY });

/** The create form's suggestion; refetch() re-rolls it. */
export const useIdSuggestionQuery = (isEnabled: boolean) =>
  useEndpointQuery(api.ids.words, undefined, {
    params: { count: SUGGESTED_ID_WORDS },
    enabled: isEnabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });

export const useIdExistsQuery = (id: string) =>
  useEndpointQuery(api.ids.exist, undefined, {
    params: { kind: 'abtest', id },
    enabled: id !== '',
    select: (answer) => answer.exists,
  });

// Each reloads every A/B-test query of the environment on success.
export const useCreateAbTestMutation = () =>
  useEndpointMutation(api.abtest.create, { invalidates: [api.ids.exist.feature] });
export const useDeleteAbTestMutation = () =>
  useEndpointMutation(api.abtest.delete, { invalidates: [api.ids.exist.feature] });
export const useActivateTestMutation = () => useEndpointMutation(api.abtest.activateTest);
export const useActivateVersionMutation = () => useEndpointMutation(api.abtest.activateVersion);
export const useSaveVersionMutation = () => useEndpointMutation(api.abtest.saveVersion);
export const useSaveDescriptionMutation = () => useEndpointMutation(api.abtest.saveDescription);
export const useSaveCaseDescriptionsMutation = () => useEndpointMutation(api.abtest.saveCaseDescriptions);
export const useApplyRolloutMutation = () => useEndpointMutation(api.abtest.applyRollout);

/** The segment editor's calls. Saving keeps the editor's own state, so the page is not reloaded. */
export function useSegmentCalls(abTestId: string) {
  const { active } = useActiveEnvironment();
  const queryClient = useQueryClient();
  const validate = (condition: SegmentCondition, signal?: AbortSignal) =>
    callEndpoint(api.segment.validateCondition, {
      environment: active,
      body: { condition },
      ...(signal ? { signal } : {}),
    });
  const save = async (conditions: SegmentCondition[], signal?: AbortSignal) => {
    const masks = await callEndpoint(api.segment.save, {
      environment: active,
      body: { abTestId, segment: { conditions } },
      ...(signal ? { signal } : {}),
    });
    queryClient.setQueryData<AbTest>(endpointKey(api.abtest.get, active, { id: abTestId }), (abTest) =>
      abTest ? { ...abTest, data: { ...abTest.data, segment: { conditions } } } : abTest,
    );
    await queryClient.invalidateQueries({
      queryKey: [...featureKey(api.abtest.list.feature, active), api.abtest.list.path],
    });
    return masks;
  };
  return { validate, save };
}
