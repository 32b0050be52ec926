import { useLazyEndpointMutation, useLazyEndpointQuery } from '../../api/hooks.ts';
import { shellEndpoints } from '../shell.endpoints.ts';

/** Every environment, in the server's order (global: used before one is active). */
export const useEnvironmentListQuery = () => useLazyEndpointQuery(shellEndpoints.environments);

/** On success the environment list reloads (the mutation's own feature). */
export const useCreateEnvironmentMutation = () => useLazyEndpointMutation(shellEndpoints.saveEnvironment);
