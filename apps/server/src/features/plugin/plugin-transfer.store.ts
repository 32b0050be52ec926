import type { Tx } from '../../db/client.ts';
import type { PluginEntrySets } from './plugin-entries.store.ts';

// The environment transfer's writes of plugins, set-based: a fixed number of statements for every
// plugin of a transfer instead of several per plugin. The caller holds the lock protocol's locks
// (db/lock-protocol.ts) on the plugins and on what their entries point at.

/** A plugin's revisions as stored; absent plugins are left out. */
export interface StoredPluginRevisions {
  id: number;
  activeRevision: number;
  draftRevision: number;
  draftBaseRevision: number;
}

export async function findPluginRevisions(
  tx: Tx,
  environmentId: string,
  ids: readonly number[],
): Promise<Map<number, StoredPluginRevisions>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.$queryRaw<StoredPluginRevisions[]>`
    SELECT "id", "active_revision" AS "activeRevision", "draft_revision" AS "draftRevision",
           "draft_base_revision" AS "draftBaseRevision"
      FROM "plugin" WHERE "environment_id" = ${environmentId} AND "id" = ANY(${[...ids]}::int[])`;
  return new Map(rows.map((row) => [row.id, row]));
}

/** One plugin as the transfer writes it: its state, both entry sets, and its revisions after. */
export interface TransferredPlugin {
  id: number;
  active: boolean;
  description: string;
  sets: PluginEntrySets;
  revisions: Omit<StoredPluginRevisions, 'id'>;
}

/**
 * Makes each plugin row equal to the given one (created when absent, stamped modified / lastModifier
 * otherwise) with the given revisions, and replaces its active set and draft with the given entries,
 * numbered from 0.
 */
export async function writeTransferredPlugins(
  tx: Tx,
  environmentId: string,
  plugins: readonly TransferredPlugin[],
  lastModifier: string,
  now: Date,
): Promise<void> {
  if (plugins.length === 0) return;
  const rows = plugins.map((plugin) => ({
    id: plugin.id,
    active: plugin.active,
    description: plugin.description,
    active_revision: plugin.revisions.activeRevision,
    draft_revision: plugin.revisions.draftRevision,
    draft_base_revision: plugin.revisions.draftBaseRevision,
  }));
  await tx.$executeRaw`
    INSERT INTO "plugin" ("environment_id", "id", "active", "description", "created", "modified", "last_modifier",
                          "active_revision", "draft_revision", "draft_base_revision")
    SELECT ${environmentId}, x."id", x."active", x."description", ${now}, ${now}, ${lastModifier},
           x."active_revision", x."draft_revision", x."draft_base_revision"
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(
             "id" int, "active" boolean, "description" text, "active_revision" int, "draft_revision" int,
             "draft_base_revision" int)
    ON CONFLICT ("environment_id", "id") DO UPDATE
       SET "active" = EXCLUDED."active", "description" = EXCLUDED."description", "modified" = EXCLUDED."modified",
           "last_modifier" = EXCLUDED."last_modifier", "active_revision" = EXCLUDED."active_revision",
           "draft_revision" = EXCLUDED."draft_revision", "draft_base_revision" = EXCLUDED."draft_base_revision"`;
  await tx.$executeRaw`
    DELETE FROM "plugin_ab_test_entry"
     WHERE "environment_id" = ${environmentId} AND "plugin_id" = ANY(${plugins.map((plugin) => plugin.id)}::int[])`;
  const entries = plugins.flatMap((plugin) =>
    (['active', 'draft'] as const).flatMap((state) =>
      plugin.sets[state].map((entry, position) => ({
        plugin_id: plugin.id,
        state,
        position,
        ab_test_id: entry.abTestId,
        ab_test_version: entry.abTestVersion,
        configurations: entry.configurations,
      })),
    ),
  );
  if (entries.length === 0) return;
  await tx.$executeRaw`
    INSERT INTO "plugin_ab_test_entry" ("environment_id", "plugin_id", "state", "position", "ab_test_id",
                                        "ab_test_version", "configurations")
    SELECT ${environmentId}, x."plugin_id", x."state", x."position", x."ab_test_id", x."ab_test_version",
           x."configurations"
      FROM jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) AS x(
             "plugin_id" int, "state" text, "position" int, "ab_test_id" text, "ab_test_version" int,
             "configurations" text[])`;
}
