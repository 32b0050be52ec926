import { PluginId } from '@console/domain/enums';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { entry, type PluginClient, pluginClient } from './plugin-details.test-data.ts';

// Over HTTP and a real PostgreSQL: /api/plugin/abtest-usage and /api/plugin/draft/activate,
// co-activation of plugins sharing a version, fatals, and the stale-draft 409.

const { AGILITY_RACE: RACE, END_OF_CONTENT: EOC, ENDURANCE_RACE: ER, DUEL, DIVE_EVENT: DIVE } = PluginId;

describe('plugin details: usage and activation', () => {
  let t: TestApp;
  let p: PluginClient;
  beforeAll(async () => {
    t = await createTestApp();
    p = pluginClient(t, await t.login('activate@example.com'));
  });

  const versionsOf = async (id: string) =>
    (await p.c.payloadOf('/api/abtest/get', { id })).data.versions.map(
      (version: { version: number; active: boolean }) => [version.version, version.active],
    );

  it('activates a draft: it becomes the active set, its versions are activated, revisions increase', async () => {
    const [a, b] = await p.configs('duel', 2);
    const abTestId = await p.abTest();
    const draft = [entry(abTestId, 0, [a!, b!])];
    await p.saveDraft(DUEL, draft);
    expect(await p.usage(DUEL, abTestId, 0)).toEqual({ validUsages: [], fatal: [] });
    const before = await p.get(DUEL);

    const response = await p.activateCall(DUEL);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().payload).toEqual({ updated: [DUEL], error: [] });
    const after = await p.get(DUEL);
    expect(after.data).toEqual({
      active: draft,
      draft,
      activeRevision: before.data.activeRevision + 1,
      draftRevision: before.data.draftRevision + 1,
      draftBaseRevision: before.data.activeRevision + 1,
    });
    expect(await versionsOf(abTestId)).toEqual([[0, true]]);
    expect((await p.pluginAudit('DUEL'))[0]).toMatchObject({
      action: 'plugin.draft.activate',
      attributes: {
        activeRevision: 1,
        draftRevision: before.data.draftRevision + 1,
        before: [],
        entries: draft,
        versions: [{ abTestId, version: 0 }],
        alongside: [],
        skipped: [],
      },
    });
    const versionAudit = (await p.c.auditOf(abTestId)).find(
      (row) => row.action === 'abtest.version.activate',
    );
    expect(versionAudit?.attributes).toEqual({
      version: 0,
      previousVersion: -1,
      cases: [500_000, 500_000],
      reason: 'plugin.draft.activate',
      plugin: 'DUEL',
    });
  });

  it('takes the refusal’s way out: a new version with the same weights, the entry moved to it, activates', async () => {
    const [config] = await p.configs('ds', 1);
    // The trap: the version activated by hand, then the test, before a draft used them.
    const live = await p.abTest({ versions: [[300_000, 700_000]], activeVersions: [0], active: true });
    await p.saveDraft(DIVE, [entry(live, 0, ['', config!])]);
    const refused = await p.activateCall(DIVE);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain(
      `All versions of AB-test '${live}' are already active: save a new version and leave it inactive, move this entry to it, and activating the draft turns it on`,
    );

    const next = await p.newVersion(live, [300_000, 700_000]);
    await p.saveDraft(DIVE, [entry(live, next, ['', config!])]);
    const activated = await p.activateCall(DIVE);
    expect(activated.statusCode, activated.body).toBe(200);
    expect(await versionsOf(live)).toEqual([
      [0, true],
      [1, true],
    ]);
    expect((await p.get(DIVE)).data.active).toEqual([entry(live, 1, ['', config!])]);
  });

  it('refuses an invalid draft with the product’s messages, and a draft changed since it was validated', async () => {
    const empty = await p.activateCall(ER);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().error).toBe(
      'The draft of ENDURANCE_RACE cannot be activated: No AB-test configuration added',
    );

    const [config] = await p.configs('er', 1);
    const locked = await p.abTest({ activeVersions: [0], active: true });
    const fresh = await p.abTest();
    await p.saveDraft(ER, [entry(locked, 0, [config!, '']), entry(fresh, 0, ['', ''])]);
    const invalid = await p.activateCall(ER);
    expect(invalid.statusCode).toBe(409);
    expect(invalid.json().error).toBe(
      `The draft of ENDURANCE_RACE cannot be activated: The AB-test ${locked} has an invalid configuration; ` +
        `The AB-test ${locked} has an empty configuration that is not control; ` +
        `The AB-test ${fresh} has an empty configuration that is not control; ` +
        `All versions of AB-test '${locked}' are already active: save a new version and leave it inactive, move this entry to it, and activating the draft turns it on`,
    );
    expect(await p.usage(ER, locked, 0)).toEqual({
      validUsages: [],
      fatal: [
        [
          ER,
          `All versions of AB-test '${locked}' are already active: save a new version and leave it inactive, move this entry to it, and activating the draft turns it on`,
        ],
      ],
    });

    const { draftRevision } = (await p.get(ER)).data;
    const changed = await p.activateCall(ER, draftRevision - 1);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error).toBe(
      `The draft of ENDURANCE_RACE was changed meanwhile (you edited revision ${draftRevision - 1}, it is now revision ${draftRevision}); reload the plugin and edit again`,
    );
    expect((await p.get(ER)).data.activeRevision).toBe(0);
  });

  it('co-activates plugins sharing a version, blocks while one would be left on the old version', async () => {
    const [race1, race2] = await p.configs('ar', 2);
    const [eoc1, eoc2] = await p.configs('eoc', 2);
    const shared = await p.abTest();

    // Both drafts on version 0 of an inactive test: activating one activates the other alongside.
    await p.saveDraft(RACE, [entry(shared, 0, [race1!, race2!])]);
    await p.saveDraft(EOC, [entry(shared, 0, [eoc1!, eoc2!])]);
    expect(await p.usage(RACE, shared, 0)).toEqual({ validUsages: [EOC], fatal: [] });
    const first = await p.activateCall(RACE);
    expect(first.json().payload).toEqual({ updated: [RACE, EOC], error: [] });
    expect((await p.get(EOC)).data).toMatchObject({
      active: [entry(shared, 0, [eoc1!, eoc2!])],
      activeRevision: 1,
      draftBaseRevision: 1,
    });
    expect((await p.pluginAudit('END_OF_CONTENT'))[0]).toMatchObject({
      action: 'plugin.draft.activate',
      attributes: { with: 'AGILITY_RACE', versions: [{ abTestId: shared, version: 0 }] },
    });
    await p.c.payloadOf('/api/abtest/activate/test', { id: shared, active: true });

    // A new three-case version: END_OF_CONTENT serves version 0 and has no draft for version 1.
    const next = await p.newVersion(shared, [400_000, 300_000, 300_000]);
    await p.saveDraft(RACE, [entry(shared, next, ['', race1!, race2!])]);
    const fatal = `END_OF_CONTENT serves AB-test '${shared}' version 0 and its draft has no entry for version ${next}`;
    expect(await p.usage(RACE, shared, next)).toEqual({ validUsages: [], fatal: [[EOC, fatal]] });
    const blocked = await p.activateCall(RACE);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error).toBe(`The draft of AGILITY_RACE cannot be activated: ${fatal}`);
    expect(await versionsOf(shared)).toEqual([
      [0, true],
      [1, false],
    ]);

    // END_OF_CONTENT's draft follows, with an empty non-control case: still fatal, saying why.
    await p.saveDraft(EOC, [entry(shared, next, [eoc1!, '', eoc2!])]);
    expect((await p.usage(RACE, shared, next)).fatal).toEqual([
      [
        EOC,
        `END_OF_CONTENT serves AB-test '${shared}' version 0; its draft for version ${next} cannot be activated alongside: The AB-test ${shared} has an empty configuration that is not control`,
      ],
    ]);

    // Filled: both move to version 1 in one activation.
    await p.saveDraft(EOC, [entry(shared, next, ['', eoc1!, eoc2!])]);
    expect(await p.usage(RACE, shared, next)).toEqual({ validUsages: [EOC], fatal: [] });
    const both = await p.activateCall(RACE);
    expect(both.json().payload).toEqual({ updated: [RACE, EOC], error: [] });
    expect((await p.get(RACE)).data.active).toEqual([entry(shared, next, ['', race1!, race2!])]);
    expect((await p.get(EOC)).data).toMatchObject({
      active: [entry(shared, next, ['', eoc1!, eoc2!])],
      activeRevision: 2,
    });
    expect(await versionsOf(shared)).toEqual([
      [0, true],
      [1, true],
    ]);
  });

  it('answers, in error, a plugin whose draft holds the version but cannot follow, without blocking', async () => {
    const shared = await p.abTest();
    const other = await p.abTest();
    const [w1, w2] = await p.configs('ws', 2);
    const [b1, b2] = await p.configs('build', 2);
    await p.saveDraft(PluginId.WIN_STREAK, [entry(shared, 0, [w1!, w2!])]);
    // BUILD_EVENT serves nothing of `shared`, and its draft also needs `other` version 0.
    await p.saveDraft(PluginId.BUILD_EVENT, [entry(shared, 0, [b1!, b2!]), entry(other, 0, [b1!, b2!])]);
    expect(await p.usage(PluginId.WIN_STREAK, shared, 0)).toEqual({ validUsages: [], fatal: [] });
    const response = await p.activateCall(PluginId.WIN_STREAK);
    expect(response.json().payload).toEqual({
      updated: [PluginId.WIN_STREAK],
      error: [
        [
          PluginId.BUILD_EVENT,
          `its draft also needs version 0 of AB-test '${other}', which this activation does not activate`,
        ],
      ],
    });
    expect((await p.get(PluginId.BUILD_EVENT)).data).toMatchObject({ active: [], activeRevision: 0 });
    expect((await p.pluginAudit('WIN_STREAK'))[0]?.attributes).toMatchObject({
      skipped: [['BUILD_EVENT', expect.stringContaining(other)]],
    });
  });

  it('answers 404 for a missing plugin, A/B-test or version on usage', async () => {
    const abTestId = await p.abTest();
    const cases: [unknown, string][] = [
      [{ pluginId: DUEL, abTestId: 'nope', abTestVersion: 0 }, "AB-test 'nope' not found"],
      [{ pluginId: DUEL, abTestId, abTestVersion: 5 }, `Version 5 of AB-test '${abTestId}' not found`],
    ];
    for (const [body, message] of cases) {
      const response = await p.c.call('/api/plugin/abtest-usage', body);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe(message);
    }
    await t.app.db.plugin.deleteMany({ where: { environmentId: 'stable', id: DUEL } });
    for (const [path, body] of [
      ['/api/plugin/abtest-usage', { pluginId: DUEL, abTestId, abTestVersion: 0 }],
      ['/api/plugin/draft/activate', { pluginId: DUEL, draftRevision: 0 }],
      ['/api/plugin/set/description', { pluginId: DUEL, description: 'x' }],
    ] as const) {
      const response = await p.c.call(path, body, 'stable');
      expect(response.statusCode, path).toBe(404);
      expect(response.json().error).toBe('Plugin not found');
    }
  });
});
