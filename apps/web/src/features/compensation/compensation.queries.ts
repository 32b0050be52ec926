import { api } from '@console/domain/endpoints';
import { useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';

export const useCompensationListQuery = () => useEndpointQuery(api.compensation.list);

/** The list reloads after sending. */
export const useSendConsumableMutation = () => useEndpointMutation(api.compensation.sendConsumable);
