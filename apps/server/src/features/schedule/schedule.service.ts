import {
  buildSlotGrid,
  listSlotTimestamps,
  type ScheduleOverview,
  type ScheduleOverviewRequest,
} from '@console/domain';
import type { Db } from '../../db/client.ts';

// Skeleton: the grid only, so the declared call answers while the overview is built (issue 12).
export async function getScheduleOverview(
  _db: Db,
  _environmentId: string,
  request: ScheduleOverviewRequest,
): Promise<ScheduleOverview> {
  const now = request.at ?? Date.now();
  const grid = buildSlotGrid(request, now);
  return {
    now,
    slotsPerDay: request.slotsPerDay,
    daysBack: request.daysBack,
    daysForward: request.daysForward,
    includeDraft: request.includeDraft,
    slotDurationMs: grid.slotMs,
    slotTimestamp: listSlotTimestamps(grid),
    rangeEnd: grid.end,
    plugins: [],
    schedules: {},
    conflicts: [],
  };
}
