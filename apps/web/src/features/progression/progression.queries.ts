import { api } from '@console/domain/endpoints';
import { useEndpointMutation } from '../../api/hooks.ts';

/** User Admin: the answer (the stored progression) is shown raw. */
export const useSetProgressionMutation = () => useEndpointMutation(api.progression.set);
