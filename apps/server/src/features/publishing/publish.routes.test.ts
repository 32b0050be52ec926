import { PluginId } from '@console/domain/enums';
import { pluginNameOf } from '@console/domain/operations';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { entry, type PluginClient, pluginClient } from '../plugin/plugin-details.test-data.ts';
import { hashRuntimeContent } from './content.service.ts';
import { type RuntimeClient, runtimeClient } from './publishing.test-data.ts';
import { RUNTIME_REVISION_CHANNEL } from './revision-notification.ts';

// Over HTTP and a real PostgreSQL: every change of what players receive publishes exactly one
// revision in its own transaction, naming its audit entries; nothing else publishes.

const { DUEL, AGILITY_RACE: RACE } = PluginId;

describe('runtime revisions: publishing', () => {
  let t: TestApp;
  let cookie: string;
  let r: RuntimeClient;
  let p: PluginClient;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login('publisher@example.com');
    r = runtimeClient(t, cookie);
    p = pluginClient(t, cookie);
  });
  const { payloadOf, call } = {
    payloadOf: (url: string, body?: unknown, environment = 'dev') => r.c.payloadOf(url, body, environment),
    call: (url: string, body?: unknown, environment = 'dev') => r.c.call(url, body, environment),
  };
  const activateDraft = async (pluginId: number) => {
    const response = await p.activateCall(pluginId);
    expect(response.statusCode, response.body).toBe(200);
  };

  it('gives every environment revision 1 at start-up: its content, hashed, by the system', async () => {
    for (const environment of ['dev', 'stable', 'prod']) {
      const history = await r.list(environment);
      expect(history).toMatchObject({ latest: 1, pinned: null, waiting: 0 });
      expect(history.revisions).toEqual([
        expect.objectContaining({ revision: 1, createdBy: 'system', auditEntryIds: [], restoredFrom: null }),
      ]);
      const first = await r.get(1, environment);
      expect(first).toMatchObject({ environment, revision: 1, publishedBy: 'system' });
      expect(first.hash).toBe(hashRuntimeContent(first.content));
      expect(first.content.abTests).toEqual([]);
      expect(first.content.configurations).toEqual([]);
      expect(first.content.release).toEqual({
        nextReleaseTime: 0,
        maxLevel: 1,
        nextMaxLevel: 1,
        remindVersion: '0.0.0',
        minimumVersion: '0.0.0',
        keyValue: '',
      });
      const ids = first.content.plugins.map((plugin) => plugin.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(first.content.plugins.find((plugin) => plugin.id === DUEL)).toEqual({
        id: DUEL,
        name: 'DUEL',
        enabled: false,
        entries: [],
      });
    }
    await r.expectLatestIsCurrent('dev');
  });

  it('publishes one revision per change of what players receive, naming its audit entries', async () => {
    const release = { nextReleaseTimeMs: 0, maxLevel: 5, nextMaxLevel: 6 };
    await r.expectOneRevision('dev', () => payloadOf('/api/release/content/set', { releaseInfo: release }));
    const client = { remindVersion: '1.2.0', minimumVersion: '1.0.0' };
    await r.expectOneRevision('dev', () => payloadOf('/api/release/client/set', { releaseInfo: client }));
    await r.expectOneRevision('dev', () => payloadOf('/api/release/kv/set', { keyValue: 'a=1;' }));
    await r.expectOneRevision('dev', () =>
      payloadOf('/api/plugin/activate', { pluginId: DUEL, active: true }),
    );

    // Not yet referenced by an active set: audited, the snapshot is unchanged, nothing is published.
    const [control, treatment] = await p.configs('duel', 2);
    const abTestId = await p.abTest({ versions: [[300_000, 700_000]] });
    await r.expectNoRevision('dev', () => p.saveDraft(DUEL, [entry(abTestId, 0, [control!, treatment!])]));

    // The draft's activation activates the version too: one revision for both audit entries.
    const activation = await r.expectOneRevision('dev', () => activateDraft(DUEL));
    expect(activation.auditEntryIds).toHaveLength(2);
    const segment = { conditions: [{ property: 20, op: 1, value: 'true' }] };
    await r.expectOneRevision('dev', () => payloadOf('/api/segment/save', { abTestId, segment }));
    await r.expectOneRevision('dev', () =>
      payloadOf('/api/abtest/activate/test', { id: abTestId, active: true }),
    );
    const version = await p.newVersion(abTestId, [500_000, 500_000]);
    await r.expectOneRevision('dev', () =>
      payloadOf('/api/abtest/activate/version', { id: abTestId, version }),
    );

    // "Update is not allowed" flow: copy, new version, entries moved — one transaction, one revision.
    const stored = await r.c.get('duel', control!);
    const edited = { ...stored, description: 'edited', data: { ...stored.data, raceProbability: 25 } };
    expect((await call('/api/config/duel/save', edited)).statusCode).toBe(409);
    const reassigned = await r.expectOneRevision('dev', () =>
      payloadOf('/api/config/duel/duplicate/reassign', edited),
    );
    expect(reassigned.auditEntryIds.length).toBeGreaterThanOrEqual(4);

    await r.expectOneRevision('dev', () =>
      payloadOf('/api/plugin/activate', { pluginId: DUEL, active: false }),
    );
    // DUEL is off: its configurations can change, and they are still published (the plugin may be
    // switched on again); switching one off leaves it out of the snapshot.
    const copyId = (await p.get(DUEL)).data.active[0]!.configurations[0]!;
    expect(copyId).toBe(`${control}-2`);
    const copy = await r.c.get('duel', copyId);
    await r.expectOneRevision('dev', () =>
      payloadOf('/api/config/duel/save', { ...copy, data: { ...copy.data, raceProbability: 50 } }),
    );
    // The original no longer serves anyone: saving it publishes nothing.
    const original = await r.c.get('duel', control!);
    await r.expectNoRevision('dev', () =>
      payloadOf('/api/config/duel/save', { ...original, data: { ...original.data, raceProbability: 50 } }),
    );
    const latest = await r.expectLatestIsCurrent('dev');
    expect(latest.content.plugins.find((plugin) => plugin.id === DUEL)).toMatchObject({
      enabled: false,
      entries: [{ abTestId, abTestVersion: version + 1 }],
    });
  });

  it('builds the snapshot as the contract says: entries in order, current versions with ranges, served configurations, release info', async () => {
    const [a, b, c] = await p.configs('ar', 3);
    const first = await p.abTest({ versions: [[1_000_000]] });
    const second = await p.abTest({ versions: [[250_000, 750_000]] });
    await p.saveDraft(RACE, [entry(second, 0, ['', a!]), entry(first, 0, [b!])]);
    await r.expectOneRevision('dev', () => activateDraft(RACE));
    await r.expectOneRevision('dev', () =>
      payloadOf('/api/plugin/activate', { pluginId: RACE, active: true }),
    );
    const salts = await t.app.db.abTest.findMany({
      where: { environmentId: 'dev', id: { in: [first, second] } },
      select: { id: true, salt: true },
    });
    const saltOf = (id: string) => salts.find((row) => row.id === id)!.salt;

    const { content } = await r.expectLatestIsCurrent('dev');
    expect(content.plugins.find((plugin) => plugin.id === RACE)).toEqual({
      id: RACE,
      name: pluginNameOf(RACE),
      enabled: true,
      entries: [
        { abTestId: second, abTestVersion: 0, configurations: ['', a] },
        { abTestId: first, abTestVersion: 0, configurations: [b] },
      ],
    });
    expect(content.abTests.find((abTest) => abTest.id === second)).toEqual({
      id: second,
      type: 0,
      active: false,
      salt: saltOf(second),
      segment: { conditions: [] },
      version: 0,
      cases: [
        { weight: 250_000, ranges: [[0, 250_000]] },
        { weight: 750_000, ranges: [[250_000, 1_000_000]] },
      ],
    });
    const ids = content.abTests.map((abTest) => abTest.id);
    expect(ids).toEqual([...ids].sort());
    const configIds = content.configurations.map((config) => config.id);
    expect(configIds).toEqual([...configIds].sort());
    expect(configIds).toEqual(expect.arrayContaining([a, b]));
    expect(configIds).not.toContain(c); // not referenced by any active set
    const stored = await r.c.get('ar', a!);
    expect(content.configurations.find((config) => config.id === a)).toEqual({
      id: a,
      kind: 'ar',
      activation: stored.activation,
      data: stored.data,
    });
    expect(content.release).toMatchObject({ maxLevel: 5, nextMaxLevel: 6, keyValue: 'a=1;' });
  });

  it('publishes nothing for a no-op or for changes that do not reach players', async () => {
    const before = await r.list('dev', { limit: 1 });
    const activeNow = (await payloadOf('/api/plugin/list')).find(
      (plugin: { id: number }) => plugin.id === RACE,
    ).active;
    const noop = await r.published('dev', () =>
      payloadOf('/api/plugin/activate', { pluginId: RACE, active: activeNow }),
    );
    expect(noop).toEqual({ revisions: [], auditIds: [] });

    for (const change of [
      () => payloadOf('/api/compensation/send/consumable', { userId: 'player-1', item: 'Coin', amount: 5 }),
      () => payloadOf('/api/nice/set', { niceConfig: { authToken: 'secret-token' } }),
      () => payloadOf('/api/runtime-keys/create', { name: 'game server' }),
      () => payloadOf('/api/player/progression', { userId: 'player-1', level: 3, eoc: 0, streak: 0 }),
      () => p.abTest({ versions: [[1_000_000]] }),
      () => payloadOf('/api/plugin/set/description', { pluginId: RACE, description: 'races' }),
    ]) {
      const result = await r.expectNoRevision('dev', change);
      expect(result.auditIds.length).toBeGreaterThan(0);
    }
    expect((await r.list('dev', { limit: 1 })).latest).toBe(before.latest);
  });

  it('leaves neither audit entry nor revision when a change fails, even when publishing fails', async () => {
    const abTestId = await p.abTest({ versions: [[1_000_000], [1_000_000]], activeVersions: [1] });
    const refused = await r.published('dev', async () => {
      const response = await call('/api/abtest/activate/version', { id: abTestId, version: 0 });
      expect(response.statusCode).toBe(409);
    });
    expect(refused).toEqual({ revisions: [], auditIds: [] });

    // A failure inside the publishing step rolls back the change it would have published.
    const admin = new pg.Client({ connectionString: t.databaseUrl });
    await admin.connect();
    try {
      await admin.query(`
        CREATE FUNCTION refuse_revision() RETURNS trigger LANGUAGE plpgsql AS
          $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$;
        CREATE TRIGGER refuse_revision BEFORE INSERT ON runtime_revision
          FOR EACH ROW WHEN (NEW.environment_id = 'prod') EXECUTE FUNCTION refuse_revision();`);
      const keyValue = await payloadOf('/api/release/kv/get', undefined, 'prod');
      const failed = await r.published('prod', async () => {
        const response = await call('/api/release/kv/set', { keyValue: 'never=1;' }, 'prod');
        expect(response.statusCode).toBe(500);
      });
      expect(failed).toEqual({ revisions: [], auditIds: [] });
      expect(await payloadOf('/api/release/kv/get', undefined, 'prod')).toBe(keyValue);
    } finally {
      await admin.query('DROP TRIGGER refuse_revision ON runtime_revision; DROP FUNCTION refuse_revision();');
      await admin.end();
    }
    await r.expectOneRevision('prod', () => payloadOf('/api/release/kv/set', { keyValue: 'now=1;' }, 'prod'));
  });

  it('publishes revision 1 of a created environment with its audit entry, and one revision per transfer into it', async () => {
    const created = `rt-${Date.now().toString(36)}`;
    await payloadOf('/api/configuration/save', { configurationId: created });
    const history = await r.list(created);
    const [entryOfCreation] = await t.auditEntries(cookie, created);
    expect(entryOfCreation?.action).toBe('environment.create');
    expect(history.revisions).toEqual([
      expect.objectContaining({
        revision: 1,
        auditEntryIds: [entryOfCreation!.id],
        createdBy: 'publisher@example.com',
      }),
    ]);

    const sourceRevisions = (await r.list('dev')).latest;
    const body = { from: 'dev', to: created, mode: 'merge' };
    const { previewToken } = await payloadOf('/api/configuration/transfer/preview', body);
    const transfer = await r.expectOneRevision(created, () =>
      payloadOf('/api/configuration/transfer', { ...body, previewToken }),
    );
    expect(transfer.auditEntryIds).toHaveLength(1);
    expect((await r.list('dev')).latest).toBe(sourceRevisions);
    const copied = await r.expectLatestIsCurrent(created);
    const source = await r.expectLatestIsCurrent('dev');
    // The same split on both sides: salts and ranges travel with the A/B-tests.
    expect(copied.content.abTests).toEqual(source.content.abTests);
    expect(copied.content.plugins).toEqual(source.content.plugins);
  });

  it('announces a revision with NOTIFY runtime_revision once it is committed', async () => {
    const listener = new pg.Client({ connectionString: t.databaseUrl });
    await listener.connect();
    try {
      const heard: string[] = [];
      const notified = new Promise<void>((resolve) => {
        listener.on('notification', (message) => {
          heard.push(message.payload ?? '');
          resolve();
        });
      });
      await listener.query(`LISTEN ${RUNTIME_REVISION_CHANNEL}`);
      const published = await r.expectOneRevision('stable', () =>
        payloadOf('/api/release/kv/set', { keyValue: 'heard=1;' }, 'stable'),
      );
      await notified;
      expect(heard.map((payload) => JSON.parse(payload))).toEqual([
        { environmentId: 'stable', revision: published.revision },
      ]);
    } finally {
      await listener.end();
    }
  });
});
