import { PluginId } from '@console/domain/enums';
import { DEFAULT_PLUGIN_DESCRIPTIONS } from '@console/domain/operations';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { entry, type PluginClient, pluginClient } from './plugin-details.test-data.ts';

// Over HTTP and a real PostgreSQL: /api/plugin/get, /set/description, /draft/abtest.

const { AGILITY_RACE: RACE, DUEL, END_OF_CONTENT: EOC } = PluginId;

describe('plugin details: get, description, draft autosave', () => {
  let t: TestApp;
  let p: PluginClient;
  beforeAll(async () => {
    t = await createTestApp();
    p = pluginClient(t, await t.login('details@example.com'));
  });

  it('answers a plugin with empty active set and draft, revision 0, and no A/B-tests', async () => {
    expect(await p.get(DUEL)).toEqual({
      id: DUEL,
      name: 'DUEL',
      active: false,
      description: DEFAULT_PLUGIN_DESCRIPTIONS.DUEL,
      created: expect.any(Number),
      modified: expect.any(Number),
      lastModifier: '',
      data: { active: [], draft: [], activeRevision: 0, draftRevision: 0, draftBaseRevision: 0 },
      abTests: [],
    });
  });

  it('answers 404 "Plugin not found" for a plugin the environment lacks, 400 for an unknown id', async () => {
    await t.app.db.plugin.deleteMany({ where: { environmentId: 'stable', id: DUEL } });
    const missing = await p.c.call('/api/plugin/get', { pluginId: DUEL }, 'stable');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'Plugin not found' });
    const unknown = await p.c.call('/api/plugin/get', { pluginId: 999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toContain('pluginId 999 is not a known plugin');
  });

  it('saves the description trimmed at once, audited with the plugin as target', async () => {
    const saved = await p.c.payloadOf('/api/plugin/set/description', {
      pluginId: EOC,
      description: '  End screen  ',
    });
    expect(saved).toMatchObject({ id: EOC, description: 'End screen', lastModifier: 'details@example.com' });
    expect((await p.get(EOC)).description).toBe('End screen');
    expect((await p.pluginAudit('END_OF_CONTENT'))[0]).toMatchObject({
      action: 'plugin.description.set',
      attributes: { before: DEFAULT_PLUGIN_DESCRIPTIONS.END_OF_CONTENT, description: 'End screen' },
    });
    const tooLong = await p.c.call('/api/plugin/set/description', {
      pluginId: EOC,
      description: 'x'.repeat(101),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toContain('description must be at most 100 characters');
  });

  it('autosaves the whole draft: revision +1, entries in order, their A/B-tests answered, audited', async () => {
    const [first, second] = await p.configs('ar', 2);
    const one = await p.abTest({ versions: [[500_000, 500_000]] });
    const two = await p.abTest({ versions: [[1_000_000], [300_000, 300_000, 400_000]] });
    const draft = [entry(two, 1, ['', first!, second!]), entry(one, 0, [first!, second!])];
    const saved = await p.saveDraft(RACE, draft, { draftRevision: 0 });
    expect(saved.data).toEqual({
      active: [],
      draft,
      activeRevision: 0,
      draftRevision: 1,
      draftBaseRevision: 0,
    });
    expect(saved.abTests.map((abTest) => abTest.id)).toEqual([one, two].sort());
    expect(saved.abTests.find((abTest) => abTest.id === two)?.usedBy).toEqual([RACE]);
    expect(await p.get(RACE)).toEqual(saved);
    expect((await p.pluginAudit('AGILITY_RACE'))[0]).toMatchObject({
      action: 'plugin.draft.save',
      email: 'details@example.com',
      attributes: { draftRevision: 1, baseRevision: 0, before: [], entries: draft },
    });
    // The next edit, on the new revision, wins: reordered and one removed.
    const next = await p.saveDraft(RACE, [draft[1]!], { draftRevision: 1 });
    expect(next.data).toMatchObject({ draft: [draft[1]], draftRevision: 2 });
  });

  it('refuses (409) an autosave made on an older draft revision, leaving the draft as it is', async () => {
    const [config] = await p.configs('duel', 1);
    const abTestId = await p.abTest();
    await p.saveDraft(DUEL, [entry(abTestId, 0, [config!, ''])]);
    const before = await p.get(DUEL);
    const stale = await p.saveDraftCall(DUEL, [], { draftRevision: before.data.draftRevision - 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe(
      `The draft of DUEL was changed meanwhile (you edited revision ${before.data.draftRevision - 1}, it is now revision ${before.data.draftRevision}); reload the plugin and edit again`,
    );
    expect(await p.get(DUEL)).toEqual(before);
  });

  it('names what it refuses: unknown A/B-test, version, case count, configuration, kind, one id per entry', async () => {
    const [duelConfig] = await p.configs('duel', 1);
    const [raceConfig] = await p.configs('ar', 1);
    const abTestId = await p.abTest();
    const refusals: [unknown[], number, string][] = [
      [[entry('no-such-test', 0, [])], 404, "AB-test 'no-such-test' not found"],
      [[entry(abTestId, 3, ['', ''])], 404, `Version 3 of AB-test '${abTestId}' not found`],
      [
        [entry(abTestId, 0, [''])],
        409,
        `AB-test '${abTestId}' version 0 has 2 cases, but the entry has 1 configurations; reload it`,
      ],
      [[entry(abTestId, 0, ['nope', ''])], 404, "Configuration 'nope' not found"],
      [
        [entry(abTestId, 0, [raceConfig!, ''])],
        409,
        `Configuration '${raceConfig}' is not a configuration of DUEL`,
      ],
      [
        [entry(abTestId, 0, [duelConfig!, duelConfig!])],
        400,
        `Configuration '${duelConfig}' is chosen for more than one case of AB-test '${abTestId}'`,
      ],
      [
        [entry(abTestId, 0, ['', '']), entry(abTestId, 0, ['', ''])],
        400,
        `AB-test '${abTestId}' is added to the draft twice`,
      ],
    ];
    const before = await p.get(DUEL);
    for (const [entries, status, message] of refusals) {
      const response = await p.saveDraftCall(DUEL, entries as never);
      expect(response.statusCode, message).toBe(status);
      expect(response.json().error).toContain(message);
    }
    expect(await p.get(DUEL)).toEqual(before);
    const missing = await p.c.call(
      '/api/plugin/draft/abtest',
      { pluginId: DUEL, configurations: [], draftRevision: 0 },
      'stable',
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Plugin not found');
  });

  it('re-bases the draft only on the current active revision', async () => {
    const current = await p.get(EOC);
    const wrongBase = await p.saveDraftCall(EOC, [], { baseRevision: current.data.activeRevision + 1 });
    expect(wrongBase.statusCode).toBe(409);
    expect(wrongBase.json().error).toBe(
      `The active set of END_OF_CONTENT is revision ${current.data.activeRevision}, not ${current.data.activeRevision + 1}; reload the plugin`,
    );
    const rebased = await p.saveDraft(EOC, [], { baseRevision: current.data.activeRevision });
    expect(rebased.data.draftBaseRevision).toBe(current.data.activeRevision);
  });
});
