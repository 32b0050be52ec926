import type { AbTest, AbTestUsageResponse } from '@console/domain/abtest';
import type { ConfigListItem } from '@console/domain/config';
import { AbTestType, PluginId } from '@console/domain/enums';
import type { ActivateDraftResponse, PluginData, PluginDetails, PluginEntry } from '@console/domain/plugin';
import { fail, fakeApi, type Handler, ok } from '../../test/fakeApi.ts';
import { onePage } from '../../test/fakeSearch.ts';

export const CREATED = Date.UTC(2026, 0, 2, 3, 4);
const OPERATOR = 'op@example.com';

/** An A/B-test with the given versions ([cases, active] each, numbered from 0). */
export function anAbTest(
  id: string,
  versions: [cases: number[], active: boolean][],
  { active = false, caseDescriptions = [] as string[] } = {},
): AbTest {
  const current = versions.reduce((highest, [, isActive], version) => (isActive ? version : highest), -1);
  return {
    id,
    description: `About ${id}`,
    active,
    created: CREATED,
    modified: CREATED + 60_000,
    lastModifier: OPERATOR,
    usedBy: [],
    data: {
      type: AbTestType.StickySegmentation,
      version: current,
      cases: versions[current]?.[0] ?? [],
      caseDescriptions,
      versions: versions.map(([cases, isActive], version) => ({
        version,
        active: isActive,
        cases,
        created: CREATED + version,
        lastModifier: OPERATOR,
      })),
      segment: { conditions: [] },
    },
  };
}

/** An activated Duel configuration as the configuration picker lists it. */
export function aDuelConfig(id: string): ConfigListItem {
  return {
    extended: {
      id,
      description: `Duel ${id}`,
      active: true,
      created: CREATED,
      modified: CREATED,
      lastModifier: OPERATOR,
      data: { pluginId: PluginId.DUEL },
    },
    inUse: 'unused',
    usedBy: [],
    replacedBy: null,
  };
}

export function aDuelPlugin(data: Partial<PluginData> = {}, abTests: AbTest[] = []): PluginDetails {
  return {
    id: PluginId.DUEL,
    name: 'DUEL',
    active: true,
    description: 'Duel event',
    created: CREATED,
    modified: CREATED,
    lastModifier: OPERATOR,
    data: { active: [], draft: [], activeRevision: 3, draftRevision: 7, draftBaseRevision: 3, ...data },
    abTests,
  };
}

interface FakePluginServerOptions {
  plugin: PluginDetails;
  /** Every A/B-test of the environment (the picker's list, /abtest/get). */
  abTests: AbTest[];
  configs?: ConfigListItem[];
  usage?(body: { abTestId: string; abTestVersion: number }): AbTestUsageResponse;
  activate?: Handler;
  extra?: Record<string, Handler>;
}

/**
 * The plugin details calls over one in-memory plugin: autosaves replace its draft (409 unless sent with
 * the current draft revision) and bump the revision, as the server does.
 */
export function fakePluginServer({
  plugin,
  abTests,
  configs = [],
  usage,
  activate,
  extra = {},
}: FakePluginServerOptions) {
  const state = { plugin };
  const abTestsOf = (entries: readonly PluginEntry[]) =>
    abTests.filter((abTest) => entries.some((entry) => entry.abTestId === abTest.id));
  const api = fakeApi({
    '/api/auth/me': () => ok({ email: OPERATOR }),
    '/api/configuration/list': () => ok(['dev']),
    '/api/plugin/get': ({ body }) =>
      (body as { pluginId: number }).pluginId === state.plugin.id
        ? ok(state.plugin)
        : fail(404, 'Plugin not found'),
    '/api/plugin/set/description': ({ body }) => {
      state.plugin = { ...state.plugin, description: (body as { description: string }).description };
      return ok(state.plugin);
    },
    '/api/plugin/draft/abtest': ({ body }) => {
      const sent = body as { configurations: PluginEntry[]; draftRevision: number; baseRevision?: number };
      const { data } = state.plugin;
      if (sent.draftRevision !== data.draftRevision)
        return fail(409, 'The draft of DUEL was changed meanwhile');
      const draft = sent.configurations;
      state.plugin = {
        ...state.plugin,
        data: {
          ...data,
          draft,
          draftRevision: data.draftRevision + 1,
          draftBaseRevision: sent.baseRevision ?? data.draftBaseRevision,
        },
        abTests: abTestsOf([...data.active, ...draft]),
      };
      return ok(state.plugin);
    },
    '/api/plugin/abtest-usage': ({ body }) =>
      ok(usage?.(body as { abTestId: string; abTestVersion: number }) ?? { validUsages: [], fatal: [] }),
    '/api/plugin/draft/activate': activate ?? (() => ok({ updated: [PluginId.DUEL], error: [] })),
    '/api/abtest/search/picker': () =>
      onePage(
        abTests.map(({ id, active, data, description }) => ({
          id,
          active,
          version: data.version,
          description,
        })),
      ),
    '/api/abtest/get': ({ body }) => {
      const found = abTests.find((abTest) => abTest.id === (body as { id: string }).id);
      return found ? ok(found) : fail(404, 'AB-test not found');
    },
    '/api/plugin/config/search/picker': () =>
      onePage(configs.map(({ extended }) => ({ id: extended.id, description: extended.description }))),
    ...extra,
  });
  return {
    ...api,
    state,
    /** What the server holds changes behind the screen's back (another operator). */
    setPlugin(next: PluginDetails) {
      state.plugin = next;
    },
    savedDrafts: () =>
      api
        .callsTo('/api/plugin/draft/abtest')
        .map((call) => (call.body as { configurations: unknown }).configurations),
  };
}

export const activated = (updated: number[], error: [number, string][] = []): ActivateDraftResponse => ({
  updated,
  error,
});
