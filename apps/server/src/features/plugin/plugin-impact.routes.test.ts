import { PluginId } from '@console/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { entry, type PluginClient, pluginClient } from './plugin-details.test-data.ts';

// issue 15 over HTTP: /api/plugin/draft/impact says, per entry, who changes case and configuration.

const { DUEL } = PluginId;

describe('/api/plugin/draft/impact', () => {
  let t: TestApp;
  let p: PluginClient;
  beforeAll(async () => {
    t = await createTestApp();
    p = pluginClient(t, await t.login('draft-impact@example.com'));
  });
  const impactOf = async (pluginId: number) =>
    (await p.c.payloadOf('/api/plugin/draft/impact', { pluginId })).entries;

  it('counts the case moves of a newer version and the configuration changes of the draft', async () => {
    const [a, b, c] = await p.configs('duel', 3);
    const abTestId = await p.abTest({ versions: [[400_000, 600_000]] });
    await p.saveDraft(DUEL, [entry(abTestId, 0, [a!, b!])]);
    expect((await p.activateCall(DUEL)).statusCode).toBe(200);

    // Same version, Case 2 gets another configuration: 60% of the segment changes configuration, no one moves.
    await p.saveDraft(DUEL, [entry(abTestId, 0, [a!, c!])]);
    expect(await impactOf(DUEL)).toEqual([
      expect.objectContaining({
        abTestId,
        abTestVersion: 0,
        change: 'kept',
        impact: expect.objectContaining({
          sentence: 'No player changes case',
          configurationChanged: 600_000,
          configurationSentence: "60.00% of the players in this test's segment get another configuration",
        }),
      }),
    ]);

    // A newer version 30/70 with the same configurations: 10% move from Case 1 (a) to Case 2 (b).
    const version = await p.newVersion(abTestId, [300_000, 700_000]);
    await p.saveDraft(DUEL, [entry(abTestId, version, [a!, b!])]);
    const [moved] = await impactOf(DUEL);
    expect(moved.impact).toMatchObject({
      sentence: '10.00% of players in this test move: 10.00% from Case 1 to Case 2',
      configurationChanged: 100_000,
    });
  });

  it('says a removed entry takes the configuration from every player who had one, and refuses an unknown plugin id', async () => {
    const [a] = await p.configs('duel', 1);
    const abTestId = await p.abTest({ versions: [[250_000, 750_000]] });
    await p.saveDraft(DUEL, [entry(abTestId, 0, ['', a!])]);
    const activated = await p.activateCall(DUEL);
    expect(activated.statusCode, activated.body).toBe(200);
    await p.saveDraft(DUEL, []);
    const entries = await impactOf(DUEL);
    expect(entries.find((item: { abTestId: string }) => item.abTestId === abTestId)).toMatchObject({
      change: 'removed',
      impact: { configurationChanged: 750_000, sentence: 'No player changes case' },
    });
    expect((await p.c.call('/api/plugin/draft/impact', { pluginId: 9999 })).statusCode).toBe(400);
  });
});
