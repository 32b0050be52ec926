import {
  activationSettingsSchema,
  type ScheduleConfiguration,
  type ScheduleEntrySet,
  type SchedulePluginInput,
} from '@console/domain';
import type { Db, Tx } from '../../db/client.ts';
import { parseJsonColumn } from '../../db/json-column.ts';

// What the schedule overview reads ("without one database query per configuration"):
// the plugins with their entries in one query, then every referenced configuration in one more.

/** Every plugin of the environment holding an entry in one of `sets`, with those entries. */
export async function listSchedulePlugins(
  db: Db | Tx,
  environmentId: string,
  sets: readonly ScheduleEntrySet[],
): Promise<SchedulePluginInput[]> {
  const rows = await db.plugin.findMany({
    where: { environmentId, abTestEntries: { some: { state: { in: [...sets] } } } },
    select: {
      id: true,
      active: true,
      abTestEntries: {
        where: { state: { in: [...sets] } },
        select: { state: true, position: true, configurations: true },
        orderBy: [{ state: 'asc' }, { position: 'asc' }],
      },
    },
    orderBy: { id: 'asc' },
  });
  return rows.map((row) => ({
    id: row.id,
    active: row.active,
    entries: row.abTestEntries.map((entry) => ({
      set: entry.state as ScheduleEntrySet,
      position: entry.position,
      configurations: entry.configurations,
    })),
  }));
}

/** The configurations of the environment with these ids (any kind), with their activation. */
export async function listScheduleConfigurations(
  db: Db | Tx,
  environmentId: string,
  ids: readonly string[],
): Promise<ScheduleConfiguration[]> {
  if (ids.length === 0) return [];
  const rows = await db.configuration.findMany({
    where: { environmentId, id: { in: [...ids] } },
    select: { id: true, kind: true, description: true, active: true, activation: true },
  });
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    description: row.description,
    active: row.active,
    activation: parseJsonColumn(
      activationSettingsSchema,
      row.activation,
      `activation of configuration '${row.id}'`,
    ),
  }));
}
