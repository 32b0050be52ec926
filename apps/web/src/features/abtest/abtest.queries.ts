import type { AbTestImpactRequestInput, SegmentCondition } from '@console/domain/abtest';
import { api } from '@console/domain/endpoints';
import { callEndpoint } from '../../api/client.ts';
import { useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';
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

/**
 * The segment editor's calls: a condition's check (a read, dropped when the operator types on) and the
 * save, which reloads the A/B-tests (the editor keeps its own rows).
 */
export function useSegmentCalls(abTestId: string) {
  const { active } = useActiveEnvironment();
  const saving = useEndpointMutation(api.segment.save, { invalidates: [api.abtest.list.feature] });
  const validate = (condition: SegmentCondition, signal?: AbortSignal) =>
    callEndpoint(api.segment.validateCondition, {
      environment: active,
      body: { condition },
      ...(signal ? { signal } : {}),
    });
  const save = (conditions: SegmentCondition[]) => saving.mutateAsync({ abTestId, segment: { conditions } });
  return { validate, save };
}
