import { CONFIG_KIND_IDS } from '@console/domain/config';
import { ALL_ENDPOINTS } from '@console/domain/endpoints';
import { ErrorCode } from '@console/domain/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import { validItem } from '../src/features/config/config.test-data.ts';
import { environmentContent, examplePlan } from '../src/features/transfer/environment-content.test-data.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Every content call of the endpoint table is refused in an environment that requires review
// (docs/product.md, Change requests, "Proposing"), for an admin too: each mutating call of the table is
// made with a body that would change the environment's content, and must answer 409 REVIEW_REQUIRED. The
// code is given by the unit of work's review check, after the call's validation and rules, so seeing it
// proves the call reached its change. A mutating call the walk has no body for fails it, so a new call is
// walked, or listed as exempt here with why. The environment's content is unchanged at the end.

const ADMIN = 'walk-admin@example.com';

/** Mutating calls that are not content changes (AUDIT_REVIEW_CLASSES exempt), and why. */
const EXEMPT: Record<string, string> = {
  '/api/compensation/send/consumable': 'a player operation',
  '/api/player/progression': 'a player operation',
  '/api/connections/close': 'a player operation (a game client connection)',
  '/api/configuration/save': 'creates another environment (console-wide)',
  '/api/experiment/metric/create': 'how results are measured, not what players receive',
  '/api/experiment/metric/save': 'how results are measured, not what players receive',
  '/api/experiment/metric/archive': 'how results are measured, not what players receive',
  '/api/experiment/results/decide': 'records a decision; the rollout it leads to is its own change',
};

type Body = Record<string, unknown> | undefined;

/** The configuration each kind's calls act on (generic kinds' ids carry their prefix: event/gr). */
const configIdOf = (kind: string) => `walk-${kind.replace('/', '-')}`;

describe('in an environment that requires review', () => {
  let t: TestApp;
  let admin: string;
  let environment: string;
  const bodies = new Map<string, Body>();
  const call = (path: string, body: Body, where = environment) =>
    t.post(`${path}?configuration=${where}`, body, admin);
  const ok = async (path: string, body: Body, where = environment) => {
    const response = await call(path, body, where);
    expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
    return response.json().payload;
  };

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: ADMIN });
    admin = await t.login(ADMIN);
    const content = environmentContent(t, admin);
    environment = await content.newEnvironment('walk');
    const prefix = environment.slice(0, 12);
    const id = (name: string) => `${prefix}-${name}`.slice(0, 36);
    await content.fill(environment, examplePlan(prefix));
    for (const kind of CONFIG_KIND_IDS) {
      await ok(`/api/config/${kind}/create`, validItem(kind, configIdOf(kind), { active: false }));
    }
    // A rollback's pin, so resume has one to lift
    const latest = (await ok('/api/runtime/revision/list', {})).latest as number;
    await ok('/api/runtime/revision/republish', { revision: latest });
    const plugin = (await ok('/api/plugin/get', { pluginId: 2 })).data;
    const transfer = { from: 'dev', to: environment, mode: 'merge' };
    const file = await ok('/api/configuration/export', undefined, 'dev');
    const importChoice = { to: environment, file, mode: 'merge' };

    const walked: Record<string, Body> = {
      '/api/abtest/create': { id: 'walk-new', description: '', type: 0 },
      '/api/abtest/save': { abTest: { id: id('unused'), description: 'walked' } },
      '/api/abtest/save/description': { id: id('unused'), description: 'walked' },
      '/api/abtest/save/case-descriptions': { id: id('duel-split'), descriptions: ['a', 'b'] },
      '/api/abtest/versions/save': { id: id('unused'), weights: [500_000, 500_000] },
      '/api/abtest/activate/test': { id: id('duel-split'), active: true },
      '/api/abtest/activate/version': { id: id('race-rollout'), version: 2 },
      '/api/abtest/rollout/apply': { id: id('race-rollout'), treatment: 30 },
      '/api/abtest/delete': { id: id('unused') },
      '/api/segment/save': { abTestId: id('unused'), segment: { conditions: [] } },
      '/api/plugin/activate': { pluginId: 2, active: true },
      '/api/plugin/set/description': { pluginId: 2, description: 'walked' },
      '/api/plugin/draft/abtest': {
        pluginId: 2,
        configurations: plugin.draft,
        draftRevision: plugin.draftRevision,
      },
      '/api/plugin/draft/activate': { pluginId: 2, draftRevision: plugin.draftRevision },
      '/api/release/content/set': { releaseInfo: { nextReleaseTimeMs: 0, maxLevel: 41, nextMaxLevel: 61 } },
      '/api/release/client/set': { releaseInfo: { remindVersion: '2.0.0', minimumVersion: '1.0' } },
      '/api/release/kv/set': { keyValue: 'walked=1;' },
      '/api/runtime/revision/republish': { revision: latest },
      '/api/runtime/revision/resume': undefined,
      '/api/configuration/transfer': {
        ...transfer,
        previewToken: (await ok('/api/configuration/transfer/preview', transfer)).previewToken,
      },
      '/api/configuration/import': {
        ...importChoice,
        previewToken: (await ok('/api/configuration/import/preview', importChoice)).previewToken,
      },
    };
    for (const kind of CONFIG_KIND_IDS) {
      const base = `/api/config/${kind}`;
      const made = configIdOf(kind);
      walked[`${base}/create`] = validItem(kind, `new-${made}`);
      walked[`${base}/save`] = validItem(kind, made, { description: 'walked', active: false });
      walked[`${base}/activate`] = { id: made, active: true };
      walked[`${base}/duplicate`] = { id: made };
      walked[`${base}/duplicate/reassign`] = validItem(kind, made, { description: 'copy', active: false });
      walked[`${base}/delete`] = { id: made };
    }
    for (const [path, body] of Object.entries(walked)) bodies.set(path, body);
    await ok('/api/change-request/policy/set', {
      isRequired: true,
      approvals: 1,
      allowSelfApproval: false,
      resetApprovalsOnChange: true,
    });
  });

  it('refuses every mutating content call of the endpoint table with REVIEW_REQUIRED and changes nothing', async () => {
    const before = await ok('/api/configuration/export', undefined);
    const mutating = ALL_ENDPOINTS.filter((endpoint) => endpoint.access === 'change');
    expect(mutating.length).toBeGreaterThan(100);
    const mismatches: string[] = [];
    for (const endpoint of mutating) {
      if (EXEMPT[endpoint.path] !== undefined) continue;
      if (!bodies.has(endpoint.path)) {
        mismatches.push(
          `${endpoint.path}: the walk has no body for it (walk it, or list it as exempt with why)`,
        );
        continue;
      }
      const response = await call(endpoint.path, bodies.get(endpoint.path));
      const code = response.statusCode === 409 ? response.json().code : undefined;
      if (code !== ErrorCode.ReviewRequired) {
        mismatches.push(`${endpoint.path}: ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
    }
    expect(mismatches).toEqual([]);
    expect(await ok('/api/configuration/export', undefined)).toEqual(before);
  });
});
