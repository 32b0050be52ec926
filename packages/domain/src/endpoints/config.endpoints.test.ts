import { describe, expect, it } from 'vitest';
import { CONFIG_KIND_IDS } from '../config/config-kinds.ts';
import { ALL_ENDPOINTS, api } from './index.ts';

describe('configuration endpoints', () => {
  it('declares the family for every kind, with the kind (and its prefix) in the path', () => {
    for (const kind of CONFIG_KIND_IDS) {
      const family = api.config.kinds[kind];
      expect(Object.values(family).map((endpoint) => endpoint.path)).toEqual(
        [
          'list',
          'search',
          'list/active',
          'list/recent',
          'activate',
          'create',
          'duplicate',
          'duplicate/reassign',
          'get',
          'save',
          'delete',
        ].map((call) => `/api/config/${kind}/${call}`),
      );
    }
    expect(api.config.kinds['event/gr'].list.path).toBe('/api/config/event/gr/list');
    expect(api.config.kinds['plugin/nuf'].save.path).toBe('/api/config/plugin/nuf/save');
  });

  it('lists every configuration call in ALL_ENDPOINTS, each path once', () => {
    const paths = ALL_ENDPOINTS.map((endpoint) => endpoint.path);
    const configPaths = paths.filter(
      (path) => path.startsWith('/api/config/') || path.startsWith('/api/plugin/config/'),
    );
    expect(configPaths).toHaveLength(CONFIG_KIND_IDS.length * 11 + 6 + 1);
    expect(configPaths).toEqual(
      expect.arrayContaining([
        '/api/plugin/config/list',
        '/api/plugin/config/search',
        '/api/plugin/config/search/picker',
        '/api/plugin/config/warnings',
        '/api/plugin/config/list-active',
        '/api/plugin/config/construction-items',
        '/api/config/*',
      ]),
    );
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('checks a create body against its own kind, naming data.kind', () => {
    const result = api.config.kinds.ar.create.body.safeParse({
      id: 'spring',
      description: 'Spring',
      data: { kind: 'duel' },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['data', 'kind']);
  });
});
