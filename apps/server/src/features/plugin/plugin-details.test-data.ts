import type { ConfigKindId } from '@console/domain/config';
import type { PluginDetails, PluginEntry } from '@console/domain/plugin';
import pg from 'pg';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { type ConfigClient, configClient } from '../config/config.test-data.ts';

// Test data for the plugin details suites: A/B-tests with versions, configurations and drafts, all
// made over HTTP as the console does, and a lock holder to queue concurrent requests in a known order.

export const entry = (abTestId: string, abTestVersion: number, configurations: string[]): PluginEntry => ({
  abTestId,
  abTestVersion,
  configurations,
});

export function pluginClient(t: TestApp, cookie: string) {
  const c: ConfigClient = configClient(t, cookie);
  const get = (pluginId: number): Promise<PluginDetails> => c.payloadOf('/api/plugin/get', { pluginId });

  /** An A/B-test with versions of these weights (saved in order); `activeVersions` activated; the test switched on when `active`. */
  async function abTest(
    options: { versions?: number[][]; activeVersions?: number[]; active?: boolean } = {},
  ): Promise<string> {
    const id = c.uniqueId('ab');
    await c.payloadOf('/api/abtest/create', { id, description: `test ${id}`, type: 0 });
    for (const weights of options.versions ?? [[500_000, 500_000]])
      await c.payloadOf('/api/abtest/versions/save', { id, weights });
    for (const version of options.activeVersions ?? [])
      await c.payloadOf('/api/abtest/activate/version', { id, version });
    if (options.active) await c.payloadOf('/api/abtest/activate/test', { id, active: true });
    return id;
  }

  /** Saves a new inactive version of the A/B-test; answers its number. */
  const newVersion = async (id: string, weights: number[] = [500_000, 500_000]): Promise<number> =>
    (await c.payloadOf('/api/abtest/versions/save', { id, weights })).version;

  /** Activated configurations of a kind (the picker lists only those). */
  async function configs(kind: ConfigKindId, count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let index = 0; index < count; index++) {
      const id = c.uniqueId(kind.replace('/', '-'));
      await c.create(kind, id, { active: true });
      ids.push(id);
    }
    return ids;
  }

  /** The autosave, on the plugin's current draft revision unless another is given. */
  async function saveDraftCall(
    pluginId: number,
    entries: PluginEntry[],
    revisions: { draftRevision?: number; baseRevision?: number } = {},
  ) {
    const draftRevision = revisions.draftRevision ?? (await get(pluginId)).data.draftRevision;
    return c.call('/api/plugin/draft/abtest', {
      pluginId,
      configurations: entries,
      draftRevision,
      ...(revisions.baseRevision === undefined ? {} : { baseRevision: revisions.baseRevision }),
    });
  }

  async function saveDraft(pluginId: number, entries: PluginEntry[], revisions = {}): Promise<PluginDetails> {
    const response = await saveDraftCall(pluginId, entries, revisions);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().payload;
  }

  /** Activation of the plugin's current draft revision unless another is given. */
  async function activateCall(pluginId: number, draftRevision?: number) {
    const revision = draftRevision ?? (await get(pluginId)).data.draftRevision;
    return c.call('/api/plugin/draft/activate', { pluginId, draftRevision: revision });
  }

  const usage = (pluginId: number, abTestId: string, abTestVersion: number) =>
    c.payloadOf('/api/plugin/abtest-usage', { pluginId, abTestId, abTestVersion });

  const pluginAudit = async (pluginName: string, environment = 'dev') =>
    (await t.auditEntries(cookie, environment)).filter(
      (candidate) => candidate.target === pluginName && candidate.action.startsWith('plugin.'),
    );

  return { c, get, abTest, newVersion, configs, saveDraftCall, saveDraft, activateCall, usage, pluginAudit };
}

export type PluginClient = ReturnType<typeof pluginClient>;

/**
 * Holds row locks from outside the app and queues requests behind them in a known order (watching
 * pg_stat_activity until each waits), then releases them together (as config-races.routes.test.ts).
 */
export function lockQueue(databaseUrl: string) {
  const locker = new pg.Client({ connectionString: databaseUrl });
  const watcher = new pg.Client({ connectionString: databaseUrl });

  async function waitUntilWaiting(count: number): Promise<void> {
    for (let attempt = 0; attempt < 500; attempt++) {
      const { rows } = await watcher.query<{ waiting: number }>(
        "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
      );
      if ((rows[0]?.waiting ?? 0) >= count) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`fewer than ${count} requests waiting for a lock`);
  }

  return {
    connect: () => Promise.all([locker.connect(), watcher.connect()]),
    end: () => Promise.all([locker.end(), watcher.end()]),
    /**
     * Runs `lockSql` in a transaction, starts each request once the previous one waits for a lock,
     * then commits and answers the requests' results in order.
     */
    async queued<T>(lockSql: string, params: unknown[], requests: (() => Promise<T>)[]): Promise<T[]> {
      await locker.query('BEGIN');
      await locker.query(lockSql, params);
      const pending: Promise<T>[] = [];
      try {
        for (const request of requests) {
          pending.push(request());
          await waitUntilWaiting(pending.length);
        }
      } finally {
        await locker.query('COMMIT');
      }
      return Promise.all(pending);
    },
  };
}

/** Locks one plugin row of the dev environment (the last lock draft saves and activations take). */
export const PLUGIN_ROW_LOCK = `SELECT 1 FROM "plugin" WHERE "environment_id" = 'dev' AND "id" = $1 FOR UPDATE`;
