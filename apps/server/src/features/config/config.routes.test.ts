import { CONFIG_KIND_IDS, CONFIG_KINDS, CONSTRUCTION_ITEMS, configKindOf } from '@console/domain/config';
import { PluginId } from '@console/domain/enums';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { type ConfigClient, configClient, otherKindOf, validData, validItem } from './config.test-data.ts';

// Every route of every kind over HTTP and PostgreSQL (table-driven over the kinds registry), and the
// error classes of the product that do not involve plugins (config-usage.routes.test.ts has those).

describe('configurations: every route of every kind', () => {
  let t: TestApp;
  let c: ConfigClient;
  beforeAll(async () => {
    t = await createTestApp();
    c = configClient(t, await t.login('configs@example.com'));
  });

  describe.each(CONFIG_KIND_IDS)('%s', (kind) => {
    const definition = configKindOf(kind);
    const base = `/api/config/${kind}`;

    it('creates, gets, saves, lists, activates, duplicates and deletes, auditing each change', async () => {
      const id = c.uniqueId('k');
      const created = await c.payloadOf(`${base}/create`, validItem(kind, id, { description: '  First  ' }));
      expect(created).toEqual({
        id,
        description: 'First',
        activation: expect.objectContaining({ type: 2, minLevel: 60, maxEventDuration: 43_200 }),
        active: false,
        created: expect.any(Number),
        modified: expect.any(Number),
        lastModifier: 'configs@example.com',
        data: { ...validData(kind), kind },
      });
      expect(created.activation.weeklyOffer).toHaveLength(56);
      expect(await c.get(kind, id)).toEqual(created);

      // save: description and activation change, the answer is the stored item
      const saved = await c.payloadOf(`${base}/save`, {
        ...created,
        description: 'Second',
        activation: { ...created.activation, minLevel: 7 },
      });
      expect(saved).toMatchObject({
        id,
        description: 'Second',
        activation: { minLevel: 7 },
        data: created.data,
      });
      expect(saved.modified).toBeGreaterThanOrEqual(created.modified);
      expect(await c.get(kind, id)).toEqual(saved);

      // lists: the item with data{pluginId} and inUse
      const listed = {
        extended: {
          id,
          description: 'Second',
          active: false,
          created: created.created,
          modified: saved.modified,
          lastModifier: 'configs@example.com',
          data: { pluginId: definition.pluginId },
        },
        inUse: 'unused',
        usedBy: [],
        replacedBy: null,
      };
      expect(await c.payloadOf(`${base}/list`)).toContainEqual(listed);
      expect(await c.payloadOf(`${base}/list/recent`)).toContainEqual(listed);
      expect(await c.payloadOf('/api/plugin/config/list')).toContainEqual(listed);
      expect(await c.payloadOf(`${base}/list/active`)).not.toContainEqual(
        expect.objectContaining({ extended: expect.objectContaining({ id }) }),
      );

      // activate: the list's switch
      const activated = await c.payloadOf(`${base}/activate`, { id, active: true });
      expect(activated).toMatchObject({ id, active: true });
      const activeIds = (await c.payloadOf(`${base}/list/active`)).map(
        (item: { extended: { id: string } }) => item.extended.id,
      );
      expect(activeIds).toContain(id);
      const pluginActive = await c.payloadOf('/api/plugin/config/list-active', {
        pluginId: definition.pluginId,
      });
      expect(pluginActive.map((item: { extended: { id: string } }) => item.extended.id)).toContain(id);

      // duplicate: a copy under <id>-2, inactive, with the same values
      const copy = await c.payloadOf(`${base}/duplicate`, { id });
      expect(copy).toEqual({ configId: `${id}-2`, pluginName: definition.pluginName });
      expect(await c.get(kind, copy.configId)).toMatchObject({
        description: 'Second',
        active: false,
        activation: saved.activation,
        data: saved.data,
      });

      // delete
      expect(await c.payloadOf(`${base}/delete`, { id: copy.configId })).toEqual({ id: copy.configId });
      expect((await c.call(`${base}/get`, { id: copy.configId })).statusCode).toBe(404);

      const actions = (await c.auditOf(id)).map((entry) => entry.action);
      expect(actions).toEqual(['config.activate', 'config.save', 'config.create']);
      expect((await c.auditOf(copy.configId)).map((entry) => entry.action)).toEqual([
        'config.delete',
        'config.duplicate',
      ]);
      expect((await c.auditOf(id))[1]).toMatchObject({
        email: 'configs@example.com',
        attributes: {
          kind,
          before: { description: 'First', activation: created.activation },
          after: { description: 'Second', activation: saved.activation },
        },
      });
    });

    it('answers 404 naming a missing configuration on every call that takes an id', async () => {
      const item = validItem(kind, 'nowhere');
      for (const [call, body] of [
        ['get', { id: 'nowhere' }],
        ['save', item],
        ['activate', { id: 'nowhere', active: true }],
        ['duplicate', { id: 'nowhere' }],
        ['duplicate/reassign', item],
        ['delete', { id: 'nowhere' }],
      ] as const) {
        const response = await c.call(`${base}/${call}`, body);
        expect({ call, status: response.statusCode, body: response.json() }).toEqual({
          call,
          status: 404,
          body: { error: `${definition.label} configuration 'nowhere' not found`, code: 'NOT_FOUND' },
        });
      }
    });

    it('refuses an existing id on create with 409, whatever the kind holding it, and audits nothing', async () => {
      const id = c.uniqueId('dup');
      await c.create(kind, id);
      const other = otherKindOf(kind);
      for (const target of [kind, other]) {
        const response = await c.call(`/api/config/${target}/create`, validItem(target, id));
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({ error: `Configuration ID '${id}' already exists` });
      }
      expect(await c.auditOf(id)).toHaveLength(1);
      expect(await c.payloadOf(`/api/id/exist/config/${id}`)).toEqual({ exists: true });
    });

    it('refuses a body of another kind with 400 naming data.kind, and sees no configuration of another kind', async () => {
      const other = otherKindOf(kind);
      const response = await c.call(`${base}/create`, validItem(other, c.uniqueId('wrong')));
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(new RegExp(`^data\\.kind: Configuration kind must be '${kind}'`));
      const id = c.uniqueId('theirs');
      await c.create(other, id);
      const get = await c.call(`${base}/get`, { id });
      expect(get.statusCode).toBe(404);
      expect(get.json()).toMatchObject({ error: `${definition.label} configuration '${id}' not found` });
    });
  });

  describe('bodies', () => {
    it.each([
      ['ar', { id: '', description: 'x' }, /^id: Configuration ID is required/],
      ['ar', { id: 'a'.repeat(37), description: 'x' }, /^id: Configuration ID must be at most 36 characters/],
      [
        'ar',
        { id: 'has space', description: 'x' },
        /^id: Configuration ID may contain only letters, digits, - and _/,
      ],
      ['ar', { description: '   ' }, /^description: Description is required/],
      ['ar', { description: 'd'.repeat(101) }, /^description: Description must be at most 100 characters/],
      [
        'ar',
        { data: { ...validData('ar'), scoreTarget: 151 } },
        /^data\.scoreTarget: Race length must be at most 150/,
      ],
      [
        'duel',
        { data: { ...validData('duel'), defaultMovesLowerLimit: 9, defaultMovesUpperLimit: 8 } },
        /Default lower moves must be less than Default upper moves/,
      ],
      [
        'ar',
        { activation: { scheduleOffset: 7200, type: 10 } },
        /^activation\.scheduleOffset: Schedule offset must be at most 1h/,
      ],
      [
        'store-products',
        { data: { ...validData('store-products'), productIdList: [] } },
        /^data\.productIdList: Products must have at least 1 entry/,
      ],
      [
        'comeback-offer',
        { activation: { cooldown: 100, maxEventDuration: 50 } },
        /^activation\.cooldown: Cooldown \(deactivation duration\) must be at most/,
      ],
      // lists over their limit, refused before their entries are read
      [
        'ar',
        { activation: { weeklyOffer: Array(100_000).fill(null) } },
        /^activation\.weeklyOffer: Weekly schedule must have exactly 56 slots$/,
      ],
      [
        'store-products',
        { data: { ...validData('store-products'), productIdList: Array(100_000).fill(null) } },
        /^data\.productIdList: Products can have at most 4 entries$/,
      ],
    ] as const)('%s: %j is 400 naming the field', async (kind, override, message) => {
      const response = await c.call(`/api/config/${kind}/create`, {
        ...validItem(kind, c.uniqueId('bad')),
        ...override,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(message);
    });

    it('refuses /activate without active, and an unknown plugin id in list-active', async () => {
      const response = await c.call('/api/config/ar/activate', { id: 'x' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/^active: Active is required/);
      const unknown = await c.call('/api/plugin/config/list-active', { pluginId: 999 });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ error: 'Unknown plugin' });
    });
  });

  describe('unknown kinds and paths', () => {
    it.each([
      '/api/config/zz/list',
      '/api/config/event/zz/list',
      '/api/config/plugin/gr/get',
      '/api/config/AR/list',
      '/api/config/event/list',
      '/api/config/x',
    ])('%s answers 404 "Unknown plugin"', async (url) => {
      const response = await c.call(url, { id: 'x' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'Unknown plugin' });
    });

    it('a known kind with an unknown call is a plain 404, and the catch-all still needs a session', async () => {
      const response = await c.call('/api/config/ar/rename', {});
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'Not found: POST /api/config/ar/rename' });
      const anonymous = await t.post('/api/config/zz/list', {});
      expect(anonymous.statusCode).toBe(401);
      const environment = await c.call('/api/config/zz/list', {}, 'atlantis');
      expect(environment.json()).toMatchObject({ error: 'Unknown environment atlantis' });
    });
  });

  describe('lists across the environment', () => {
    it('keeps configurations per environment; /list is by id, /list/recent newest first (at most 10)', async () => {
      const environment = 'stable';
      const ids = Array.from({ length: 12 }, (_, index) => `order-${String(index).padStart(2, '0')}`);
      for (const id of [...ids].reverse())
        await c.payloadOf('/api/config/ws/create', validItem('ws', id), environment);
      const listed = (await c.payloadOf('/api/config/ws/list', undefined, environment)).map(
        (item: { extended: { id: string } }) => item.extended.id,
      );
      expect(listed).toEqual(ids);
      const recent = (await c.payloadOf('/api/config/ws/list/recent', undefined, environment)).map(
        (item: { extended: { id: string } }) => item.extended.id,
      );
      expect(recent).toEqual(ids.slice(0, 10));
      expect(await c.payloadOf('/api/config/ws/list', undefined, 'prod')).toEqual([]);
      expect((await c.call('/api/config/ws/get', { id: ids[0] }, 'prod')).statusCode).toBe(404);
      expect(await c.payloadOf(`/api/id/exist/config/${ids[0]}`, undefined, 'prod')).toEqual({
        exists: false,
      });
    });

    it('/api/plugin/config/list holds every kind, each with its plugin id', async () => {
      const environment = 'prod';
      for (const kind of CONFIG_KIND_IDS)
        await c.payloadOf(
          `/api/config/${kind}/create`,
          validItem(kind, `all-${kind.replace('/', '-')}`),
          environment,
        );
      const all = (await c.payloadOf('/api/plugin/config/list', undefined, environment)) as {
        extended: { id: string; data: { pluginId: number } };
      }[];
      expect(all.map((item) => [item.extended.id, item.extended.data.pluginId])).toEqual(
        [...CONFIG_KINDS]
          .map((definition) => [`all-${definition.id.replace('/', '-')}`, PluginId[definition.pluginName]])
          .sort(([a], [b]) => String(a).localeCompare(String(b))),
      );
    });

    it('/api/plugin/config/construction-items answers the lookup by id', async () => {
      const items = await c.payloadOf('/api/plugin/config/construction-items');
      expect(items).toEqual(CONSTRUCTION_ITEMS.map(({ id, name }) => ({ id, name })));
      expect(items[0]).toEqual({ id: 0, name: 'NormalPieces' });
    });
  });

  describe('no-change requests', () => {
    it('a save or activate that changes nothing answers the item and writes no audit entry', async () => {
      const id = c.uniqueId('same');
      const created = await c.create('build', id);
      expect(await c.payloadOf('/api/config/build/save', created)).toEqual(created);
      expect(await c.payloadOf('/api/config/build/activate', { id, active: false })).toEqual(created);
      expect(await c.auditOf(id)).toHaveLength(1);
    });
  });
});
