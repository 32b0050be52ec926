import { api } from '@console/domain/endpoints';
import { useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';

/** Loads on open and whenever the environment changes (keys start with the environment). */
export const useNiceConfigQuery = (isAllowed = true) =>
  useEndpointQuery(api.nice.get, undefined, { enabled: isAllowed });
export const useSaveNiceConfigMutation = () => useEndpointMutation(api.nice.set);
