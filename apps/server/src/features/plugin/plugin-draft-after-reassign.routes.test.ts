import { PluginId } from '@console/domain/enums';
import { checkPluginDraft, moveEntryToVersion, planSameWeightsVersion } from '@console/domain/plugin';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { setPluginActive } from '../config/config.test-data.ts';
import { entry, type PluginClient, pluginClient } from './plugin-details.test-data.ts';

// Over HTTP and a real PostgreSQL: the plugin's draft after the "Update is not allowed" flow. A draft
// that was the active set is re-based with it and says so ("nothing to activate"), never "invalid
// configuration"; a new version with the same weights makes it activatable again.

const WS = PluginId.WIN_STREAK;

describe('the draft after the "Update is not allowed" flow', () => {
  let t: TestApp;
  let p: PluginClient;
  beforeAll(async () => {
    t = await createTestApp();
    p = pluginClient(t, await t.login('draft-flow@example.com'));
    await setPluginActive(t, 'WIN_STREAK', true);
  });

  it('re-bases a draft that was the active set: it still is, says so, and a new version activates a change', async () => {
    const [control, served, spare] = await p.configs('ws', 3);
    const abTestId = await p.abTest();
    await p.saveDraft(WS, [entry(abTestId, 0, [control!, served!])]);
    expect((await p.activateCall(WS)).statusCode).toBe(200);
    await p.c.payloadOf('/api/abtest/activate/test', { id: abTestId, active: true });
    const activated = await p.get(WS);
    expect(checkPluginDraft(activated.data, activated.abTests).messages).toEqual([
      'The draft is the active set: nothing to activate',
    ]);

    // Edit the served configuration, Save: refused; Ok: the copy, a new version, the entries moved.
    const stored = await p.c.get('ws', served!);
    const edited = { ...stored, activation: { ...stored.activation, minLevel: 3 } };
    const refused = await p.c.call('/api/config/ws/save', edited);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/^Update is not allowed:/);
    const copy = await p.c.payloadOf('/api/config/ws/duplicate/reassign', edited);
    expect(copy).toMatchObject({ configId: `${served}-2`, draftsToReview: [] });

    const after = await p.get(WS);
    const moved = [entry(abTestId, 1, [control!, copy.configId])];
    expect(after.data).toMatchObject({
      active: moved,
      draft: moved,
      activeRevision: activated.data.activeRevision + 1,
      draftBaseRevision: activated.data.activeRevision + 1,
    });
    const check = checkPluginDraft(after.data, after.abTests);
    expect(check).toEqual({
      isValid: false,
      isActiveSet: true,
      messages: ['The draft is the active set: nothing to activate'],
    });
    // Activating it is refused with the same words.
    const nothing = await p.activateCall(WS);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error).toBe(
      'The draft of WIN_STREAK cannot be activated: The draft is the active set: nothing to activate',
    );

    // "Start a new version": the same weights, the entry moved to it, then changed and activated.
    const abTest = after.abTests.find((candidate) => candidate.id === abTestId)!;
    const plan = planSameWeightsVersion(after.data.draft[0]!, abTest)!;
    expect(plan.next).toBe(2);
    expect(await p.newVersion(abTestId, plan.weights)).toBe(2);
    const started = moveEntryToVersion(after.data.draft[0]!, { version: 2, cases: plan.weights });
    const changed = await p.saveDraft(WS, [{ ...started, configurations: [control!, spare!] }]);
    expect(checkPluginDraft(changed.data, changed.abTests)).toMatchObject({
      isValid: true,
      isActiveSet: false,
    });
    const activation = await p.activateCall(WS);
    expect(activation.statusCode, activation.body).toBe(200);
    expect((await p.get(WS)).data.active).toEqual([entry(abTestId, 2, [control!, spare!])]);
  });

  it('re-bases a draft the operator was building on a pending version: a copy of it, still activatable', async () => {
    const [control, served, spare] = await p.configs('ws', 3);
    const abTestId = await p.abTest();
    await p.saveDraft(WS, [entry(abTestId, 0, [control!, served!])]);
    expect((await p.activateCall(WS)).statusCode).toBe(200);
    await p.c.payloadOf('/api/abtest/activate/test', { id: abTestId, active: true });
    // The operator's work: version 1 with other weights, the draft on it, the served configuration not in it.
    const pendingWeights = [400_000, 600_000];
    expect(await p.newVersion(abTestId, pendingWeights)).toBe(1);
    await p.saveDraft(WS, [entry(abTestId, 1, [control!, spare!])]);

    const stored = await p.c.get('ws', served!);
    const copy = await p.c.payloadOf('/api/config/ws/duplicate/reassign', {
      ...stored,
      activation: { ...stored.activation, minLevel: 4 },
    });
    expect(copy.draftsToReview).toEqual([]);

    // Version 2 is the flow's (active); version 3 the copy of the pending version 1, inactive.
    const after = await p.get(WS);
    expect(after.data.active).toEqual([entry(abTestId, 2, [control!, copy.configId])]);
    expect(after.data.draft).toEqual([entry(abTestId, 3, [control!, spare!])]);
    expect(after.data.draftBaseRevision).toBe(after.data.activeRevision);
    const versions = after.abTests.find((candidate) => candidate.id === abTestId)!.data.versions;
    expect(versions.map(({ version, active, cases }) => [version, active, cases])).toEqual([
      [0, true, [500_000, 500_000]],
      [1, false, pendingWeights],
      [2, true, [500_000, 500_000]],
      [3, false, pendingWeights],
    ]);
    expect(checkPluginDraft(after.data, after.abTests)).toEqual({
      isValid: true,
      isActiveSet: false,
      messages: [],
    });
    const activation = await p.activateCall(WS);
    expect(activation.statusCode, activation.body).toBe(200);
    expect((await p.get(WS)).data.active).toEqual([entry(abTestId, 3, [control!, spare!])]);
  });
});
