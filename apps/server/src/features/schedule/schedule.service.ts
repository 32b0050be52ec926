import {
  computeScheduleOverview,
  type ScheduleEntrySet,
  type ScheduleOverview,
  type ScheduleOverviewRequest,
} from '@console/domain/schedule';
import type { EnvironmentContext, EnvironmentReader } from '../../context.ts';
import { listScheduleConfigurations } from '../config/config.public.ts';
import { listSchedulePlugins } from '../plugin/plugin.public.ts';

/** /api/plugin/schedules: the overview of the context's environment around `at` (now by default). */
export const getScheduleOverview = (ctx: EnvironmentContext, request: ScheduleOverviewRequest) =>
  readScheduleOverview(ctx, request);

/**
 * The overview of an environment, read through a client or inside a transaction (a change request's
 * apply reads it in its own). Without one database query per configuration: the plugins with their
 * entries in one query (the plugin feature's), then every configuration they choose in one more (the
 * configurations feature's).
 */
export async function readScheduleOverview(
  { db, environmentId }: EnvironmentReader,
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
