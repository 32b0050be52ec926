import {
  computeScheduleOverview,
  type ScheduleEntrySet,
  type ScheduleOverview,
  type ScheduleOverviewRequest,
} from '@console/domain';
import type { Db } from '../../db/client.ts';
import { listScheduleConfigurations, listSchedulePlugins } from './schedule.store.ts';

/** /api/plugin/schedules: the overview of the environment around `at` (now by default). */
export async function getScheduleOverview(
  db: Db,
  environmentId: string,
  request: ScheduleOverviewRequest,
): Promise<ScheduleOverview> {
  const now = request.at ?? Date.now();
  const sets: ScheduleEntrySet[] = request.includeDraft ? ['active', 'draft'] : ['active'];
  const plugins = await listSchedulePlugins(db, environmentId, sets);
  const ids = new Set(plugins.flatMap((plugin) => plugin.entries.flatMap((entry) => entry.configurations)));
  ids.delete('');
  const configurations = await listScheduleConfigurations(db, environmentId, [...ids]);
  return computeScheduleOverview({ settings: request, plugins, configurations }, now);
}
