import { PluginId } from '@console/domain/enums';
import { DISABLED_PLUGIN_CONFIGURATION_SENTENCE, INACTIVE_TEST_SENTENCE } from '@console/domain/runtime';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { entry, type PluginClient, pluginClient } from './plugin-details.test-data.ts';

// Over HTTP: /api/plugin/draft/impact says, per entry, who changes case and configuration,
// for the plugin and for every plugin its activation carries along; an inactive test moves nobody.

const { AGILITY_RACE: RACE, BUILD_EVENT: BUILD, DUEL, END_OF_CONTENT: EOC, WIN_STREAK: STREAK } = PluginId;

describe('/api/plugin/draft/impact', () => {
  let t: TestApp;
  let p: PluginClient;
  beforeAll(async () => {
    t = await createTestApp();
    p = pluginClient(t, await t.login('draft-impact@example.com'));
    // Plugins start switched off; a switched-off plugin serves nobody (its own case below).
    for (const pluginId of [DUEL, RACE, EOC, STREAK])
      await p.c.payloadOf('/api/plugin/activate', { pluginId, active: true });
  });
  const impactOf = (pluginId: number) => p.c.payloadOf('/api/plugin/draft/impact', { pluginId });
  const switchOn = (id: string) => p.c.payloadOf('/api/abtest/activate/test', { id, active: true });

  it('counts the case moves of a newer version and the configuration changes of the draft', async () => {
    const [a, b, c] = await p.configs('duel', 3);
    const abTestId = await p.abTest({ versions: [[400_000, 600_000]] });
    await p.saveDraft(DUEL, [entry(abTestId, 0, [a!, b!])]);
    expect((await p.activateCall(DUEL)).statusCode).toBe(200);
    await switchOn(abTestId);

    // Same version, Case 2 gets another configuration: 60% of the segment changes configuration, no one moves.
    await p.saveDraft(DUEL, [entry(abTestId, 0, [a!, c!])]);
    expect(await impactOf(DUEL)).toEqual({
      entries: [
        expect.objectContaining({
          abTestId,
          abTestVersion: 0,
          change: 'kept',
          impact: expect.objectContaining({
            sentence: 'No player changes case',
            configurationChanged: 600_000,
            configurationSentence: "60.00% of the players in this test's segment get another configuration",
            unaffected: null,
          }),
        }),
      ],
      alongside: [],
    });

    // A newer version 30/70 with the same configurations: 10% move from Case 1 (control) (a) to Case 2 (b).
    const version = await p.newVersion(abTestId, [300_000, 700_000]);
    await p.saveDraft(DUEL, [entry(abTestId, version, [a!, b!])]);
    const [moved] = (await impactOf(DUEL)).entries;
    expect(moved.impact).toMatchObject({
      sentence: '10.00% of players in this test move: 10.00% from Case 1 (control) to Case 2',
      configurationChanged: 100_000,
    });
  });

  it('says a removed entry takes the configuration from every player who had one, and refuses an unknown plugin id', async () => {
    const [a] = await p.configs('duel', 1);
    const abTestId = await p.abTest({ versions: [[250_000, 750_000]] });
    await p.saveDraft(DUEL, [entry(abTestId, 0, ['', a!])]);
    const activated = await p.activateCall(DUEL);
    expect(activated.statusCode, activated.body).toBe(200);
    await switchOn(abTestId);
    await p.saveDraft(DUEL, []);
    const { entries } = await impactOf(DUEL);
    expect(entries.find((item: { abTestId: string }) => item.abTestId === abTestId)).toMatchObject({
      change: 'removed',
      impact: { configurationChanged: 750_000, sentence: 'No player changes case' },
    });
    expect((await p.c.call('/api/plugin/draft/impact', { pluginId: 9999 })).statusCode).toBe(400);
  });

  it('lists every plugin activated alongside with its entries and figures, as the activation then does', async () => {
    const [r1, r2] = await p.configs('ar', 2);
    const [e1, e2, e3] = await p.configs('eoc', 3);
    const shared = await p.abTest({ versions: [[400_000, 600_000]] });
    await p.saveDraft(RACE, [entry(shared, 0, [r1!, r2!])]);
    await p.saveDraft(EOC, [entry(shared, 0, [e1!, e2!])]);
    expect((await p.activateCall(RACE)).json().payload.updated).toEqual([RACE, EOC]);
    await switchOn(shared);

    // Version 1 (30/70): RACE keeps its configurations, END_OF_CONTENT's draft gives Case 2 another one.
    const next = await p.newVersion(shared, [300_000, 700_000]);
    await p.saveDraft(RACE, [entry(shared, next, [r1!, r2!])]);
    await p.saveDraft(EOC, [entry(shared, next, [e1!, e3!])]);
    const moves = '10.00% of players in this test move: 10.00% from Case 1 (control) to Case 2';
    const impact = await impactOf(RACE);
    expect(impact.entries).toMatchObject([
      { abTestId: shared, abTestVersion: next, impact: { sentence: moves, configurationChanged: 100_000 } },
    ]);
    // END_OF_CONTENT: the 10% moving from e1 to Case 2 and the 60% staying in Case 2 go to e3.
    expect(impact.alongside).toEqual([
      {
        pluginId: EOC,
        pluginName: 'END_OF_CONTENT',
        entries: [
          {
            abTestId: shared,
            abTestVersion: next,
            change: 'kept',
            impact: {
              moves: { moved: 100_000, flows: [{ from: 0, to: 1, buckets: 100_000 }] },
              everyoneResplit: false,
              sentence: moves,
              configurationChanged: 700_000,
              configurationSentence: "70.00% of the players in this test's segment get another configuration",
              unaffected: null,
            },
          },
        ],
      },
    ]);

    expect((await p.activateCall(RACE)).json().payload).toEqual({ updated: [RACE, EOC], error: [] });
    // Done: both drafts are the active sets, so a second activation would move nobody.
    const after = await impactOf(RACE);
    expect(after.entries[0].impact).toMatchObject({ moves: { moved: 0 }, configurationChanged: 0 });
    expect(after.alongside).toEqual([]);
  });

  it('says no player is affected by an entry whose test is inactive, which the activation leaves inactive', async () => {
    const [w1, w2, w3] = await p.configs('ws', 3);
    const idle = await p.abTest({ versions: [[500_000, 500_000]] });
    await p.saveDraft(STREAK, [entry(idle, 0, [w1!, w2!])]);
    const unaffected = {
      moves: { moved: 0, flows: [] },
      everyoneResplit: false,
      sentence: INACTIVE_TEST_SENTENCE,
      configurationChanged: 0,
      configurationSentence: 'No player changes configuration',
      unaffected: 'abtest-inactive',
    };
    // Even a first version, which would place everyone from no case, places nobody: the test serves no one.
    expect((await impactOf(STREAK)).entries).toEqual([
      { abTestId: idle, abTestVersion: 0, change: 'added', impact: unaffected },
    ]);
    expect((await p.activateCall(STREAK)).statusCode).toBe(200);

    const next = await p.newVersion(idle, [100_000, 900_000]);
    await p.saveDraft(STREAK, [entry(idle, next, [w3!, w2!])]);
    expect((await impactOf(STREAK)).entries).toEqual([
      { abTestId: idle, abTestVersion: next, change: 'kept', impact: unaffected },
    ]);
    expect((await p.activateCall(STREAK)).statusCode).toBe(200);
    // What the figure assumed: the version is active, the test still is not.
    const abTest = await p.c.payloadOf('/api/abtest/get', { id: idle });
    expect({ active: abTest.active, version: abTest.data.version }).toEqual({ active: false, version: next });
  });

  it("counts a switched-off plugin's test moves but no configuration change", async () => {
    const [b1, b2] = await p.configs('build', 2);
    const abTestId = await p.abTest({ versions: [[500_000, 500_000]] });
    await p.saveDraft(BUILD, [entry(abTestId, 0, [b1!, b2!])]);
    expect((await p.activateCall(BUILD)).statusCode).toBe(200);
    await switchOn(abTestId);
    await p.saveDraft(BUILD, [entry(abTestId, await p.newVersion(abTestId, [400_000, 600_000]), [b2!, b1!])]);
    expect((await impactOf(BUILD)).entries[0].impact).toMatchObject({
      sentence: '10.00% of players in this test move: 10.00% from Case 1 (control) to Case 2',
      configurationChanged: 0,
      configurationSentence: DISABLED_PLUGIN_CONFIGURATION_SENTENCE,
      unaffected: 'plugin-disabled',
    });
  });
});
