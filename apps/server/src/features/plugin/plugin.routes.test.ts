import { DEFAULT_PLUGIN_DESCRIPTIONS, PLUGIN_IDS, type TransferItem } from '@console/domain/operations';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { testConsoleContext } from '../../testing/context.ts';
import { seedEnvironments } from '../environment/environment.service.ts';
import { pluginTransferGroup } from './plugin.transfer-group.ts';

describe('plugins', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login('plugins@example.com');
  });

  const call = async (url: string, body?: unknown, environment = 'dev') =>
    t.post(`${url}?configuration=${environment}`, body, cookie);
  const payloadOf = async (url: string, body?: unknown, environment = 'dev') =>
    (await call(url, body, environment)).json().payload;
  const auditOf = (environment: string) => t.auditEntries(cookie, environment);
  const pluginAudit = async (environment: string, target?: string) =>
    (await auditOf(environment)).filter(
      (entry) => entry.action.startsWith('plugin.') && (!target || entry.target === target),
    );

  it('lists every plugin of the enumeration (UNSUPPORTED aside), inactive, with default descriptions', async () => {
    const list = await payloadOf('/api/plugin/list');
    expect(list.map((plugin: { id: number }) => plugin.id)).toEqual([...PLUGIN_IDS]);
    expect(list).toHaveLength(19);
    expect(list[3]).toEqual({
      id: 4,
      name: 'DUEL',
      active: false,
      description: DEFAULT_PLUGIN_DESCRIPTIONS.DUEL,
      created: expect.any(Number),
      modified: expect.any(Number),
      lastModifier: '',
    });
  });

  it('gives environments created later every plugin too, and start-up tops up idempotently', async () => {
    await t.post('/api/configuration/save', { configurationId: 'plugins-later' }, cookie);
    expect(await payloadOf('/api/plugin/list', undefined, 'plugins-later')).toHaveLength(19);
    await t.app.db.plugin.deleteMany({ where: { environmentId: 'stable', id: 105 } });
    await seedEnvironments(testConsoleContext(t.app), t.app.environmentSetup);
    await seedEnvironments(testConsoleContext(t.app), t.app.environmentSetup);
    const stable = await payloadOf('/api/plugin/list', undefined, 'stable');
    expect(stable.map((plugin: { id: number }) => plugin.id)).toEqual([...PLUGIN_IDS]);
  });

  it('maps plugin names to ids without UNSUPPORTED', async () => {
    const types = await payloadOf('/api/plugin/types');
    expect(Object.keys(types)).toHaveLength(19);
    expect(types).toMatchObject({ END_OF_CONTENT: 1, DUEL: 4, STORE: 100, OFFER_COMEBACK: 105 });
    expect(types).not.toHaveProperty('UNSUPPORTED');
  });

  it('activates a plugin, audits it, and lists it as enabled and grouped', async () => {
    const response = await call('/api/plugin/activate', { pluginId: 4, active: true });
    expect(response.statusCode).toBe(200);
    expect(response.json().payload).toMatchObject({
      id: 4,
      name: 'DUEL',
      active: true,
      lastModifier: 'plugins@example.com',
    });
    await call('/api/plugin/activate', { pluginId: 101, active: true });
    expect(await payloadOf('/api/plugin/list/enabled')).toEqual({ DUEL: 4, OFFER_THREE_IN_ONE: 101 });
    expect(await payloadOf('/api/plugin/list/enabled/grouped')).toEqual({
      events: { pluginIdList: [4] },
      offers: { pluginIdList: [101] },
    });
    expect((await pluginAudit('dev', 'DUEL'))[0]).toMatchObject({
      action: 'plugin.activate',
      target: 'DUEL',
      email: 'plugins@example.com',
      attributes: { pluginId: 4, active: true },
    });
    // Scoped to the environment: stable is untouched.
    expect(await payloadOf('/api/plugin/list/enabled', undefined, 'stable')).toEqual({});
    expect(await payloadOf('/api/plugin/list/enabled/grouped', undefined, 'stable')).toEqual({
      events: { pluginIdList: [] },
      offers: { pluginIdList: [] },
    });
  });

  it('treats asking for the current state as a no-op without an audit entry', async () => {
    const before = (await auditOf('dev')).length;
    const response = await call('/api/plugin/activate', { pluginId: 4, active: true });
    expect(response.json().payload).toMatchObject({ id: 4, active: true });
    expect((await auditOf('dev')).length).toBe(before);
  });

  it('deactivates a plugin as plugin.deactivate', async () => {
    const response = await call('/api/plugin/activate', { pluginId: 4, active: false });
    expect(response.json().payload).toMatchObject({ id: 4, active: false });
    expect((await pluginAudit('dev', 'DUEL'))[0]).toMatchObject({
      action: 'plugin.deactivate',
      attributes: { pluginId: 4, active: false },
    });
  });

  it.each([
    [{ pluginId: 0, active: true }, 'pluginId: pluginId 0 is not a known plugin'],
    [{ pluginId: 999, active: true }, 'pluginId: pluginId 999 is not a known plugin'],
    [{ pluginId: 'DUEL', active: true }, 'pluginId: pluginId must be a number'],
    [{ pluginId: 4 }, 'active: active must be true or false'],
  ])('refuses %j with 400 naming the field and writes no audit entry', async (body, message) => {
    const before = (await auditOf('dev')).length;
    const response = await call('/api/plugin/activate', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: message });
    expect((await auditOf('dev')).length).toBe(before);
  });

  it('answers 404 for a plugin missing from the environment', async () => {
    await t.app.db.plugin.deleteMany({ where: { environmentId: 'plugins-later', id: 13 } });
    const response = await call('/api/plugin/activate', { pluginId: 13, active: true }, 'plugins-later');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      error: 'Plugin DIVE_EVENT (13) not found in environment plugins-later',
    });
    expect(await pluginAudit('plugins-later')).toEqual([]);
  });

  it('audits exactly one change when the same switch is sent concurrently', async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => call('/api/plugin/activate', { pluginId: 100, active: true })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    expect(await pluginAudit('dev', 'STORE')).toHaveLength(1);
  });

  it('ends concurrent on/off toggles in a state matching one audit entry per change', async () => {
    const requests = Array.from({ length: 12 }, (_, index) => ({ pluginId: 12, active: index % 2 === 0 }));
    const responses = await Promise.all(requests.map((body) => call('/api/plugin/activate', body)));
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    const entries = (await pluginAudit('dev', 'NEW_USER_FLOW')).reverse(); // oldest first
    expect(entries.length).toBeGreaterThanOrEqual(1);
    // Each entry is a real change: they alternate, starting from the initial inactive state.
    expect(entries.map((entry) => entry.action)).toEqual(
      entries.map((_, index) => (index % 2 === 0 ? 'plugin.activate' : 'plugin.deactivate')),
    );
    const plugin = (await payloadOf('/api/plugin/list')).find((row: { id: number }) => row.id === 12);
    expect(plugin.active).toBe(entries.at(-1)!.action === 'plugin.activate');
  });

  it('needs a login', async () => {
    const response = await t.post('/api/plugin/list');
    expect(response.statusCode).toBe(401);
  });

  describe('transfer group', () => {
    const list = (environment: string) =>
      t.app.db.$transaction((tx) => pluginTransferGroup.list(tx, environment));

    it('lists one item per plugin with active, name and description, without A/B-test entries', async () => {
      await call('/api/plugin/activate', { pluginId: 7, active: true }, 'stable');
      const items = await list('stable');
      expect(items).toHaveLength(19);
      expect(items.find((item) => item.id === 7)).toEqual({
        id: 7,
        active: true,
        title: 'SPECIAL_OFFER',
        payload: { description: DEFAULT_PLUGIN_DESCRIPTIONS.SPECIAL_OFFER },
      });
    });

    it('writes state and description, and resets a removed known plugin', async () => {
      const item: TransferItem = {
        id: 9,
        active: true,
        title: 'BREAK_EVENT',
        payload: { description: 'Copied' },
      };
      await t.app.db.$transaction((tx) =>
        pluginTransferGroup.write(tx, 'prod', item, {
          email: 'mover@example.com',
          sourceEnvironmentId: 'dev',
        }),
      );
      const written = (await payloadOf('/api/plugin/list', undefined, 'prod')).find(
        (row: { id: number }) => row.id === 9,
      );
      expect(written).toMatchObject({
        active: true,
        description: 'Copied',
        lastModifier: 'mover@example.com',
      });
      expect((await list('prod')).find((row) => row.id === 9)).toMatchObject({ active: true });

      await t.app.db.$transaction((tx) =>
        pluginTransferGroup.remove(tx, 'prod', 9, {
          email: 'resetter@example.com',
          sourceEnvironmentId: 'dev',
        }),
      );
      const reset = (await payloadOf('/api/plugin/list', undefined, 'prod')).find(
        (row: { id: number }) => row.id === 9,
      );
      expect(reset).toMatchObject({ active: false, lastModifier: 'resetter@example.com' });
      expect((await list('prod')).find((row) => row.id === 9)).toEqual({
        id: 9,
        active: false,
        title: 'BREAK_EVENT',
        payload: { description: DEFAULT_PLUGIN_DESCRIPTIONS.BREAK_EVENT },
      });
    });
  });
});
