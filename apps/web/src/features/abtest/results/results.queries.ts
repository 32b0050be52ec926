import { api } from '@console/domain/endpoints';
import type { ResultsRequestInput } from '@console/domain/experiment';
import { useEndpointMutation, useEndpointQuery } from '../../../api/hooks.ts';

// The results panel's calls, declared in packages/domain/src/endpoints/experiment.endpoints.ts.

/** A version's results; they change as events arrive, so each opening asks again. */
export const useResultsQuery = (request: ResultsRequestInput) =>
  useEndpointQuery(api.experiment.results, request, { staleTime: 0 });

export const useDecisionsQuery = (abTestId: string) =>
  useEndpointQuery(api.experiment.decisions, { abTestId });

/** Recording a decision reloads the A/B-test's screens too (the shipped version is one of its versions). */
export const useDecideMutation = () =>
  useEndpointMutation(api.experiment.decide, { invalidates: [api.abtest.list.feature] });
