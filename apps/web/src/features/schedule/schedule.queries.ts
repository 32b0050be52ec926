import { api } from '@console/domain/endpoints';
import { useEndpointQuery } from '../../api/hooks.ts';
import type { ScheduleSettings } from './scheduleSettings.ts';

/** The slot timeline and its conflicts around the server's clock; each range is its own query. */
export const useScheduleOverviewQuery = (settings: ScheduleSettings) =>
  useEndpointQuery(api.schedule.overview, settings);
