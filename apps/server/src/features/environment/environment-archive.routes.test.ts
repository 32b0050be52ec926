import { archivedKeyMessage, servedByKeysMessage } from '@console/domain/environment-archive';
import type { CreatedRuntimeKey } from '@console/domain/operations';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, waitUntilLockWaiters } from '../../../test/helpers.ts';
import { buildTestApp, httpClient } from '../../testing/index.ts';
import { connectGameClient } from '../connections/game-client.testing.ts';
import { json, openStream, request } from '../delivery/delivery.test-helpers.ts';

// Archived environments (docs/decisions/0066).

const ADMIN = 'archiver@example.com';

describe('archiving an environment', () => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let viewer: string;
  let base: string;
  let locker: pg.Client;
  let watcher: pg.Client;
  let serial = 0;

  const create = async (prefix: string) => {
    serial += 1;
    const id = `${prefix}-${serial}`;
    expect((await t.post('/api/configuration/save', { configurationId: id }, admin)).statusCode).toBe(200);
    return id;
  };
  const archive = (id: string, cookie = admin, confirmServedByKeys?: boolean) =>
    t.post('/api/configuration/archive', { configurationId: id, confirmServedByKeys }, cookie);
  const restore = (id: string, cookie = admin) =>
    t.post('/api/configuration/restore', { configurationId: id }, cookie);
  const listed = async () => (await t.post('/api/configuration/list', undefined, admin)).json().payload;
  const archivedIds = async () =>
    (await t.post('/api/configuration/archived', undefined, admin))
      .json()
      .payload.map((entry: { id: string }) => entry.id);
  const createKey = async (environment: string) =>
    (await t.post(`/api/runtime-keys/create?configuration=${environment}`, { name: 'servers' }, admin)).json()
      .payload as CreatedRuntimeKey;
  const snapshot = (key: CreatedRuntimeKey) =>
    request(`${base}/runtime/v1/snapshot`, { headers: { authorization: `Bearer ${key.key}` } });
  const setKv = (environment: string, keyValue: string) =>
    t.post(`/api/release/kv/set?configuration=${environment}`, { keyValue }, admin);

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: ADMIN, DEFAULT_ROLE: 'viewer' });
    admin = await t.login(ADMIN);
    viewer = await t.login('archive-viewer@example.com');
    operator = await t.login('archive-operator@example.com');
    const granted = await t.post(
      '/api/users/role/set',
      { email: 'archive-operator@example.com', role: 'operator' },
      admin,
    );
    expect(granted.statusCode).toBe(200);
    base = await t.url();
    locker = new pg.Client({ connectionString: t.databaseUrl });
    watcher = new pg.Client({ connectionString: t.databaseUrl });
    await Promise.all([locker.connect(), watcher.connect()]);
  });
  afterAll(async () => {
    await Promise.all([locker?.end(), watcher?.end()]);
  });

  it('takes it out of the list, answers 404 for it as for an unknown one, keeps its content and restores it', async () => {
    const id = await create('qa');
    expect((await setKv(id, 'kept=1;')).statusCode).toBe(200);
    const archived = await archive(id);
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toEqual({ payload: { id, stoppedKeyCount: 0 } });
    expect(await listed()).not.toContain(id);
    const list = (await t.post('/api/configuration/archived', undefined, admin)).json().payload;
    expect(list).toContainEqual({
      id,
      description: 'no description',
      archived: expect.any(Number),
      archivedBy: ADMIN,
    });
    for (const call of ['/api/release/kv/get', '/api/audit/list']) {
      const refused = await t.post(`${call}?configuration=${id}`, { offset: 0, limit: 10 }, admin);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error).toBe(`Unknown environment ${id}`);
    }
    // Its id stays taken.
    expect((await t.post('/api/configuration/save', { configurationId: id }, admin)).statusCode).toBe(409);

    const restored = await restore(id);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toEqual({ payload: { id, description: 'no description' } });
    expect(await listed()).toContain(id);
    expect(await archivedIds()).not.toContain(id);
    expect((await t.post(`/api/release/kv/get?configuration=${id}`, undefined, admin)).json().payload).toBe(
      'kept=1;',
    );
    const entries = await t.auditEntries(admin, id);
    expect(entries.slice(0, 2)).toEqual([
      expect.objectContaining({
        action: 'environment.restore',
        target: id,
        email: ADMIN,
        attributes: { archivedBy: ADMIN, restartedKeys: [] },
      }),
      expect.objectContaining({ action: 'environment.archive', target: id, attributes: { stoppedKeys: [] } }),
    ]);
  });

  it('refuses prod, dev, an unknown id, an archived one again and a restore of one in use, writing nothing', async () => {
    const id = await create('twice');
    expect((await archive(id)).statusCode).toBe(200);
    const refusals: [Promise<Awaited<ReturnType<typeof archive>>>, number, string][] = [
      [archive('prod'), 409, 'Environment prod is protected and cannot be archived'],
      [archive('dev'), 409, 'Environment dev is the default environment and cannot be archived'],
      [archive('atlantis'), 404, 'Unknown environment atlantis'],
      [archive(id), 409, `Environment ${id} is already archived`],
      [restore('stable'), 409, 'Environment stable is not archived'],
      [restore('atlantis'), 404, 'Unknown environment atlantis'],
      [t.post('/api/configuration/archive', { configurationId: 'a b' }, admin), 400, 'configurationId: '],
    ];
    for (const [pending, status, error] of refusals) {
      const answer = await pending;
      expect({ status: answer.statusCode, error: answer.json().error.slice(0, error.length) }).toEqual({
        status,
        error,
      });
    }
    expect(await listed()).toEqual(expect.arrayContaining(['dev', 'stable', 'prod']));
    expect(
      (await t.auditEntries(admin, 'prod')).some((entry) => entry.action === 'environment.archive'),
    ).toBe(false);
  });

  it('is for console-wide admins: a viewer and an operator are refused 403', async () => {
    const id = await create('rights');
    for (const cookie of [viewer, operator]) {
      for (const answer of [await archive(id, cookie), await restore(id, cookie)]) {
        expect(answer.statusCode).toBe(403);
        expect(answer.json().error).toBe('Requires console-wide admin rights');
      }
      expect((await t.post('/api/configuration/archived', undefined, cookie)).statusCode).toBe(403);
    }
    expect(await listed()).toContain(id);
  });

  it('asks for confirmation when runtime keys serve it; then refuses them 403 and ends their streams, until restored', async () => {
    const id = await create('served');
    const key = await createKey(id);
    // The new environment's first revision reaches the served revisions by its notification.
    await expect.poll(async () => (await snapshot(key)).status).toBe(200);
    const stream = await openStream(`${base}/runtime/v1/stream`, { authorization: `Bearer ${key.key}` });
    expect(stream.status).toBe(200);
    const game = await connectGameClient(
      base.replace(/^http/, 'ws'),
      `configuration=${id}&principal=p-archived`,
      { authorization: `Bearer ${key.key}` },
    );

    const unconfirmed = await archive(id);
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().error).toBe(servedByKeysMessage(id, 1));
    expect((await snapshot(key)).status).toBe(200);

    const confirmed = await archive(id, admin, true);
    expect(confirmed.json()).toEqual({ payload: { id, stoppedKeyCount: 1 } });
    await stream.ended;
    expect(await game.closed).toEqual({ code: 4001, reason: 'Runtime key revoked' });
    const refused = await snapshot(key);
    expect(refused.status).toBe(403);
    expect(json(refused).error).toBe(archivedKeyMessage(id));
    const reopened = await openStream(`${base}/runtime/v1/stream`, { authorization: `Bearer ${key.key}` });
    expect(reopened.status).toBe(403);
    expect((await restore(id)).statusCode).toBe(200);
    expect((await snapshot(key)).status).toBe(200);
    // Its log is read once it is restored, like everything in it.
    expect((await t.auditEntries(admin, id)).slice(0, 2)).toMatchObject([
      { action: 'environment.restore', attributes: { restartedKeys: ['servers'] } },
      { action: 'environment.archive', attributes: { stoppedKeys: ['servers'] } },
    ]);
  });

  it('reaches another process over the same database: its key cache and its environments learn of it', async () => {
    const id = await create('shared');
    const key = await createKey(id);
    const other = await buildTestApp(t.databaseUrl);
    try {
      const client = httpClient(other);
      const read = () =>
        client.request({ url: '/runtime/v1/snapshot', headers: { authorization: `Bearer ${key.key}` } });
      // Known to the other process first: its refusal then comes from the NOTIFY, not a look-up.
      await expect.poll(async () => (await read()).statusCode).toBe(200);
      const readKv = () =>
        client.request({
          method: 'POST',
          url: `/api/release/kv/get?configuration=${id}`,
          headers: { cookie: admin },
        });
      expect((await readKv()).statusCode).toBe(200);
      expect((await archive(id, admin, true)).statusCode).toBe(200);
      await expect.poll(async () => (await read()).statusCode).toBe(403);
      expect((await read()).json().error).toBe(archivedKeyMessage(id));
      await expect.poll(async () => (await readKv()).statusCode).toBe(404);
      expect((await restore(id)).statusCode).toBe(200);
      await expect.poll(async () => (await read()).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  /** Sends the requests in this order, each queued behind the environment's row lock held from outside. */
  async function queuedOnEnvironment<T>(id: string, requests: (() => Promise<T>)[]): Promise<T[]> {
    await locker.query('BEGIN');
    await locker.query('SELECT 1 FROM environment WHERE id = $1 FOR UPDATE', [id]);
    const pending: Promise<T>[] = [];
    try {
      for (const send of requests) {
        pending.push(send());
        await waitUntilLockWaiters(watcher, pending.length);
      }
    } finally {
      await locker.query('COMMIT');
    }
    return Promise.all(pending);
  }

  it('races a change in it: a change queued before the archive commits before it', async () => {
    const id = await create('race-first');
    const [change, archived] = await queuedOnEnvironment(id, [
      () => setKv(id, 'first=1;'),
      () => archive(id),
    ]);
    expect([change!.statusCode, archived!.statusCode]).toEqual([200, 200]);
    expect((await restore(id)).statusCode).toBe(200);
    expect((await t.post(`/api/release/kv/get?configuration=${id}`, undefined, admin)).json().payload).toBe(
      'first=1;',
    );
    const actions = (await t.auditEntries(admin, id)).map((entry) => entry.action);
    expect(actions.slice(0, 3)).toEqual(['environment.restore', 'environment.archive', 'release.kv.set']);
  });

  it('races a change in it: a change queued after the archive is refused 404 and writes nothing', async () => {
    const id = await create('race-after');
    expect((await setKv(id, 'before=1;')).statusCode).toBe(200);
    const [archived, change] = await queuedOnEnvironment(id, [() => archive(id), () => setKv(id, 'lost=1;')]);
    expect(archived!.statusCode).toBe(200);
    expect(change!.statusCode).toBe(404);
    expect(change!.json().error).toBe(`Unknown environment ${id}`);
    expect((await restore(id)).statusCode).toBe(200);
    expect((await t.post(`/api/release/kv/get?configuration=${id}`, undefined, admin)).json().payload).toBe(
      'before=1;',
    );
    const actions = (await t.auditEntries(admin, id)).map((entry) => entry.action);
    expect(actions.slice(0, 3)).toEqual(['environment.restore', 'environment.archive', 'release.kv.set']);
  });
});
