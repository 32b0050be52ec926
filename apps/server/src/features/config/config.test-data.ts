import { CONFIG_KIND_IDS, type ConfigKindId, configKindOf, defaultConfigData } from '@console/domain/config';
import { PluginId, type PluginName } from '@console/domain/enums';
import type { PluginData, PluginEntry } from '@console/domain/plugin';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import type { Db } from '../../db/client.ts';
import { insertMissingPlugins, updatePluginActive } from '../plugin/plugin.store.ts';

// Test data for the configuration suites: a savable configuration of every kind, calls over HTTP,
// and plugin entry rows written directly (fixtures may point at what the plugin API would refuse),
// read back over the API.

export type Json = Record<string, unknown>;

/** A savable data object of the kind: its defaults, plus one product for offers. */
export function validData(kind: ConfigKindId): Json {
  const data = structuredClone(defaultConfigData(kind)) as Json;
  if (configKindOf(kind).family === 'offer') data.productIdList = [{ productId: 42, target: 3 }];
  return data;
}

export const validItem = (kind: ConfigKindId, id: string, extra: Json = {}): Json => ({
  id,
  description: `about ${id}`,
  data: validData(kind),
  ...extra,
});

/** A kind other than `kind` (for "body of the wrong kind"). */
export const otherKindOf = (kind: ConfigKindId): ConfigKindId =>
  CONFIG_KIND_IDS.find((candidate) => candidate !== kind)!;

export type ConfigClient = ReturnType<typeof configClient>;

export function configClient(t: TestApp, cookie: string) {
  let counter = 0;
  const call = (url: string, body?: unknown, environment = 'dev') =>
    t.post(`${url}?configuration=${environment}`, body, cookie);
  const payloadOf = async (url: string, body?: unknown, environment = 'dev') => {
    const response = await call(url, body, environment);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json().payload;
  };
  const base = (kind: ConfigKindId) => `/api/config/${kind}`;
  return {
    call,
    payloadOf,
    base,
    uniqueId: (prefix = 'cfg') => `${prefix}-${++counter}-${Date.now().toString(36)}`.slice(0, 36),
    create: async (kind: ConfigKindId, id: string, extra: Json = {}) =>
      payloadOf(`${base(kind)}/create`, validItem(kind, id, extra)),
    get: (kind: ConfigKindId, id: string) => payloadOf(`${base(kind)}/get`, { id }),
    auditOf: async (target: string, environment = 'dev') =>
      (await t.auditEntries(cookie, environment)).filter((entry) => entry.target === target),
  };
}

/** An active A/B-test with one active version of these weights, created over HTTP. */
export async function activeAbTest(
  client: ConfigClient,
  weights: readonly number[] = [500_000, 500_000],
): Promise<string> {
  const id = client.uniqueId('ab');
  await client.payloadOf('/api/abtest/create', { id, description: id, type: 0 });
  const { version } = await client.payloadOf('/api/abtest/versions/save', { id, weights });
  await client.payloadOf('/api/abtest/activate/version', { id, version });
  await client.payloadOf('/api/abtest/activate/test', { id, active: true });
  return id;
}

export interface EntrySpec {
  plugin: PluginName;
  set: 'active' | 'draft';
  abTestId: string;
  abTestVersion?: number;
  configurations: string[];
  position?: number;
  environmentId?: string;
}

// Positions are unique per test file, so entries of one plugin never collide.
let nextPosition = 0;

/** A plugin entry row, as a fixture writes it. */
export interface EntryRow {
  environmentId: string;
  pluginId: number;
  set: 'active' | 'draft';
  position: number;
  abTestId: string;
  abTestVersion: number;
  configurations: readonly string[];
}

/**
 * Writes a plugin entry row (the plugin row must exist). Directly, not over the API: a fixture may
 * point at an A/B-test, version or configuration the draft save would refuse.
 */
export async function insertEntryRow(db: Db, entry: EntryRow): Promise<void> {
  await db.pluginAbTestEntry.create({
    data: {
      environmentId: entry.environmentId,
      pluginId: entry.pluginId,
      state: entry.set,
      position: entry.position,
      abTestId: entry.abTestId,
      abTestVersion: entry.abTestVersion,
      configurations: [...entry.configurations],
    },
  });
}

/** A plugin's active set or draft, as /api/plugin/get answers it. */
export async function pluginEntriesOf(
  payloadOf: (url: string, body: unknown, environment: string) => Promise<{ data: PluginData }>,
  pluginId: number,
  set: 'active' | 'draft',
  environment = 'dev',
): Promise<PluginEntry[]> {
  return (await payloadOf('/api/plugin/get', { pluginId }, environment)).data[set];
}

/** Writes a plugin entry row, creating the environment's plugin rows first. */
export async function addEntry(t: TestApp, spec: EntrySpec): Promise<void> {
  const environmentId = spec.environmentId ?? 'dev';
  await insertMissingPlugins(t.app.db, environmentId);
  await insertEntryRow(t.app.db, {
    environmentId,
    pluginId: PluginId[spec.plugin],
    set: spec.set,
    position: spec.position ?? nextPosition++,
    abTestId: spec.abTestId,
    abTestVersion: spec.abTestVersion ?? 0,
    configurations: spec.configurations,
  });
}

export async function setPluginActive(
  t: TestApp,
  plugin: PluginName,
  active: boolean,
  environmentId = 'dev',
) {
  await insertMissingPlugins(t.app.db, environmentId);
  await updatePluginActive(t.app.db, environmentId, PluginId[plugin], active, 'tests@example.com');
}

/**
 * Where the maintained In use (configuration_use) differs from what the environment holds now: per id a
 * configuration has or an entry holds, its kind and the number of entries holding it, worked out from
 * the tables themselves. Empty when they agree.
 */
export async function inUseMismatches(db: Db, environmentId: string): Promise<unknown[]> {
  return db.$queryRawUnsafe(
    `WITH held AS (
       SELECT e."environment_id", h."id", count(*)::int AS "uses" FROM "plugin_ab_test_entry" e
        CROSS JOIN LATERAL (SELECT DISTINCT unnest(e."configurations") AS "id") h
        WHERE e."environment_id" = $1 AND h."id" <> '' GROUP BY 1, 2),
     computed AS (
       SELECT coalesce(c."id", h."id") AS "id", c."kind", coalesce(h."uses", 0) AS "uses",
              coalesce(h."uses", 0) > 0 AS "inUse"
         FROM (SELECT * FROM "configuration" WHERE "environment_id" = $1) c
         FULL JOIN held h ON h."id" = c."id"),
     kept AS (
       SELECT "configuration_id" AS "id", "kind", "uses", "in_use" AS "inUse"
         FROM "configuration_use" WHERE "environment_id" = $1)
     (SELECT 'computed' AS "side", * FROM (SELECT * FROM computed EXCEPT SELECT * FROM kept) a)
     UNION ALL (SELECT 'kept', * FROM (SELECT * FROM kept EXCEPT SELECT * FROM computed) b)`,
    environmentId,
  );
}
