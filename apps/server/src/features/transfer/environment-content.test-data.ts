import type { SegmentCondition } from '@console/domain/abtest';
import type { ConfigKindId } from '@console/domain/config';
import type { EnvironmentFile } from '@console/domain/environment-file';
import type { PluginEntry } from '@console/domain/plugin';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/helpers.ts';
import { validItem } from '../config/config.test-data.ts';

// Test data of the environment file suites: an environment's content described as a plan and made
// over HTTP as operators make it (so what a file holds is what the console really stores), and the
// export and import calls.

export interface AbTestPlan {
  id: string;
  description: string;
  /** 0 sticky, 10 dynamic, 20 rollout (two cases). */
  type: 0 | 10 | 20;
  /** Each version's weights, saved in order (versions 0, 1, ...). */
  versions: number[][];
  /** Versions 0 .. activated - 1 are activated, in order (each reassigns the split's ranges). */
  activated: number;
  /** The A/B-test switched on (needs an active version). */
  isActive: boolean;
  segment: SegmentCondition[];
  caseDescriptions: string[];
}

export interface PluginPlan {
  pluginId: number;
  description: string;
  /** The draft: entries of A/B-tests (by index in the plan) at their latest version, with configurations. */
  draft: { abTest: number; configurations: string[] }[];
  /** The draft is activated (its versions become active) before the switch is set. */
  activateDraft: boolean;
  isOn: boolean;
}

export interface ContentPlan {
  release: {
    maxLevel: number;
    nextMaxLevel: number;
    remindVersion: string;
    minimumVersion: string;
    keyValue: string;
  };
  abTests: AbTestPlan[];
  configurations: { id: string; kind: ConfigKindId; description: string; isActive: boolean }[];
  plugins: PluginPlan[];
}

/** A plan holding a bit of everything: three A/B-tests, duel and race configurations, two plugins. */
export function examplePlan(prefix: string): ContentPlan {
  const id = (name: string) => `${prefix}-${name}`.slice(0, 36);
  return {
    release: {
      maxLevel: 40,
      nextMaxLevel: 60,
      remindVersion: '1.4.0',
      minimumVersion: '1.2',
      keyValue: 'sale=on;',
    },
    abTests: [
      {
        id: id('duel-split'),
        description: 'Duel split',
        type: 0,
        versions: [
          [300_000, 700_000],
          [500_000, 500_000],
        ],
        activated: 0,
        isActive: false,
        segment: [{ property: 2, op: 1, value: 'ios' }],
        caseDescriptions: ['control', 'treatment'],
      },
      {
        id: id('race-rollout'),
        description: 'Race rollout',
        type: 20,
        versions: [
          [900_000, 100_000],
          [500_000, 500_000],
          [200_000, 800_000],
        ],
        activated: 2,
        isActive: true,
        segment: [],
        caseDescriptions: [],
      },
      {
        id: id('unused'),
        description: '',
        type: 10,
        versions: [],
        activated: 0,
        isActive: false,
        segment: [{ property: 20, op: 1, value: 'true' }],
        caseDescriptions: [],
      },
    ],
    configurations: [
      { id: id('duel-a'), kind: 'duel', description: 'Duel A', isActive: true },
      { id: id('duel-b'), kind: 'duel', description: 'Duel B', isActive: true },
      { id: id('race'), kind: 'ar', description: 'Agility race', isActive: false },
    ],
    plugins: [
      {
        pluginId: 4,
        description: 'Duel event, weekend edition',
        draft: [{ abTest: 0, configurations: [id('duel-a'), id('duel-b')] }],
        activateDraft: true,
        isOn: true,
      },
      {
        pluginId: 2,
        description: 'Agility race event',
        draft: [{ abTest: 1, configurations: ['', id('race')] }],
        activateDraft: false,
        isOn: false,
      },
    ],
  };
}

export function environmentContent(t: TestApp, cookie: string) {
  let counter = 0;
  const call = (url: string, body: unknown, environment: string) =>
    t.post(`${url}?configuration=${environment}`, body, cookie);
  const payloadOf = async (url: string, body: unknown, environment: string) => {
    const response = await call(url, body, environment);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json().payload;
  };

  /** A new empty environment (plugins and release info at their defaults). */
  async function newEnvironment(prefix = 'env'): Promise<string> {
    const id = `${prefix}-${++counter}-${Date.now().toString(36)}`.slice(0, 36);
    await payloadOf('/api/configuration/save', { configurationId: id }, 'dev');
    return id;
  }

  /** Makes the plan's content in the environment, as an operator would. */
  async function fill(environment: string, plan: ContentPlan): Promise<void> {
    const { release } = plan;
    await payloadOf(
      '/api/release/content/set',
      {
        releaseInfo: { nextReleaseTimeMs: 0, maxLevel: release.maxLevel, nextMaxLevel: release.nextMaxLevel },
      },
      environment,
    );
    const { remindVersion, minimumVersion } = release;
    await payloadOf(
      '/api/release/client/set',
      { releaseInfo: { remindVersion, minimumVersion } },
      environment,
    );
    await payloadOf('/api/release/kv/set', { keyValue: release.keyValue }, environment);

    for (const abTest of plan.abTests) {
      const { id, description, type } = abTest;
      await payloadOf('/api/abtest/create', { id, description, type }, environment);
      // The segment first: an active A/B-test's segment cannot be changed
      await payloadOf(
        '/api/segment/save',
        { abTestId: id, segment: { conditions: abTest.segment } },
        environment,
      );
      if (abTest.caseDescriptions.length > 0) {
        await payloadOf(
          '/api/abtest/save/case-descriptions',
          { id, descriptions: abTest.caseDescriptions },
          environment,
        );
      }
      for (const weights of abTest.versions) {
        await payloadOf('/api/abtest/versions/save', { id, weights }, environment);
      }
      for (let version = 0; version < abTest.activated; version += 1) {
        await payloadOf('/api/abtest/activate/version', { id, version }, environment);
      }
      if (abTest.isActive) await payloadOf('/api/abtest/activate/test', { id, active: true }, environment);
    }
    for (const configuration of plan.configurations) {
      const item = validItem(configuration.kind, configuration.id, {
        description: configuration.description,
        active: configuration.isActive,
      });
      await payloadOf(`/api/config/${configuration.kind}/create`, item, environment);
    }
    for (const plugin of plan.plugins) {
      const { pluginId } = plugin;
      await payloadOf(
        '/api/plugin/set/description',
        { pluginId, description: plugin.description },
        environment,
      );
      const entries: PluginEntry[] = plugin.draft.map(({ abTest, configurations }) => ({
        abTestId: plan.abTests[abTest]!.id,
        abTestVersion: plan.abTests[abTest]!.versions.length - 1,
        configurations,
      }));
      const details = await payloadOf('/api/plugin/get', { pluginId }, environment);
      const saved = await payloadOf(
        '/api/plugin/draft/abtest',
        { pluginId, configurations: entries, draftRevision: details.data.draftRevision },
        environment,
      );
      if (plugin.activateDraft) {
        await payloadOf(
          '/api/plugin/draft/activate',
          { pluginId, draftRevision: saved.data.draftRevision },
          environment,
        );
      }
      if (plugin.isOn) await payloadOf('/api/plugin/activate', { pluginId, active: true }, environment);
    }
  }

  /** What is not content, so no file may carry it: a NICE token, a runtime key, a grant and a progression. */
  async function addSecretsAndPlayerData(environment: string, token: string): Promise<void> {
    await payloadOf('/api/nice/set', { niceConfig: { authToken: token } }, environment);
    await payloadOf('/api/runtime-keys/create', { name: 'game-server-key' }, environment);
    await payloadOf(
      '/api/compensation/send/consumable',
      { userId: 'player-7', item: 'Coin', amount: 25 },
      environment,
    );
    await payloadOf(
      '/api/player/progression',
      { userId: 'player-7', level: 12, eoc: 1, streak: 2 },
      environment,
    );
  }

  const exportOf = (environment: string): Promise<EnvironmentFile> =>
    payloadOf('/api/configuration/export', undefined, environment);

  const importPreviewCall = (body: Record<string, unknown>) =>
    call('/api/configuration/import/preview', body, body.to as string);
  const importCall = (body: Record<string, unknown>) =>
    call('/api/configuration/import', body, body.to as string);

  /** Preview, then import with the preview's token; answers the import's response. */
  async function importFile(body: Record<string, unknown>) {
    const preview = await importPreviewCall(body);
    expect(preview.statusCode, preview.body).toBe(200);
    return importCall({ ...body, previewToken: preview.json().payload.previewToken });
  }

  /** The environment's latest runtime revision (what game servers receive). */
  const latestRevisionOf = async (environment: string): Promise<number> =>
    (await payloadOf('/api/runtime/revision/list', {}, environment)).latest;

  return {
    call,
    payloadOf,
    newEnvironment,
    fill,
    addSecretsAndPlayerData,
    exportOf,
    importPreviewCall,
    importCall,
    importFile,
    latestRevisionOf,
  };
}

export type EnvironmentContent = ReturnType<typeof environmentContent>;

/** The file with its environment's id replaced: two environments of equal content give equal files. */
export const withEnvironment = (file: EnvironmentFile, environment: string): EnvironmentFile => ({
  ...file,
  environment,
});
