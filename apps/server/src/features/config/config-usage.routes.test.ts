import { type ConfigListItem, ConfigWarningCode, listConfigWarnings } from '@console/domain/config';
import { PluginId } from '@console/domain/enums';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  activeAbTest,
  addEntry,
  type ConfigClient,
  configClient,
  pluginEntriesOf,
  setPluginActive,
} from './config.test-data.ts';

// How plugin entries constrain configurations: inUse, delete refusals, "Update is not allowed:",
// the duplicate/reassign flow, INFO refusals. Entries are written through the plugin store.

type ListItem = { extended: { id: string }; inUse: string; usedBy: unknown[] };

describe('configurations used by plugins', () => {
  let t: TestApp;
  let c: ConfigClient;
  beforeAll(async () => {
    t = await createTestApp();
    c = configClient(t, await t.login('usage@example.com'));
    // AGILITY_RACE serves players; END_OF_CONTENT exists but is switched off.
    await setPluginActive(t, 'AGILITY_RACE', true);
    await setPluginActive(t, 'END_OF_CONTENT', false);
  });

  const listItemOf = async (kind: string, id: string): Promise<ListItem> => {
    const items = (await c.payloadOf(`/api/config/${kind}/list`)) as ListItem[];
    return items.find((item) => item.extended.id === id)!;
  };

  /** An ar configuration served now: an active plugin's active set, with an active A/B-test. */
  async function liveConfig(weights: readonly number[] = [300_000, 700_000]) {
    const id = c.uniqueId('live');
    await c.create('ar', id, { active: true });
    const abTestId = await activeAbTest(c, weights);
    await addEntry(t, { plugin: 'AGILITY_RACE', set: 'active', abTestId, configurations: [id, ''] });
    return { id, abTestId };
  }

  describe('inUse', () => {
    it('is unused, assigned (draft, inactive plugin or inactive A/B-test) or live, with usedBy naming each set', async () => {
      const abTestId = await activeAbTest(c);
      const inactiveAbTest = c.uniqueId('off');
      await c.payloadOf('/api/abtest/create', { id: inactiveAbTest, type: 0 });
      const unused = c.uniqueId('u');
      const draft = c.uniqueId('d');
      const offPlugin = c.uniqueId('p');
      const offTest = c.uniqueId('t');
      const live = c.uniqueId('l');
      for (const id of [unused, draft, offPlugin, offTest, live]) await c.create('ar', id);
      await addEntry(t, { plugin: 'AGILITY_RACE', set: 'draft', abTestId, configurations: ['', draft] });
      await addEntry(t, { plugin: 'END_OF_CONTENT', set: 'active', abTestId, configurations: [offPlugin] });
      await addEntry(t, {
        plugin: 'AGILITY_RACE',
        set: 'active',
        abTestId: inactiveAbTest,
        configurations: [offTest],
      });
      await addEntry(t, { plugin: 'AGILITY_RACE', set: 'active', abTestId, configurations: [live, live] });
      await addEntry(t, { plugin: 'AGILITY_RACE', set: 'draft', abTestId, configurations: [live] });

      const race = PluginId.AGILITY_RACE;
      expect(await listItemOf('ar', unused)).toMatchObject({ inUse: 'unused', usedBy: [] });
      expect(await listItemOf('ar', draft)).toMatchObject({
        inUse: 'assigned',
        usedBy: [{ pluginId: race, pluginName: 'AGILITY_RACE', set: 'draft', isLive: false }],
      });
      expect(await listItemOf('ar', offPlugin)).toMatchObject({
        inUse: 'assigned',
        usedBy: [{ pluginId: PluginId.END_OF_CONTENT, set: 'active', isLive: false }],
      });
      expect(await listItemOf('ar', offTest)).toMatchObject({
        inUse: 'assigned',
        usedBy: [{ set: 'active', isLive: false }],
      });
      expect(await listItemOf('ar', live)).toMatchObject({
        inUse: 'live',
        usedBy: [
          { pluginId: race, set: 'active', isLive: true },
          { pluginId: race, set: 'draft', isLive: false },
        ],
      });
      const everywhere = (await c.payloadOf('/api/plugin/config/list')) as ListItem[];
      expect(everywhere.find((item) => item.extended.id === live)?.inUse).toBe('live');
      expect(everywhere.find((item) => item.extended.id === draft)?.inUse).toBe('assigned');
    });
  });

  describe('delete', () => {
    it('is refused with 409 naming the plugins while any entry, active set or draft, points at it', async () => {
      const abTestId = await activeAbTest(c);
      const id = c.uniqueId('used');
      await c.create('eoc', id);
      await addEntry(t, { plugin: 'END_OF_CONTENT', set: 'draft', abTestId, configurations: [id] });
      await addEntry(t, { plugin: 'AGILITY_RACE', set: 'active', abTestId, configurations: [id] });
      const response = await c.call('/api/config/eoc/delete', { id });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        error: `Configuration '${id}' is used by END_OF_CONTENT (draft), AGILITY_RACE (active set); remove it from those plugins first`,
      });
      expect(await c.get('eoc', id)).toMatchObject({ id });
      expect((await c.auditOf(id)).map((entry) => entry.action)).toEqual(['config.create']);
    });
  });

  describe('Update is not allowed', () => {
    it('refuses a save changing data or activation of a live configuration, and changes nothing', async () => {
      const { id } = await liveConfig();
      const stored = await c.get('ar', id);
      for (const change of [
        { data: { ...stored.data, scoreTarget: 99 } },
        { activation: { ...stored.activation, minLevel: 3 } },
        { active: false },
      ]) {
        const response = await c.call('/api/config/ar/save', { ...stored, ...change });
        expect(response.statusCode).toBe(409);
        const { error } = response.json();
        expect(error.startsWith('Update is not allowed:')).toBe(true);
        expect(error).toMatch(
          new RegExp(`configuration '${id}' is served now by AGILITY_RACE \\(A/B-test 'ab-`),
        );
      }
      const deactivate = await c.call('/api/config/ar/activate', { id, active: false });
      expect(deactivate.statusCode).toBe(409);
      expect(deactivate.json().error).toMatch(/^Update is not allowed:/);
      expect(await c.get('ar', id)).toEqual(stored);
      expect((await c.auditOf(id)).map((entry) => entry.action)).toEqual(['config.create']);
    });

    it('lets a live configuration change its description, and a configuration only in drafts change anything', async () => {
      const { id } = await liveConfig();
      const stored = await c.get('ar', id);
      expect(await c.payloadOf('/api/config/ar/save', { ...stored, description: 'Renamed' })).toMatchObject({
        description: 'Renamed',
      });
      const drafted = c.uniqueId('draft');
      const created = await c.create('ar', drafted);
      await addEntry(t, {
        plugin: 'AGILITY_RACE',
        set: 'draft',
        abTestId: await activeAbTest(c),
        configurations: [drafted],
      });
      const saved = await c.payloadOf('/api/config/ar/save', {
        ...created,
        data: { ...created.data, scoreTarget: 77 },
      });
      expect(saved.data.scoreTarget).toBe(77);
    });
  });

  describe('INFO', () => {
    it('refuses switching off an active configuration of a kind without deactivation; its save keeps the flag', async () => {
      const id = c.uniqueId('duel');
      await c.create('duel', id);
      expect((await c.payloadOf('/api/config/duel/activate', { id, active: true })).active).toBe(true);
      const response = await c.call('/api/config/duel/activate', { id, active: false });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        error:
          'INFO: Duel configurations cannot be deactivated once active; delete the configuration when no plugin uses it',
      });
      const stored = await c.get('duel', id);
      const saved = await c.payloadOf('/api/config/duel/save', {
        ...stored,
        active: false,
        description: 'kept on',
      });
      expect(saved).toMatchObject({ active: true, description: 'kept on' });
      // a kind with deactivation switches off from the list and from its form
      const race = c.uniqueId('race');
      await c.create('ar', race, { active: true });
      expect(
        (await c.payloadOf('/api/config/ar/save', { ...(await c.get('ar', race)), active: false })).active,
      ).toBe(false);
    });
  });

  describe('duplicate/reassign', () => {
    it("after the flow the original's list item names its copy (replacedBy), which the list warns of", async () => {
      const { id } = await liveConfig();
      const stored = await c.get('ar', id);
      const cloned = await c.payloadOf('/api/config/ar/duplicate', { id });
      const answer = await c.payloadOf('/api/config/ar/duplicate/reassign', {
        ...stored,
        description: 'Edited',
      });
      const items = (await c.payloadOf('/api/config/ar/list')) as ConfigListItem[];
      const itemOf = (configId: string) => items.find((item) => item.extended.id === configId)!;
      // the list's clone is no replacement; the flow's copy is
      expect(itemOf(cloned.configId).replacedBy).toBeNull();
      expect(itemOf(answer.configId)).toMatchObject({ inUse: 'live', replacedBy: null });
      expect(itemOf(id)).toMatchObject({
        extended: { active: true },
        inUse: 'unused',
        replacedBy: answer.configId,
      });
      expect(listConfigWarnings(items).filter((warning) => warning.configIds.includes(id))).toEqual([
        expect.objectContaining({
          code: ConfigWarningCode.Replaced,
          message: `'${id}' was replaced by '${answer.configId}' and is still switched on: switch it off or delete it.`,
        }),
      ]);
    });

    it('copies the edited values, activates a same-weights A/B-test version and moves the entries, in one audited transaction', async () => {
      const { id, abTestId } = await liveConfig([300_000, 700_000]);
      const before = await c.payloadOf('/api/abtest/get', { id: abTestId });
      expect(before.data.version).toBe(0);
      // the plugin's draft holds the same entry; another plugin's draft holds the configuration too
      await addEntry(t, { plugin: 'AGILITY_RACE', set: 'draft', abTestId, configurations: ['', id] });
      await addEntry(t, { plugin: 'END_OF_CONTENT', set: 'draft', abTestId, configurations: [id] });
      const stored = await c.get('ar', id);
      const edited = { ...stored, description: 'Edited', data: { ...stored.data, scoreTarget: 42 } };

      const refused = await c.call('/api/config/ar/save', edited);
      expect(refused.json().error).toMatch(/^Update is not allowed:/);
      const answer = await c.payloadOf('/api/config/ar/duplicate/reassign', edited);
      expect(answer).toEqual({ configId: `${id}-2`, pluginName: 'AGILITY_RACE', draftsToReview: [] });

      // the copy holds the edited values; the original is unchanged
      expect(await c.get('ar', answer.configId)).toMatchObject({
        description: 'Edited',
        active: true,
        data: { scoreTarget: 42 },
        lastModifier: 'usage@example.com',
      });
      expect(await c.get('ar', id)).toEqual(stored);

      // a new active version with the same weights is the current one
      const after = await c.payloadOf('/api/abtest/get', { id: abTestId });
      expect(after.data.version).toBe(1);
      expect(after.data.cases).toEqual([300_000, 700_000]);
      expect(
        after.data.versions.map((v: { version: number; active: boolean }) => [v.version, v.active]),
      ).toEqual([
        [0, true],
        [1, true],
      ]);

      // the live entry and the plugin's draft entry point at the copy and the new version
      const race = PluginId.AGILITY_RACE;
      const active = await pluginEntriesOf(c.payloadOf, race, 'active');
      expect(active.filter((entry) => entry.abTestId === abTestId)).toEqual([
        expect.objectContaining({ abTestVersion: 1, configurations: [answer.configId, ''] }),
      ]);
      const draft = await pluginEntriesOf(c.payloadOf, race, 'draft');
      expect(draft.filter((entry) => entry.abTestId === abTestId)).toEqual([
        expect.objectContaining({ abTestVersion: 1, configurations: ['', answer.configId] }),
      ]);
      // another plugin that did not serve it keeps its draft as it was
      const other = await pluginEntriesOf(c.payloadOf, PluginId.END_OF_CONTENT, 'draft');
      expect(other.filter((entry) => entry.abTestId === abTestId)).toEqual([
        expect.objectContaining({ abTestVersion: 0, configurations: [id] }),
      ]);

      // now the copy is live and the original only assigned, so the original can be saved
      expect((await listItemOf('ar', answer.configId)).inUse).toBe('live');
      expect((await listItemOf('ar', id)).inUse).toBe('assigned');
      expect((await c.call('/api/config/ar/save', edited)).statusCode).toBe(200);

      // each change audited
      expect(await c.auditOf(answer.configId)).toEqual([
        expect.objectContaining({
          action: 'config.duplicate.reassign',
          attributes: expect.objectContaining({
            kind: 'ar',
            from: id,
            abTestVersions: { [abTestId]: 1 },
            plugins: ['AGILITY_RACE'],
          }),
        }),
      ]);
      const abTestActions = (await c.auditOf(abTestId)).map((entry) => [
        entry.action,
        entry.attributes.version,
      ]);
      expect(abTestActions.slice(0, 2)).toEqual([
        ['abtest.version.activate', 1],
        ['abtest.version.save', 1],
      ]);
      const pluginAudit = (await c.auditOf('AGILITY_RACE')).find(
        (entry) => entry.action === 'plugin.entries.reassign' && entry.attributes.to === answer.configId,
      );
      expect(pluginAudit?.attributes.entries).toEqual([
        expect.objectContaining({ set: 'active', abTestId, fromVersion: 0, toVersion: 1 }),
        expect.objectContaining({ set: 'draft', abTestId, fromVersion: 0, toVersion: 1 }),
      ]);
    });

    it('re-bases a current draft it moved, and names a draft that was already stale', async () => {
      const race = PluginId.AGILITY_RACE;
      const pluginData = async () => (await c.payloadOf('/api/plugin/get', { pluginId: race })).data;
      // The draft's base is set directly: only the flow itself moves an active set without a re-base.
      const setDraftBase = (draftBaseRevision: number) =>
        t.app.db.plugin.update({
          where: { environmentId_id: { environmentId: 'dev', id: race } },
          data: { draftBaseRevision },
        });
      const { id, abTestId } = await liveConfig();
      await addEntry(t, { plugin: 'AGILITY_RACE', set: 'draft', abTestId, configurations: [id, ''] });
      const before = await pluginData();
      await setDraftBase(before.activeRevision);

      const stored = await c.get('ar', id);
      const first = await c.payloadOf('/api/config/ar/duplicate/reassign', { ...stored, description: 'one' });
      expect(first.draftsToReview).toEqual([]);
      const rebased = await pluginData();
      expect(rebased).toMatchObject({
        activeRevision: before.activeRevision + 1,
        draftBaseRevision: before.activeRevision + 1,
      });
      expect(rebased.draft.filter((entry: { abTestId: string }) => entry.abTestId === abTestId)).toEqual([
        expect.objectContaining({ abTestVersion: 1, configurations: [first.configId, ''] }),
      ]);
      const audited = (await c.auditOf('AGILITY_RACE')).find(
        (entry) => entry.action === 'plugin.entries.reassign' && entry.attributes.to === first.configId,
      );
      expect(audited?.attributes).toMatchObject({ draftBaseRevision: before.activeRevision + 1 });

      // made on an older active set: it stays stale, and the answer names it
      await setDraftBase(rebased.activeRevision - 1);
      const copy = await c.get('ar', first.configId);
      const second = await c.payloadOf('/api/config/ar/duplicate/reassign', { ...copy, description: 'two' });
      expect(second.draftsToReview).toEqual([{ pluginId: race, pluginName: 'AGILITY_RACE' }]);
      expect(await pluginData()).toMatchObject({
        activeRevision: rebased.activeRevision + 1,
        draftBaseRevision: rebased.activeRevision - 1,
      });
    });

    it('numbers a second copy after the highest one of the same base', async () => {
      const { id } = await liveConfig();
      const stored = await c.get('ar', id);
      const first = await c.payloadOf('/api/config/ar/duplicate/reassign', { ...stored, description: 'one' });
      expect(first.configId).toBe(`${id}-2`);
      // the copy is live now; reassigning it again numbers after the highest copy of the same base
      const copy = await c.get('ar', first.configId);
      const second = await c.payloadOf('/api/config/ar/duplicate/reassign', { ...copy, description: 'two' });
      expect(second.configId).toBe(`${id}-3`);
      expect((await listItemOf('ar', second.configId)).inUse).toBe('live');
      expect((await listItemOf('ar', first.configId)).inUse).toBe('unused');
    });

    it('rolls everything back when a step fails: no copy, no A/B-test version, no entry moved, no audit', async () => {
      const { id, abTestId } = await liveConfig();
      const stored = await c.get('ar', id);
      const abTestAudit = await c.auditOf(abTestId);
      // the database refuses the entry update that would point at the copy, after the copy and the version were
      // written (a trigger: created as the database's owner, since the app's role owns nothing)
      const admin = new pg.Client({ connectionString: t.databaseUrl });
      await admin.connect();
      await admin.query(`
        CREATE OR REPLACE FUNCTION refuse_copy() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF '${id}-2' = ANY(NEW.configurations) THEN RAISE EXCEPTION 'refused by the test'; END IF;
          RETURN NEW;
        END $$`);
      await admin.query(
        'CREATE TRIGGER refuse_copy BEFORE UPDATE ON plugin_ab_test_entry FOR EACH ROW EXECUTE FUNCTION refuse_copy()',
      );
      try {
        const response = await c.call('/api/config/ar/duplicate/reassign', {
          ...stored,
          description: 'never',
        });
        expect(response.statusCode).toBe(500);
        expect(response.json()).toMatchObject({ error: 'A request encountered a server error.' });
      } finally {
        await admin.query('DROP TRIGGER refuse_copy ON plugin_ab_test_entry');
        await admin.end();
      }
      expect((await c.call('/api/config/ar/get', { id: `${id}-2` })).statusCode).toBe(404);
      expect((await c.payloadOf('/api/abtest/get', { id: abTestId })).data.versions).toHaveLength(1);
      const active = await pluginEntriesOf(c.payloadOf, PluginId.AGILITY_RACE, 'active');
      expect(active.filter((entry) => entry.abTestId === abTestId)).toEqual([
        expect.objectContaining({ abTestVersion: 0, configurations: [id, ''] }),
      ]);
      expect(await c.auditOf(`${id}-2`)).toEqual([]);
      expect(await c.auditOf(abTestId)).toEqual(abTestAudit);
    });
  });
});
