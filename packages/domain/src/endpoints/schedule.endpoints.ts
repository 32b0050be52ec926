import { defineEndpoints } from '../api/endpoint.ts';
import {
  scheduleOverviewRequestSchema,
  scheduleOverviewResponseSchema,
} from '../schedule/schedule.schemas.ts';

export const scheduleEndpoints = defineEndpoints('schedule', {
  overview: {
    path: '/api/plugin/schedules',
    access: 'read',
    summary:
      "Slot timeline of the configurations each plugin's active set (and, on request, draft) references, with conflicts",
    body: scheduleOverviewRequestSchema,
    response: scheduleOverviewResponseSchema,
  },
});
