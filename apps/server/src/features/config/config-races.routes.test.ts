import { PluginId } from '@console/domain/enums';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, waitUntilLockWaiters } from '../../../test/helpers.ts';
import {
  activeAbTest,
  addEntry,
  type ConfigClient,
  configClient,
  pluginEntriesOf,
  setPluginActive,
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
});
