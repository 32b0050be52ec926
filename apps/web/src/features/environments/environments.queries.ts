import { api } from '@console/domain/endpoints';
import { useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';

export const useArchivedEnvironmentsQuery = () => useEndpointQuery(api.environment.archived);

// Both reload the environment list (their feature) and the signed-in user's environments (auth), so
// the menu and the rights follow, whether it worked or not: a refusal usually means a stale list.
const options = { invalidates: [api.auth.me.feature], reloadsOnError: true } as const;
export const useArchiveEnvironmentMutation = () => useEndpointMutation(api.environment.archive, options);
export const useRestoreEnvironmentMutation = () => useEndpointMutation(api.environment.restore, options);
