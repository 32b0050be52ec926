import { type ConfigListItem, configKindOf, listConfigWarnings } from '@console/domain/config';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { addEntry, type ConfigClient, configClient, setPluginActive, validItem } from './config.test-data.ts';

// The configuration lists' optional paging {offset, limit} (lists that can grow paginate on
// the server): a page is a slice of the whole list in its order, with the same inUse and usedBy.

type ListItem = { extended: { id: string }; inUse: string; usedBy: unknown[] };

describe('configuration lists: pages', () => {
  const environment = 'config-pages';
  let t: TestApp;
  let c: ConfigClient;
  const wsIds = Array.from({ length: 5 }, (_, index) => `page-ws-${index}`);
  const arIds = ['page-ar-0', 'page-ar-1'];

  beforeAll(async () => {
    t = await createTestApp();
    c = configClient(t, await t.login('pages@example.com'));
    await c.payloadOf('/api/configuration/save', { configurationId: environment });
    for (const id of [...wsIds].reverse())
      await c.payloadOf('/api/config/ws/create', validItem('ws', id), environment);
    for (const id of arIds) await c.payloadOf('/api/config/ar/create', validItem('ar', id), environment);
    // page-ws-2 is served now (active plugin, active set, active A/B-test); page-ws-3 is in a draft.
    const abTestId = 'page-ab';
    await c.payloadOf('/api/abtest/create', { id: abTestId, type: 0 }, environment);
    const { version } = await c.payloadOf(
      '/api/abtest/versions/save',
      { id: abTestId, weights: [1_000_000] },
      environment,
    );
    await c.payloadOf('/api/abtest/activate/version', { id: abTestId, version }, environment);
    await c.payloadOf('/api/abtest/activate/test', { id: abTestId, active: true }, environment);
    const plugin = configKindOf('ws').pluginName;
    await setPluginActive(t, plugin, true, environment);
    await addEntry(t, {
      plugin,
      set: 'active',
      abTestId,
      configurations: ['page-ws-2'],
      environmentId: environment,
    });
    await addEntry(t, {
      plugin,
      set: 'draft',
      abTestId,
      configurations: ['page-ws-3'],
      environmentId: environment,
    });
  });

  const listOf = async (url: string, body?: unknown) =>
    (await c.payloadOf(url, body, environment)) as ListItem[];
  const idsOf = (items: readonly ListItem[]) => items.map((item) => item.extended.id);

  it('/api/config/{kind}/list answers one page by id for {offset, limit}, each item as in the whole list', async () => {
    const whole = await listOf('/api/config/ws/list');
    expect(idsOf(whole)).toEqual(wsIds);
    expect(whole.map((item) => item.inUse)).toEqual(['unused', 'unused', 'live', 'assigned', 'unused']);

    expect(await listOf('/api/config/ws/list', { offset: 1, limit: 3 })).toEqual(whole.slice(1, 4));
    expect(idsOf(await listOf('/api/config/ws/list', { offset: 4, limit: 3 }))).toEqual(['page-ws-4']);
    expect(await listOf('/api/config/ws/list', { offset: 5, limit: 3 })).toEqual([]);
    expect(idsOf(await listOf('/api/config/ws/list', { limit: 2 }))).toEqual(['page-ws-0', 'page-ws-1']);
    expect(idsOf(await listOf('/api/config/ws/list', { offset: 3 }))).toEqual(['page-ws-3', 'page-ws-4']);
    expect(await listOf('/api/config/ws/list', {})).toEqual(whole);
    expect(await listOf('/api/config/ws/list', null)).toEqual(whole);
  });

  it('/api/plugin/config/list pages every kind by id', async () => {
    const whole = await listOf('/api/plugin/config/list');
    expect(idsOf(whole)).toEqual([...arIds, ...wsIds]);
    const pages = [];
    for (let offset = 0; offset < whole.length + 3; offset += 3)
      pages.push(...(await listOf('/api/plugin/config/list', { offset, limit: 3 })));
    expect(pages).toEqual(whole);
    expect(await listOf('/api/plugin/config/list', { offset: 3, limit: 2 })).toEqual(whole.slice(3, 5));
  });

  it.each([
    [{ limit: 0 }, /^limit: limit must be at least 1/],
    [{ limit: 1001 }, /^limit: limit must be at most 1000/],
    [{ offset: -1 }, /^offset: offset must be at least 0/],
    [{ offset: 1.5 }, /^offset: offset must be a whole number/],
    [{ page: 2 }, /^body: /],
  ])('refuses the page %j with 400 naming the field', async (body, message) => {
    for (const url of ['/api/config/ws/list', '/api/plugin/config/list']) {
      const response = await c.call(url, body, environment);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error, url).toMatch(message);
    }
  });

  it('/api/plugin/config/warnings answers the warnings the domain rule gives over the whole list', async () => {
    // More disabled ws, and ar no entry points at: each type has something to say.
    for (const id of ['page-ws-0', 'page-ws-3'])
      await c.payloadOf('/api/config/ws/activate', { id, active: false }, environment);
    for (const id of ['page-ar-2', 'page-ar-3'])
      await c.payloadOf('/api/config/ar/create', validItem('ar', id), environment);
    const whole = (await c.payloadOf('/api/plugin/config/list', undefined, environment)) as ConfigListItem[];
    const expected = listConfigWarnings(whole);
    expect(expected.map((warning) => warning.code)).toEqual(['many-disabled', 'many-disabled']);
    expect(await c.payloadOf('/api/plugin/config/warnings', undefined, environment)).toEqual(expected);
  });
});
