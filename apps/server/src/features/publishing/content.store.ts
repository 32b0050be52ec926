import type { Db, Tx } from '../../db/client.ts';
import { Prisma } from '../../generated/prisma/client.ts';

// What an environment's runtime snapshot is built from, read in one query (all of it, or items by id).

export interface RuntimePluginSource {
  id: number;
  enabled: boolean;
  entries: { abTestId: string; abTestVersion: number; configurations: string[] }[];
}

export interface RuntimeAbTestSource {
  id: string;
  type: number;
  active: boolean;
  salt: string;
  segment: unknown;
  /** The current (highest active) version, null without one. */
  version: number | null;
  cases: number[] | null;
  /** As stored at activation (unparsed); null for a version activated before ranges existed. */
  ranges: unknown;
}

export interface RuntimeConfigurationSource {
  id: string;
  kind: string;
  activation: unknown;
  data: unknown;
}

export interface RuntimeReleaseSource {
  nextReleaseTime: number;
  maxLevel: number;
  nextMaxLevel: number;
  remindVersion: string;
  minimumVersion: string;
  keyValue: string;
}

export interface RuntimeSources {
  plugins: RuntimePluginSource[];
  /** Each A/B-test as JSON text (a RuntimeAbTestSource): a build reuses what it made of a text it has seen. */
  abTests: string[];
  /** Each configuration as JSON text (a RuntimeConfigurationSource), likewise. */
  configurations: string[];
  /** null when the environment never saved release info. */
  release: RuntimeReleaseSource | null;
}

export interface RuntimeSourceOptions {
  /** Preview: these plugins' draft entries stand in for their active sets. */
  draftsOfPlugins?: readonly number[];
}

/** The entries served: every active set, or (preview) some plugins' drafts in place of their active sets. */
const servedEntries = (draftsOfPlugins: readonly number[] = []) =>
  draftsOfPlugins.length === 0
    ? Prisma.sql`"state" = 'active'`
    : Prisma.sql`(CASE WHEN "plugin_id" IN (${Prisma.join(draftsOfPlugins)}) THEN "state" = 'draft' ELSE "state" = 'active' END)`;

/** What the one query reads: conditions on the entries (`entry`), plugins (p), A/B-tests (t), configurations (c). */
interface SourceFilters {
  entries: Prisma.Sql;
  plugins: Prisma.Sql;
  abTests: Prisma.Sql;
  configurations: Prisma.Sql;
}

/**
 * The plugins with their entries (by position), the A/B-tests with their current version, the active
 * configurations and the release info that `filters` choose, in one query, each part through the
 * environment's index of its table: the full read and the read by id differ in their filters alone.
 */
async function readSources(
  db: Db | Tx,
  environmentId: string,
  filters: SourceFilters,
): Promise<RuntimeSources> {
  const rows = await db.$queryRaw<RuntimeSources[]>`
    WITH "entry" AS (
      SELECT "plugin_id", "position", "ab_test_id", "ab_test_version", "configurations"
        FROM "plugin_ab_test_entry"
       WHERE "environment_id" = ${environmentId} AND ${filters.entries}
    )
    SELECT
      COALESCE((
        SELECT json_agg(json_build_object(
                 'id', p."id", 'enabled', p."active",
                 'entries', COALESCE((
                   SELECT json_agg(json_build_object(
                            'abTestId', e."ab_test_id", 'abTestVersion', e."ab_test_version",
                            'configurations', e."configurations") ORDER BY e."position")
                     FROM "entry" e WHERE e."plugin_id" = p."id"), '[]'::json)) ORDER BY p."id")
          FROM "plugin" p WHERE p."environment_id" = ${environmentId} AND ${filters.plugins}),
        '[]'::json) AS "plugins",
      COALESCE((
        SELECT json_agg(json_build_object(
                 'id', t."id", 'type', t."type", 'active', t."active", 'salt', t."salt",
                 'segment', t."segment", 'version', v."version", 'cases', v."cases", 'ranges', v."ranges")::text)
          FROM "ab_test" t
          LEFT JOIN LATERAL (
            SELECT "version", "cases", "ranges" FROM "ab_test_version"
             WHERE "environment_id" = t."environment_id" AND "ab_test_id" = t."id" AND "active"
             ORDER BY "version" DESC LIMIT 1) v ON true
         WHERE t."environment_id" = ${environmentId} AND ${filters.abTests}), '[]'::json) AS "abTests",
      COALESCE((
        SELECT json_agg(json_build_object(
                 'id', c."id", 'kind', c."kind", 'activation', c."activation", 'data', c."data")::text)
          FROM "configuration" c
         WHERE c."environment_id" = ${environmentId} AND c."active" AND ${filters.configurations}),
        '[]'::json) AS "configurations",
      (SELECT json_build_object(
                'nextReleaseTime',
                COALESCE((extract(epoch FROM r."next_release_time") * 1000)::bigint, 0),
                'maxLevel', r."max_level", 'nextMaxLevel', r."next_max_level",
                'remindVersion', r."remind_version", 'minimumVersion', r."minimum_version",
                'keyValue', r."key_value")
         FROM "release_info" r WHERE r."environment_id" = ${environmentId}) AS "release"`;
  return rows[0]!;
}

/**
 * One query, run in every publishing transaction: every plugin with its active set (by position),
 * the A/B-tests those entries name with their current version, the active configurations they name,
 * and the release info.
 */
export function readRuntimeSources(
  db: Db | Tx,
  environmentId: string,
  options: RuntimeSourceOptions = {},
): Promise<RuntimeSources> {
  return readSources(db, environmentId, {
    entries: servedEntries(options.draftsOfPlugins),
    plugins: Prisma.sql`true`,
    abTests: Prisma.sql`t."id" IN (SELECT "ab_test_id" FROM "entry")`,
    configurations: Prisma.sql`c."id" IN (SELECT unnest("configurations") FROM "entry")`,
  });
}

/** Which items a publish from what changed reads again (content-delta.service.ts). */
export interface RuntimeSourceSelection {
  plugins: readonly number[];
  abTests: readonly string[];
  configurations: readonly string[];
}

/**
 * The selected items only, in the shape readRuntimeSources answers, read through the same indexes by
 * id: the selected plugins with their active sets, the selected A/B-tests with their current version
 * (whether an active set names them or not: the caller knows), the selected configurations that are
 * active, and the release info. One query.
 */
export function readSelectedRuntimeSources(
  db: Db | Tx,
  environmentId: string,
  selection: RuntimeSourceSelection,
): Promise<RuntimeSources> {
  const plugins = [...selection.plugins];
  return readSources(db, environmentId, {
    entries: Prisma.sql`"state" = 'active' AND "plugin_id" = ANY(${plugins}::int[])`,
    plugins: Prisma.sql`p."id" = ANY(${plugins}::int[])`,
    abTests: Prisma.sql`t."id" = ANY(${[...selection.abTests]}::text[])`,
    configurations: Prisma.sql`c."id" = ANY(${[...selection.configurations]}::text[])`,
  });
}
