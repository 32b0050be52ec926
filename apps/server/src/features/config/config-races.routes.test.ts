import { PluginId } from '@console/domain/enums';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, waitUntilLockWaiters } from '../../../test/helpers.ts';
import { insertMissingPlugins } from '../plugin/plugin.store.ts';
import {
  activeAbTest,
  addEntry,
  type ConfigClient,
  configClient,
  inUseMismatches,
  pluginEntriesOf,
  setPluginActive,
  validItem,
} from './config.test-data.ts';

// "A concurrent edit never lets a live configuration change silently". Each race holds
// the configuration's row lock from outside, queues the competing requests behind it in a known
// order (watching pg_stat_activity until each waits), then releases them together.

describe('configuration races', () => {
  let t: TestApp;
  let c: ConfigClient;
  let locker: pg.Client;
  let watcher: pg.Client;
  beforeAll(async () => {
    t = await createTestApp();
    c = configClient(t, await t.login('races@example.com'));
    await setPluginActive(t, 'AGILITY_RACE', true);
    locker = new pg.Client({ connectionString: t.databaseUrl });
    watcher = new pg.Client({ connectionString: t.databaseUrl });
    await Promise.all([locker.connect(), watcher.connect()]);
  });
  afterAll(async () => {
    await Promise.all([locker?.end(), watcher?.end()]);
  });

  /** Runs the requests one after the other in this order, all queued on the configuration's row lock. */
  async function queuedOnLock<T>(
    id: string,
    requests: [() => Promise<T>, () => Promise<T>],
  ): Promise<[T, T]> {
    await locker.query('BEGIN');
    await locker.query(
      `SELECT 1 FROM "configuration" WHERE "environment_id" = 'dev' AND "id" = $1 FOR UPDATE`,
      [id],
    );
    const pending: Promise<T>[] = [];
    try {
      for (const request of requests) {
        pending.push(request());
        await waitUntilLockWaiters(watcher, pending.length);
      }
    } finally {
      await locker.query('COMMIT');
    }
    return [await pending[0]!, await pending[1]!];
  }

  async function liveConfig() {
    const id = c.uniqueId('live');
    await c.create('ar', id, { active: true });
    const abTestId = await activeAbTest(c);
    await addEntry(t, { plugin: 'AGILITY_RACE', set: 'active', abTestId, configurations: [id, id] });
    return { id, abTestId };
  }

  const servedIdsOf = async (abTestId: string) =>
    (await pluginEntriesOf(c.payloadOf, PluginId.AGILITY_RACE, 'active'))
      .filter((entry) => entry.abTestId === abTestId)
      .flatMap((entry) => entry.configurations);

  it('two saves of one configuration run one after the other: the second sees the first, both audited', async () => {
    const id = c.uniqueId('two');
    const created = await c.create('ar', id);
    const first = { ...created, data: { ...created.data, scoreTarget: 11 } };
    const second = { ...created, data: { ...created.data, scoreTarget: 12 } };
    const [a, b] = await queuedOnLock(id, [
      () => c.call('/api/config/ar/save', first),
      () => c.call('/api/config/ar/save', second),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await c.get('ar', id)).data.scoreTarget).toBe(12);
    const saves = (await c.auditOf(id)).filter((entry) => entry.action === 'config.save');
    // newest first: the second save's "before" is the first save's "after", nothing lost unseen
    expect(saves.map((entry) => [entry.attributes.before, entry.attributes.after])).toEqual([
      [
        { data: expect.objectContaining({ scoreTarget: 11 }) },
        { data: expect.objectContaining({ scoreTarget: 12 }) },
      ],
      [
        { data: expect.objectContaining({ scoreTarget: 10 }) },
        { data: expect.objectContaining({ scoreTarget: 11 }) },
      ],
    ]);
  });

  it('two saves of a live configuration are both refused', async () => {
    const { id } = await liveConfig();
    const stored = await c.get('ar', id);
    const responses = await queuedOnLock(id, [
      () => c.call('/api/config/ar/save', { ...stored, data: { ...stored.data, scoreTarget: 21 } }),
      () => c.call('/api/config/ar/save', { ...stored, data: { ...stored.data, scoreTarget: 22 } }),
    ]);
    for (const response of responses) {
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatch(/^Update is not allowed:/);
    }
    expect(await c.get('ar', id)).toEqual(stored);
  });

  it('a save queued behind a reassignment changes the original, which no plugin serves any more', async () => {
    const { id, abTestId } = await liveConfig();
    const stored = await c.get('ar', id);
    const [reassign, save] = await queuedOnLock(id, [
      () =>
        c.call('/api/config/ar/duplicate/reassign', { ...stored, data: { ...stored.data, scoreTarget: 31 } }),
      () => c.call('/api/config/ar/save', { ...stored, data: { ...stored.data, scoreTarget: 32 } }),
    ]);
    expect(reassign.statusCode).toBe(200);
    expect(save.statusCode, save.body).toBe(200);
    const { configId } = reassign.json().payload;
    expect(await servedIdsOf(abTestId)).toEqual([configId, configId]);
    expect((await c.get('ar', configId)).data.scoreTarget).toBe(31);
    expect((await c.get('ar', id)).data.scoreTarget).toBe(32);
  });

  it('a save ahead of a reassignment is refused, and the reassignment serves the edited copy', async () => {
    const { id, abTestId } = await liveConfig();
    const stored = await c.get('ar', id);
    const [save, reassign] = await queuedOnLock(id, [
      () => c.call('/api/config/ar/save', { ...stored, data: { ...stored.data, scoreTarget: 41 } }),
      () =>
        c.call('/api/config/ar/duplicate/reassign', { ...stored, data: { ...stored.data, scoreTarget: 42 } }),
    ]);
    expect(save.statusCode).toBe(409);
    expect(save.json().error).toMatch(/^Update is not allowed:/);
    expect(reassign.statusCode).toBe(200);
    const { configId } = reassign.json().payload;
    expect(await servedIdsOf(abTestId)).toEqual([configId, configId]);
    expect((await c.get('ar', configId)).data.scoreTarget).toBe(42);
    expect(await c.get('ar', id)).toEqual(stored);
  });

  it('two reassignments of one configuration: the first moves the plugins, the second only copies', async () => {
    const { id, abTestId } = await liveConfig();
    const stored = await c.get('ar', id);
    const [first, second] = await queuedOnLock(id, [
      () => c.call('/api/config/ar/duplicate/reassign', { ...stored, description: 'first' }),
      () => c.call('/api/config/ar/duplicate/reassign', { ...stored, description: 'second' }),
    ]);
    expect(first.json().payload.configId).toBe(`${id}-2`);
    expect(second.json().payload.configId).toBe(`${id}-3`);
    expect(await servedIdsOf(abTestId)).toEqual([`${id}-2`, `${id}-2`]);
    const versions = (await c.payloadOf('/api/abtest/get', { id: abTestId })).data.versions;
    expect(versions).toHaveLength(2);
  });
  it('keeps In use equal to what the entries hold while writers race on the same configurations', async () => {
    // Six writers, each in transactions of a few statements, insert, change and delete entries holding
    // the same few ids, and create, re-kind and delete those configurations, so their triggers add to
    // the same use rows at once. A transaction a deadlock or conflict ends is run again.
    await insertMissingPlugins(t.app.db, 'dev');
    const prefix = c.uniqueId('race-use');
    const ids = Array.from({ length: 5 }, (_, index) => `${prefix}-${index}`);
    const plugins = [PluginId.DUEL, PluginId.AGILITY_RACE, PluginId.WIN_STREAK];
    const kinds = ['duel', 'ar', 'ws'];
    const writers = Array.from({ length: 6 }, () => new pg.Client({ connectionString: t.databaseUrl }));
    await Promise.all(writers.map((writer) => writer.connect()));
    try {
      await Promise.all(
        writers.map(async (writer, index) => {
          let seed = index + 1;
          const random = (n: number) => {
            seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
            return seed % n;
          };
          const anId = () => (random(6) === 0 ? '' : ids[random(ids.length)]!);
          const base = 100_000 + index * 1_000;
          const mine = `"environment_id" = 'dev' AND "position" BETWEEN ${base} AND ${base + 999}`;
          const statements: (() => [string, unknown[]])[] = [
            () => [
              `INSERT INTO "plugin_ab_test_entry" ("environment_id", "plugin_id", "state", "position",
                 "ab_test_id", "ab_test_version", "configurations")
               VALUES ('dev', $1, $2, $3, 'race', 0, $4) ON CONFLICT DO NOTHING`,
              [plugins[random(3)], random(2) ? 'active' : 'draft', base + random(40), [anId(), anId()]],
            ],
            () => [
              `UPDATE "plugin_ab_test_entry" SET "configurations" = $1 WHERE ${mine} AND "position" % 3 = $2`,
              [[anId(), anId(), anId()], random(3)],
            ],
            () => [`DELETE FROM "plugin_ab_test_entry" WHERE ${mine} AND "position" % 4 = $1`, [random(4)]],
            () => [
              `INSERT INTO "configuration" ("environment_id", "id", "kind", "activation", "data")
               VALUES ('dev', $1, $2, '{}', '{}') ON CONFLICT DO NOTHING`,
              [ids[random(ids.length)], kinds[random(3)]],
            ],
            () => [
              `UPDATE "configuration" SET "kind" = $2 WHERE "environment_id" = 'dev' AND "id" = $1`,
              [ids[random(ids.length)], kinds[random(3)]],
            ],
            () => [
              `DELETE FROM "configuration" WHERE "environment_id" = 'dev' AND "id" = $1`,
              [ids[random(ids.length)]],
            ],
          ];
          for (let round = 0; round < 15; round++) {
            const transaction = Array.from({ length: 1 + random(3) }, () =>
              statements[random(statements.length)]!(),
            );
            for (let attempt = 0; ; attempt++) {
              try {
                await writer.query('BEGIN');
                for (const [sql, values] of transaction) await writer.query(sql, values);
                await writer.query('COMMIT');
                break;
              } catch (error) {
                await writer.query('ROLLBACK');
                const code = (error as { code?: string }).code;
                if (attempt > 20 || (code !== '40P01' && code !== '40001')) throw error;
              }
            }
          }
        }),
      );
    } finally {
      await Promise.all(writers.map((writer) => writer.end()));
    }
    const held = await t.app.db.$queryRawUnsafe<{ count: number }[]>(
      `SELECT count(*)::int AS "count" FROM "configuration_use" WHERE "environment_id" = 'dev'
          AND "configuration_id" LIKE $1 AND "in_use"`,
      `${prefix}-%`,
    );
    expect(held[0]!.count).toBeGreaterThan(0);
    expect(await inUseMismatches(t.app.db, 'dev')).toEqual([]);
  });
  it('keeps In use equal to what the entries hold after a transfer overwrites an environment', async () => {
    const environmentOf = async () => {
      const id = c.uniqueId('env').replaceAll('-', '');
      await c.payloadOf('/api/configuration/save', { configurationId: id });
      return id;
    };
    const [source, destination] = [await environmentOf(), await environmentOf()];
    const [used, unused, gone] = [c.uniqueId('used'), c.uniqueId('unused'), c.uniqueId('gone')];
    const create = (id: string, environment: string) =>
      c.payloadOf('/api/config/duel/create', validItem('duel', id), environment);
    await Promise.all([create(used, source), create(unused, source), create(gone, destination)]);
    const abTestId = c.uniqueId('ab');
    await c.payloadOf('/api/abtest/create', { id: abTestId, description: abTestId, type: 0 }, source);
    const { version } = await c.payloadOf(
      '/api/abtest/versions/save',
      { id: abTestId, weights: [1_000_000] },
      source,
    );
    const draftOf = (configuration: string, environmentId: string) =>
      addEntry(t, {
        plugin: 'DUEL',
        set: 'draft',
        abTestId,
        abTestVersion: version,
        configurations: [configuration],
        environmentId,
      });
    await draftOf(used, source);
    await draftOf(gone, destination);
    const body = { from: source, to: destination, mode: 'overwrite' };
    const { previewToken } = await c.payloadOf('/api/configuration/transfer/preview', body, source);
    await c.payloadOf('/api/configuration/transfer', { ...body, previewToken }, source);
    const useOf = (environmentId: string) =>
      t.app.db.$queryRawUnsafe<{ id: string; inUse: boolean }[]>(
        `SELECT "configuration_id" AS "id", "in_use" AS "inUse" FROM "configuration_use"
          WHERE "environment_id" = $1 ORDER BY 1`,
        environmentId,
      );
    expect(await useOf(destination)).toEqual(await useOf(source));
    expect(await useOf(destination)).toEqual(
      [
        { id: unused, inUse: false },
        { id: used, inUse: true },
      ].sort((a, b) => (a.id < b.id ? -1 : 1)),
    );
    expect(await inUseMismatches(t.app.db, destination)).toEqual([]);
  });
});
