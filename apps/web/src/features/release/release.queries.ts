import { api } from '@console/domain/endpoints';
import { useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';

export const useReleaseContentQuery = () => useEndpointQuery(api.release.getContent);
export const useReleaseClientQuery = () => useEndpointQuery(api.release.getClient);
export const useKeyValueQuery = () => useEndpointQuery(api.release.getKeyValue);

// Each section saves on its own, then the whole page reloads (every release query).
export const useSaveReleaseContentMutation = () => useEndpointMutation(api.release.setContent);
export const useSaveReleaseClientMutation = () => useEndpointMutation(api.release.setClient);
export const useSaveKeyValueMutation = () => useEndpointMutation(api.release.setKeyValue);
