import { PluginId } from '@console/domain/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  entry,
  lockQueue,
  PLUGIN_ROW_LOCK,
  type PluginClient,
  pluginClient,
} from './plugin-details.test-data.ts';

// "A stale draft never reverts a live change", concurrent autosaves and activations. Each
// race queues the competing requests on a row lock held from outside, in a known order, then
// releases them together; the invariant: one active set per plugin, revisions strictly increasing.

const { AGILITY_RACE: RACE, END_OF_CONTENT: EOC, DIVE_EVENT: DIVE, WIN_STREAK: STREAK } = PluginId;

describe('plugin details: stale drafts and races', () => {
  let t: TestApp;
  let p: PluginClient;
  const locks = { queue: undefined as unknown as ReturnType<typeof lockQueue> };
  beforeAll(async () => {
    t = await createTestApp();
    p = pluginClient(t, await t.login('races@example.com'));
    locks.queue = lockQueue(t.databaseUrl);
    await locks.queue.connect();
  });
  afterAll(async () => {
    await locks.queue?.end();
  });

  const queuedOnPlugin = <T>(pluginId: number, requests: (() => Promise<T>)[]) =>
    locks.queue.queued(PLUGIN_ROW_LOCK, [pluginId], requests);

  /** The plugin's revisions as its draft.activate / draft.save / entries.reassign audit entries tell them, oldest first. */
  const auditedRevisions = async (pluginName: string, field: 'activeRevision' | 'draftRevision') =>
    (await p.pluginAudit(pluginName))
      .map((row) => row.attributes[field])
      .filter((revision): revision is number => typeof revision === 'number')
      .reverse();

  const isStrictlyIncreasing = (values: readonly number[]) =>
    values.every((value, index) => index === 0 || value > values[index - 1]!);

  it('re-bases a draft the configurations flow moved, its pending version copied so it still activates', async () => {
    await p.c.payloadOf('/api/plugin/activate', { pluginId: RACE, active: true });
    const [c1, c2] = await p.configs('ar', 2);
    const abTestId = await p.abTest();
    await p.saveDraft(RACE, [entry(abTestId, 0, [c1!, c2!])]);
    expect((await p.activateCall(RACE)).statusCode).toBe(200);
    await p.c.payloadOf('/api/abtest/activate/test', { id: abTestId, active: true });

    // The operator's next draft, on a new version, made on active set revision 1.
    const next = await p.newVersion(abTestId);
    const made = await p.saveDraft(RACE, [entry(abTestId, next, [c2!, c1!])]);
    // Someone edits the live configuration: "Update is not allowed", and Ok moves the plugin.
    const stored = await p.c.get('ar', c1!);
    const edited = { ...stored, data: { ...stored.data, scoreTarget: 77 } };
    expect((await p.c.call('/api/config/ar/save', edited)).statusCode).toBe(409);
    const { configId, draftsToReview } = await p.c.payloadOf('/api/config/ar/duplicate/reassign', edited);
    // The draft moved with the active set, so it is re-based (not stale); its pending version would be
    // below the flow's version 2, so the flow gives it an inactive copy, version 3: nothing to review.
    expect(draftsToReview).toEqual([]);
    const copied = next + 2;
    const moved = await p.get(RACE);
    expect(moved.data).toMatchObject({
      active: [entry(abTestId, 2, [configId, c2!])],
      draft: [entry(abTestId, copied, [c2!, configId])],
      activeRevision: 2,
      draftRevision: made.data.draftRevision + 1,
      draftBaseRevision: 2,
    });

    // Activates as it is, and the live change (the edited copy) is what the plugin keeps serving.
    const activated = await p.activateCall(RACE);
    expect(activated.json().payload).toEqual({ updated: [RACE], error: [] });
    expect((await p.get(RACE)).data).toMatchObject({
      active: [entry(abTestId, copied, [c2!, configId])],
      activeRevision: 3,
      draftBaseRevision: 3,
    });
    expect(await auditedRevisions('AGILITY_RACE', 'activeRevision')).toEqual([1, 2, 3]);
  });

  it('two autosaves of one draft revision: the first wins, the second is refused', async () => {
    const [a, b] = await p.configs('eoc', 2);
    const abTestId = await p.abTest();
    const { draftRevision } = (await p.get(EOC)).data;
    const first = [entry(abTestId, 0, [a!, b!])];
    const second = [entry(abTestId, 0, [b!, a!])];
    const [one, two] = await queuedOnPlugin(EOC, [
      () => p.saveDraftCall(EOC, first, { draftRevision }),
      () => p.saveDraftCall(EOC, second, { draftRevision }),
    ]);
    expect([one!.statusCode, two!.statusCode]).toEqual([200, 409]);
    expect(two!.json().error).toContain(`it is now revision ${draftRevision + 1}`);
    expect((await p.get(EOC)).data).toMatchObject({ draft: first, draftRevision: draftRevision + 1 });
    // Each autosave made on the revision the previous one answered wins: the last write on the current revision.
    const third = await p.saveDraft(EOC, second, { draftRevision: draftRevision + 1 });
    await p.saveDraft(EOC, first, { draftRevision: third.data.draftRevision });
    expect((await p.get(EOC)).data).toMatchObject({ draft: first, draftRevision: draftRevision + 3 });
    expect(await auditedRevisions('END_OF_CONTENT', 'draftRevision')).toEqual([1, 2, 3]);
  });

  it('two activations of one draft: one activates, the other is refused; the version is activated once', async () => {
    const [a, b] = await p.configs('ds', 2);
    const abTestId = await p.abTest();
    await p.saveDraft(DIVE, [entry(abTestId, 0, [a!, b!])]);
    const { data } = await p.get(DIVE);
    const [one, two] = await queuedOnPlugin(DIVE, [
      () => p.activateCall(DIVE, data.draftRevision),
      () => p.activateCall(DIVE, data.draftRevision),
    ]);
    expect([one!.statusCode, two!.statusCode]).toEqual([200, 409]);
    expect(two!.json().error).toContain('The draft of DIVE_EVENT was changed meanwhile');
    expect((await p.get(DIVE)).data).toMatchObject({
      active: data.draft,
      activeRevision: data.activeRevision + 1,
      draftRevision: data.draftRevision + 1,
    });
    const activations = (await p.c.auditOf(abTestId)).filter(
      (row) => row.action === 'abtest.version.activate',
    );
    expect(activations).toHaveLength(1);
  });

  it('two plugins sharing a version activated at once: the first takes both, the second is refused', async () => {
    const [r1, r2] = await p.configs('ws', 2);
    const [e1, e2] = await p.configs('eoc', 2);
    const shared = await p.abTest();
    await p.saveDraft(STREAK, [entry(shared, 0, [r1!, r2!])]);
    await p.saveDraft(EOC, [entry(shared, 0, [e1!, e2!])]);
    const before = { streak: (await p.get(STREAK)).data, eoc: (await p.get(EOC)).data };
    // Both queue on the WIN_STREAK row: the first holds the A/B-test row, the second waits for it.
    const [streak, eoc] = await queuedOnPlugin(STREAK, [
      () => p.activateCall(STREAK, before.streak.draftRevision),
      () => p.activateCall(EOC, before.eoc.draftRevision),
    ]);
    expect(streak!.json().payload).toEqual({ updated: [STREAK, EOC], error: [] });
    expect(eoc!.statusCode).toBe(409);
    for (const [pluginId, previous] of [
      [STREAK, before.streak],
      [EOC, before.eoc],
    ] as const) {
      expect((await p.get(pluginId)).data).toMatchObject({
        active: previous.draft,
        activeRevision: previous.activeRevision + 1,
        draftBaseRevision: previous.activeRevision + 1,
      });
    }
    for (const name of ['WIN_STREAK', 'END_OF_CONTENT']) {
      expect(isStrictlyIncreasing(await auditedRevisions(name, 'activeRevision'))).toBe(true);
      expect(isStrictlyIncreasing(await auditedRevisions(name, 'draftRevision'))).toBe(true);
    }
  });

  it('many autosaves and activations on one draft revision at once: exactly one succeeds', async () => {
    const [a, b] = await p.configs('ar', 2);
    const abTestId = await p.abTest();
    await p.saveDraft(RACE, [entry(abTestId, 0, [a!, b!])], {
      baseRevision: (await p.get(RACE)).data.activeRevision,
    });
    const { data } = await p.get(RACE);
    const responses = await Promise.all([
      ...[0, 1, 2].map(() => p.activateCall(RACE, data.draftRevision)),
      ...[0, 1, 2].map(() => p.saveDraftCall(RACE, [entry(abTestId, 0, [b!, a!])], data)),
    ]);
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    const after = (await p.get(RACE)).data;
    expect(after.draftRevision).toBe(data.draftRevision + 1);
    const activated = statuses.slice(0, 3).includes(200);
    expect(after.activeRevision).toBe(data.activeRevision + (activated ? 1 : 0));
    expect(isStrictlyIncreasing(await auditedRevisions('AGILITY_RACE', 'activeRevision'))).toBe(true);
  });

  it('an A/B-test added to a draft cannot be deleted by a delete queued behind it (FOR SHARE)', async () => {
    const [a] = await p.configs('ds', 1);
    const abTestId = await p.abTest();
    const [save, remove] = await queuedOnPlugin(DIVE, [
      () => p.saveDraftCall(DIVE, [entry(abTestId, 0, [a!, ''])]),
      () => p.c.call('/api/abtest/delete', { id: abTestId }),
    ]);
    expect(save!.statusCode).toBe(200);
    expect(remove!.statusCode).toBe(409);
    expect(remove!.json().error).toBe(
      `AB-test '${abTestId}' is used by plugins ${DIVE} and cannot be deleted`,
    );
  });

  it('a configuration save queued behind the activation that makes it live sees it live (FOR SHARE)', async () => {
    await p.c.payloadOf('/api/plugin/activate', { pluginId: DIVE, active: true });
    const [c1, c2] = await p.configs('ds', 2);
    const abTestId = await p.abTest({ activeVersions: [0], active: true });
    const next = await p.newVersion(abTestId);
    await p.saveDraft(DIVE, [entry(abTestId, next, [c1!, c2!])], {
      baseRevision: (await p.get(DIVE)).data.activeRevision,
    });
    const stored = await p.c.get('ds', c1!);
    const [activation, save] = await queuedOnPlugin(DIVE, [
      () => p.activateCall(DIVE),
      () =>
        p.c.call('/api/config/ds/save', {
          ...stored,
          description: 'x',
          activation: { ...stored.activation, minLevel: 61 },
        }),
    ]);
    expect(activation!.statusCode, activation!.body).toBe(200);
    expect(save!.statusCode).toBe(409);
    expect(save!.json().error).toMatch(/^Update is not allowed:/);
  });
});
