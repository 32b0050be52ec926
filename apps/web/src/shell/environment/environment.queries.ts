import { api } from '@console/domain';
import { useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';

/** spec §4: every environment, in the server's order (global: used before one is active). */
export const useEnvironmentListQuery = () => useEndpointQuery(api.environment.list);

/** On success the environment list reloads (the mutation's own feature). */
export const useCreateEnvironmentMutation = () => useEndpointMutation(api.environment.save);
