import { PluginId, SegmentOperation, SegmentProperty } from '@console/domain/enums';
import type { PreviewResponse, RuntimeContent } from '@console/domain/runtime';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { entry, type PluginClient, pluginClient } from '../plugin/plugin-details.test-data.ts';
import { buildRuntimeContent } from '../publishing/content.service.ts';

// Over HTTP: /api/runtime/preview answers what one player receives from each plugin with the
// reason for each plugin that gives nothing, against the served revision, a past one, or a draft.

const { AGILITY_RACE, END_OF_CONTENT, DUEL, GOLD_RUSH, COLLECTION_EVENT_TWO, WIN_STREAK, BUILD_EVENT } =
  PluginId;
const HOUR = 3_600_000;
const T0 = Date.UTC(2031, 4, 1, 12);
const EVERYONE_IN_CASE_1 = [1_000_000, 0];
const EVERYONE_IN_CASE_2 = [0, 1_000_000];

describe('player preview', () => {
  let t: TestApp;
  let p: PluginClient;
  beforeAll(async () => {
    t = await createTestApp();
    p = pluginClient(t, await t.login('preview@example.com'));
  });

  const preview = (body: unknown) => p.c.call('/api/runtime/preview', body);
  async function previewOf(body: Record<string, unknown>): Promise<PreviewResponse> {
    const response = await preview({ userId: 'player-1', level: 1000, ...body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().payload;
  }
  const pluginOf = (answer: PreviewResponse, pluginId: number) =>
    answer.resolution.plugins.find((plugin) => plugin.pluginId === pluginId)!;
  const linesOf = (answer: PreviewResponse, name: string) => {
    const start = answer.lines.findIndex((line) => line.startsWith(`${name} (`));
    const end = answer.lines.findIndex((line, index) => index > start && !line.startsWith('  '));
    return answer.lines.slice(start, end < 0 ? undefined : end);
  };
  const setEnabled = (pluginId: number, active: boolean) =>
    p.c.payloadOf('/api/plugin/activate', { pluginId, active });
  async function activate(pluginId: number, entries: ReturnType<typeof entry>[]) {
    await p.saveDraft(pluginId, entries);
    const response = await p.activateCall(pluginId);
    expect(response.statusCode, response.body).toBe(200);
  }

  /** Activating a draft activates its tests' versions; a test is switched on after that. */
  async function switchOn(...abTestIds: string[]) {
    for (const id of abTestIds) await p.c.payloadOf('/api/abtest/activate/test', { id, active: true });
  }

  it('explains each reason a plugin gives nothing, and what it gives', async () => {
    await setEnabled(GOLD_RUSH, false);
    await setEnabled(COLLECTION_EVENT_TWO, true);

    // AGILITY_RACE: an inactive test, a test whose segment the player fails, then an empty control case
    const races = await p.configs('ar', 5);
    const inactive = await p.abTest({ versions: [EVERYONE_IN_CASE_1] });
    const iosOnly = await p.abTest({ versions: [EVERYONE_IN_CASE_1] });
    await p.c.payloadOf('/api/segment/save', {
      abTestId: iosOnly,
      segment: {
        conditions: [{ property: SegmentProperty.Platform, op: SegmentOperation.Equals, value: 'ios' }],
      },
    });
    const control = await p.abTest({ versions: [EVERYONE_IN_CASE_1] });
    await activate(AGILITY_RACE, [
      entry(inactive, 0, [races[0]!, races[1]!]),
      entry(iosOnly, 0, [races[2]!, races[3]!]),
      entry(control, 0, ['', races[4]!]),
    ]);
    await switchOn(iosOnly, control);
    await setEnabled(AGILITY_RACE, true);

    // END_OF_CONTENT: a configuration running from T0 for a day, from level 5
    const eocConfig = p.c.uniqueId('eoc');
    await p.c.create('eoc', eocConfig, {
      active: true,
      activation: { start: T0, end: T0 + 24 * HOUR, minLevel: 5 },
    });
    const eocTest = await p.abTest({ versions: [EVERYONE_IN_CASE_2] });
    await activate(END_OF_CONTENT, [entry(eocTest, 0, ['', eocConfig])]);
    await switchOn(eocTest);
    await setEnabled(END_OF_CONTENT, true);

    const during = await previewOf({ context: { Platform: 'android' }, level: 3, at: T0 + HOUR });
    expect(during.content).toEqual({ kind: 'revision', revision: expect.any(Number) });
    const name = (id: string) => `AB-test '${id}'`;
    expect(linesOf(during, 'GOLD_RUSH')).toEqual([
      'GOLD_RUSH (11): GOLD_RUSH is switched off: the player receives nothing',
    ]);
    expect(linesOf(during, 'COLLECTION_EVENT_TWO')).toEqual([
      "COLLECTION_EVENT_TWO (6): No entry of the active set applies: the plugin's default",
    ]);
    expect(linesOf(during, 'AGILITY_RACE')).toEqual([
      "AGILITY_RACE (2): Case 1 (control) has no configuration: the plugin's default",
      `  entry 1: ${name(inactive)} is not active`,
      `  entry 2: Not in the segment of ${name(iosOnly)}: Platform == ios does not hold: the player's Platform is "android"`,
      expect.stringMatching(
        new RegExp(`^  entry 3: ${name(control)} version 0, Case 1 \\(control\\) \\(bucket \\d+\\)`),
      ),
    ]);
    expect(pluginOf(during, AGILITY_RACE)).toMatchObject({
      outcome: 'default',
      configuration: null,
      skipped: [
        { position: 0, abTestId: inactive, cause: { reason: 'abtest-inactive' } },
        { position: 1, abTestId: iosOnly, cause: { reason: 'segment' } },
      ],
      matched: { position: 2, abTestId: control, caseIndex: 0, configurationId: '' },
    });
    expect(linesOf(during, 'END_OF_CONTENT')[0]).toBe(
      `END_OF_CONTENT (1): Configuration '${eocConfig}' needs level 5; the player is level 3: the plugin's default`,
    );
    expect(during.abTests.map((abTest) => abTest.id).sort()).toEqual([control, eocTest].sort());
    expect(during.abTests.find((abTest) => abTest.id === eocTest)).toEqual({
      id: eocTest,
      description: `test ${eocTest}`,
      caseDescriptions: expect.any(Array),
    });

    // the same player on iOS passes the segment and receives the second test's configuration
    const onIos = await previewOf({ context: { Platform: 'ios' }, at: T0 + HOUR });
    expect(pluginOf(onIos, AGILITY_RACE)).toMatchObject({
      outcome: 'configuration',
      configuration: { id: races[2] },
      matched: { position: 1, abTestId: iosOnly, caseIndex: 0 },
    });

    const before = await previewOf({ level: 10, at: T0 - HOUR });
    expect(pluginOf(before, END_OF_CONTENT)).toMatchObject({
      outcome: 'not-running',
      matched: { running: false, nextStart: T0 },
    });
    expect(linesOf(before, 'END_OF_CONTENT')[0]).toBe(
      `END_OF_CONTENT (1): Configuration '${eocConfig}' does not run now; it next starts ${new Date(T0).toISOString()}: the plugin's default`,
    );
    const running = await previewOf({ level: 10, at: T0 + HOUR });
    expect(pluginOf(running, END_OF_CONTENT)).toMatchObject({
      outcome: 'configuration',
      configuration: { id: eocConfig, kind: 'eoc' },
      matched: { running: true, belowMinLevel: false },
    });
  });

  it('previews a past revision and a plugin draft as if activated', async () => {
    const [first, second] = await p.configs('duel', 2);
    const abTestId = await p.abTest({ versions: [EVERYONE_IN_CASE_2] });
    await activate(DUEL, [entry(abTestId, 0, ['', first!])]);
    await switchOn(abTestId);
    await setEnabled(DUEL, true);
    const served = await previewOf({});
    expect(served.content.kind).toBe('revision');
    expect(pluginOf(served, DUEL)).toMatchObject({ outcome: 'configuration', configuration: { id: first } });
    const servedRevision = served.content.kind === 'revision' ? served.content.revision : 0;

    // the draft moves case 2 to the other configuration; it is not served until activated
    await p.saveDraft(DUEL, [entry(abTestId, 0, ['', second!])]);
    const draft = await previewOf({ source: { draftOfPlugin: DUEL } });
    expect(draft.content).toEqual({ kind: 'draft', pluginId: DUEL, alongside: [] });
    expect(pluginOf(draft, DUEL)).toMatchObject({ outcome: 'configuration', configuration: { id: second } });
    expect(pluginOf(await previewOf({}), DUEL)).toMatchObject({ configuration: { id: first } });

    await setEnabled(DUEL, false);
    const now = await previewOf({});
    expect(now.content).toEqual({ kind: 'revision', revision: expect.any(Number) });
    expect(pluginOf(now, DUEL).outcome).toBe('disabled');
    const past = await previewOf({ source: { revision: servedRevision } });
    expect(past.content).toEqual({ kind: 'revision', revision: servedRevision });
    expect(pluginOf(past, DUEL)).toMatchObject({ outcome: 'configuration', configuration: { id: first } });
  });

  it('previews a draft naming a new version as its activation will serve it', async () => {
    const [served, next] = await p.configs('build', 2);
    const abTestId = await p.abTest({ versions: [EVERYONE_IN_CASE_2] });
    await activate(BUILD_EVENT, [entry(abTestId, 0, ['', served!])]);
    await switchOn(abTestId);
    await setEnabled(BUILD_EVENT, true);
    const version = await p.newVersion(abTestId, EVERYONE_IN_CASE_1);
    await p.saveDraft(BUILD_EVENT, [entry(abTestId, version, [next!, served!])]);

    const now = pluginOf(await previewOf({}), BUILD_EVENT);
    expect(now).toMatchObject({ configuration: { id: served }, matched: { testVersion: 0, caseIndex: 1 } });
    const draft = pluginOf(await previewOf({ source: { draftOfPlugin: BUILD_EVENT } }), BUILD_EVENT);
    expect(draft).toMatchObject({
      outcome: 'configuration',
      configuration: { id: next },
      matched: { testVersion: version, caseIndex: 0 },
    });
    // the preview said what activating serves: same version, case, bucket and configuration
    const response = await p.activateCall(BUILD_EVENT);
    expect(response.statusCode, response.body).toBe(200);
    expect(pluginOf(await previewOf({}), BUILD_EVENT)).toEqual(draft);
  });

  it('previews a draft with the drafts its activation takes alongside, as the activation then serves them', async () => {
    const [race1, race2] = await p.configs('ar', 2);
    const [eoc1, eoc2] = await p.configs('eoc', 2);
    const shared = await p.abTest({ versions: [EVERYONE_IN_CASE_2] });
    await p.saveDraft(AGILITY_RACE, [entry(shared, 0, ['', race1!])]);
    await p.saveDraft(END_OF_CONTENT, [entry(shared, 0, ['', eoc1!])]);
    expect((await p.activateCall(AGILITY_RACE)).json().payload.updated).toEqual([
      AGILITY_RACE,
      END_OF_CONTENT,
    ]);
    await switchOn(shared);
    await setEnabled(AGILITY_RACE, true);
    await setEnabled(END_OF_CONTENT, true);

    // Version 1 puts everyone in case 1; both drafts move to it, END_OF_CONTENT's with another configuration.
    const version = await p.newVersion(shared, EVERYONE_IN_CASE_1);
    await p.saveDraft(AGILITY_RACE, [entry(shared, version, [race2!, race1!])]);
    await p.saveDraft(END_OF_CONTENT, [entry(shared, version, [eoc2!, eoc1!])]);
    const draft = await previewOf({ source: { draftOfPlugin: AGILITY_RACE } });
    expect(draft.content).toEqual({ kind: 'draft', pluginId: AGILITY_RACE, alongside: [END_OF_CONTENT] });
    expect(pluginOf(draft, AGILITY_RACE)).toMatchObject({ configuration: { id: race2 } });
    expect(pluginOf(draft, END_OF_CONTENT)).toMatchObject({
      outcome: 'configuration',
      configuration: { id: eoc2 },
      matched: { abTestId: shared, testVersion: version, caseIndex: 0 },
    });
    // nothing is served until activated; then exactly what the preview said
    expect(pluginOf(await previewOf({}), END_OF_CONTENT)).toMatchObject({ configuration: { id: eoc1 } });
    expect((await p.activateCall(AGILITY_RACE)).json().payload.updated).toEqual([
      AGILITY_RACE,
      END_OF_CONTENT,
    ]);
    const served = await previewOf({});
    expect(pluginOf(served, AGILITY_RACE)).toEqual(pluginOf(draft, AGILITY_RACE));
    expect(pluginOf(served, END_OF_CONTENT)).toEqual(pluginOf(draft, END_OF_CONTENT));
  });

  it("builds a draft's content: its entries in place of the active set, with the tests and configurations they name", async () => {
    const [served, drafted] = await p.configs('ws', 2);
    const servedTest = await p.abTest({ versions: [EVERYONE_IN_CASE_2] });
    await activate(WIN_STREAK, [entry(servedTest, 0, ['', served!])]);
    const draftTest = await p.abTest({ versions: [EVERYONE_IN_CASE_2] });
    await p.saveDraft(WIN_STREAK, [entry(draftTest, 0, ['', drafted!])]);

    const plain = (await buildRuntimeContent({ db: t.app.db, environmentId: 'dev' })).content;
    const draft = (
      await buildRuntimeContent({ db: t.app.db, environmentId: 'dev' }, { draftsOfPlugins: [WIN_STREAK] })
    ).content;
    const winStreakOf = (content: RuntimeContent) =>
      content.plugins.find((plugin) => plugin.id === WIN_STREAK);
    expect(winStreakOf(plain)?.entries).toEqual([entry(servedTest, 0, ['', served!])]);
    expect(winStreakOf(draft)?.entries).toEqual([entry(draftTest, 0, ['', drafted!])]);
    const idsOf = (items: { id: string }[]) => items.map((item) => item.id);
    expect(idsOf(plain.abTests)).toContain(servedTest);
    expect(idsOf(plain.abTests)).not.toContain(draftTest);
    expect(idsOf(draft.abTests)).toContain(draftTest);
    expect(idsOf(draft.abTests)).not.toContain(servedTest);
    expect(idsOf(draft.configurations)).toContain(drafted);
    expect(idsOf(draft.configurations)).not.toContain(served);
    // every other plugin as served
    const others = (content: RuntimeContent) => content.plugins.filter((plugin) => plugin.id !== WIN_STREAK);
    expect(others(draft)).toEqual(others(plain));
    expect(draft.release).toEqual(plain.release);
  });

  it('refuses an unknown revision or plugin (404) and bad input (400)', async () => {
    const revision = await preview({ userId: 'p', source: { revision: 9999 } });
    expect(revision.statusCode).toBe(404);
    expect(revision.json()).toMatchObject({ error: 'Revision 9999 of the runtime of dev not found' });
    const plugin = await preview({ userId: 'p', source: { draftOfPlugin: 77 } });
    expect(plugin.statusCode).toBe(404);
    expect(plugin.json()).toMatchObject({ error: 'Plugin 77 not found in dev' });
    for (const [body, field] of [
      [{}, /userId/],
      [{ userId: 'p', source: 'latest' }, /source/],
      [{ userId: 'p', level: -1 }, /level/],
      [{ userId: 'p', at: 'soon' }, /at/],
      [{ userId: 'p', context: { Platform: 3 } }, /Platform/],
    ] as const) {
      const response = await preview(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toMatch(field);
    }
  });
});
