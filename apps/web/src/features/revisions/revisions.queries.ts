import { api } from '@console/domain/endpoints';
import type { EnvironmentCompareRequest, RevisionDiffRequest } from '@console/domain/runtime';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';

// Revision History and Environment Comparison. A rollback or resume reloads the history
// ('runtime') and the screens whose content it changes nothing of (content is the console's).

export const useRevisionListQuery = (offset: number) =>
  useEndpointQuery(api.runtime.listRevisions, { offset }, { placeholderData: keepPreviousData });

/** The diff of two revisions; nothing is asked while `request` is null. */
export const useRevisionDiffQuery = (request: RevisionDiffRequest | null) =>
  useEndpointQuery(api.runtime.diffRevisions, request ?? { from: 1, to: 1 }, { enabled: request !== null });

export const useEnvironmentCompareQuery = (request: EnvironmentCompareRequest | null) =>
  useEndpointQuery(api.runtime.compare, request ?? { other: '' }, { enabled: request !== null });

export const useRepublishMutation = () => useEndpointMutation(api.runtime.republish);
export const useResumeMutation = () => useEndpointMutation(api.runtime.resume);
