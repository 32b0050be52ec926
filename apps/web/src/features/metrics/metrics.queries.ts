import { api } from '@console/domain/endpoints';
import { useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';

// The metric definitions' calls, declared in packages/domain/src/endpoints/experiment.endpoints.ts.

export const useMetricListQuery = (includeArchived: boolean) =>
  useEndpointQuery(api.experiment.listMetrics, { includeArchived });

export const useCreateMetricMutation = () => useEndpointMutation(api.experiment.createMetric);
export const useSaveMetricMutation = () => useEndpointMutation(api.experiment.saveMetric);
export const useArchiveMetricMutation = () => useEndpointMutation(api.experiment.archiveMetric);
