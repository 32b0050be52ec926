import type { ScheduleEntrySet, SchedulePluginInput } from '@console/domain/schedule';
import type { Db, Tx } from '../../db/client.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { PluginEntrySet } from './plugin.store.ts';

// The plugins' A/B-test entries as other features' views read them: the environment transfer's sets,
// the entries pointing at configurations, and the schedule overview's plugins.

// ---- the environment transfer's view of plugin entries ----

/** A plugin's entries as the transfer copies them: both sets, each in position order. */
export interface PluginEntrySets {
  active: PluginEntryContent[];
  draft: PluginEntryContent[];
}
export interface PluginEntryContent {
  abTestId: string;
  abTestVersion: number;
  configurations: string[];
}

/** Every plugin's entries in the environment, by plugin id (plugins without entries are absent). */
export async function listEntrySetsOfEnvironment(
  db: Db | Tx,
  environmentId: string,
): Promise<Map<number, PluginEntrySets>> {
  const rows = await db.pluginAbTestEntry.findMany({
    where: { environmentId },
    orderBy: [{ pluginId: 'asc' }, { state: 'asc' }, { position: 'asc' }],
    select: { pluginId: true, state: true, abTestId: true, abTestVersion: true, configurations: true },
  });
  const sets = new Map<number, PluginEntrySets>();
  for (const { pluginId, state, ...entry } of rows) {
    const plugin = sets.get(pluginId) ?? { active: [], draft: [] };
    sets.set(pluginId, plugin);
    (state === 'draft' ? plugin.draft : plugin.active).push(entry);
  }
  return sets;
}

/** Replaces a plugin's active set and draft with these entries, numbered from 0 (the plugin row must exist). */
export async function replacePluginEntrySets(
  tx: Tx,
  environmentId: string,
  pluginId: number,
  sets: PluginEntrySets,
): Promise<void> {
  await tx.pluginAbTestEntry.deleteMany({ where: { environmentId, pluginId } });
  const data = (['active', 'draft'] as const).flatMap((state) =>
    sets[state].map((entry, position) => ({ environmentId, pluginId, state, position, ...entry })),
  );
  if (data.length > 0) await tx.pluginAbTestEntry.createMany({ data });
}

// ---- A/B-test entries pointing at configurations (configurations feature) ----

/**
 * One A/B-test entry of a plugin's active set or draft, with the states that decide what it serves: its
 * plugin's and its A/B-test's active flags.
 */
export interface PluginEntryRow {
  pluginId: number;
  set: PluginEntrySet;
  position: number;
  abTestId: string;
  abTestVersion: number;
  /** Configuration id per case, by case index ('' = none chosen). */
  configurations: string[];
  pluginActive: boolean;
  abTestActive: boolean;
}

/** A reference of one configuration id by one entry. */
export interface ConfigurationReferenceRow extends PluginEntryRow {
  configId: string;
}

/**
 * Whether the entry's A/B-test is switched on (an absent one is not): read with the entry, in its query,
 * so a configuration page's references cost one statement.
 */
const AB_TEST_ACTIVE = Prisma.sql`COALESCE((SELECT t."active" FROM "ab_test" t
   WHERE t."environment_id" = e."environment_id" AND t."id" = e."ab_test_id"), false) AS "abTestActive"`;

/**
 * Every (configuration id, entry) pair of the environment, or of the given configuration ids:
 * one row per entry and distinct id it holds, with its plugin's and its A/B-test's active flags.
 */
export async function findConfigurationReferences(
  db: Db | Tx,
  environmentId: string,
  configIds?: readonly string[],
): Promise<ConfigurationReferenceRow[]> {
  return db.$queryRaw<ConfigurationReferenceRow[]>`
    SELECT c."config_id" AS "configId", e."plugin_id" AS "pluginId", e."state" AS "set", e."position",
           e."ab_test_id" AS "abTestId", e."ab_test_version" AS "abTestVersion", e."configurations",
           p."active" AS "pluginActive", ${AB_TEST_ACTIVE}
      FROM "plugin_ab_test_entry" e
      JOIN "plugin" p ON p."environment_id" = e."environment_id" AND p."id" = e."plugin_id"
     CROSS JOIN LATERAL (SELECT DISTINCT unnest(e."configurations") AS "config_id") c
     WHERE e."environment_id" = ${environmentId} AND c."config_id" <> ''
       ${
         configIds === undefined
           ? Prisma.empty
           : // The entries holding one of the ids, from the index of the ids entries hold.
             Prisma.sql`AND e."configurations" && ${[...configIds]}::text[]
                         AND c."config_id" = ANY(${[...configIds]}::text[])`
       }
     ORDER BY c."config_id", e."plugin_id", e."state", e."position"`;
}

/**
 * Every entry, active set or draft, holding the configuration id, and the draft entries of the same
 * plugins under the same A/B-tests as an active entry holding it (the flow moves those drafts with their
 * active set, holding the id or not), with its plugin's and its A/B-test's active flags, by plugin, set
 * and position. Stable once the plugins holding them are locked (db/lock-protocol.ts): entries change
 * only under their plugin's row lock.
 */
export async function findEntriesReferencing(
  db: Db | Tx,
  environmentId: string,
  configId: string,
): Promise<PluginEntryRow[]> {
  return db.$queryRaw<PluginEntryRow[]>`
    SELECT e."plugin_id" AS "pluginId", e."state" AS "set", e."position", e."ab_test_id" AS "abTestId",
           e."ab_test_version" AS "abTestVersion", e."configurations",
           p."active" AS "pluginActive", ${AB_TEST_ACTIVE}
      FROM "plugin_ab_test_entry" e
      JOIN "plugin" p ON p."environment_id" = e."environment_id" AND p."id" = e."plugin_id"
     WHERE e."environment_id" = ${environmentId}
       AND (${configId} = ANY(e."configurations")
            OR (e."state" = 'draft' AND EXISTS (
                  SELECT 1 FROM "plugin_ab_test_entry" a
                   WHERE a."environment_id" = e."environment_id" AND a."plugin_id" = e."plugin_id"
                     AND a."state" = 'active' AND a."ab_test_id" = e."ab_test_id"
                     AND ${configId} = ANY(a."configurations"))))
     ORDER BY e."plugin_id", e."state", e."position"`;
}

export interface PluginEntryKey {
  environmentId: string;
  pluginId: number;
  set: PluginEntrySet;
  position: number;
}

/** Points an entry at another A/B-test version and configurations. */
export async function updatePluginEntry(
  tx: Tx,
  key: PluginEntryKey,
  changes: { abTestVersion: number; configurations: readonly string[] },
): Promise<void> {
  await tx.pluginAbTestEntry.update({
    where: {
      environmentId_pluginId_state_position: {
        environmentId: key.environmentId,
        pluginId: key.pluginId,
        state: key.set,
        position: key.position,
      },
    },
    data: { abTestVersion: changes.abTestVersion, configurations: [...changes.configurations] },
  });
}

// ---- the schedule overview's view of plugins (schedule feature) ----

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
