import { CLOSED_BY_OPERATOR, type CreatedRuntimeKey } from '@console/domain/operations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { countQueries } from '../delivery/delivery.test-helpers.ts';
import { connectGameClient as connect, refusal } from './game-client.testing.ts';

describe('live client connections', () => {
  let t: TestApp;
  let cookie: string;
  let baseUrl: string;
  let devKey: CreatedRuntimeKey;
  const open: WebSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login('ops@example.com');
    const address = await t.url();
    baseUrl = address.replace(/^http/, 'ws');
    devKey = (await t.post('/api/runtime-keys/create', { name: 'dev clients' }, cookie)).json().payload;
  });
  afterAll(() => {
    for (const socket of open) socket.terminate();
  });

  const client = async (query: string, key = devKey.key) => {
    const connected = await connect(baseUrl, query, { authorization: `Bearer ${key}` });
    open.push(connected.socket);
    return connected;
  };
  const list = async (environment = 'dev') => {
    const response = await t.post(`/api/connections/list?configuration=${environment}`, undefined, cookie);
    expect(response.statusCode).toBe(200);
    return response.json().payload as { id: string; principal: string; address: string }[];
  };
  const audit = (environment = 'dev') => t.auditEntries(cookie, environment);

  describe('runtime keys', () => {
    it('creates a key shown once, lists it without key or hash, and audits it without the secret', async () => {
      const response = await t.post(
        '/api/runtime-keys/create?configuration=stable',
        { name: '  stable  ' },
        cookie,
      );
      expect(response.statusCode).toBe(200);
      const created = response.json().payload as CreatedRuntimeKey;
      expect(created).toMatchObject({ name: 'stable', createdBy: 'ops@example.com', revoked: null });
      expect(created.key).toMatch(/^rk_[A-Za-z0-9_-]{43}$/);
      const listed = (await t.post('/api/runtime-keys/list?configuration=stable', undefined, cookie)).json()
        .payload;
      expect(listed).toEqual([
        {
          id: created.id,
          name: 'stable',
          created: created.created,
          createdBy: 'ops@example.com',
          revoked: null,
        },
      ]);
      const entries = await audit('stable');
      expect(entries[0]).toMatchObject({
        action: 'runtime-key.create',
        target: created.id,
        attributes: { name: 'stable' },
      });
      expect(JSON.stringify(entries)).not.toContain(created.key);
      expect(JSON.stringify(listed)).not.toContain(created.key);
    });

    it('refuses an empty or too long name with 400', async () => {
      for (const name of ['', '   ', 'x'.repeat(65)]) {
        const response = await t.post('/api/runtime-keys/create', { name }, cookie);
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatch(/^name: name must /);
      }
    });

    it('revokes a key once (409 the second time, 404 unknown), audited', async () => {
      const created = (await t.post('/api/runtime-keys/create', { name: 'to revoke' }, cookie)).json()
        .payload;
      const revoked = await t.post('/api/runtime-keys/revoke', { id: created.id }, cookie);
      expect(revoked.statusCode).toBe(200);
      expect(revoked.json().payload.revoked).toEqual(expect.any(Number));
      const again = await t.post('/api/runtime-keys/revoke', { id: created.id }, cookie);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: "Runtime key 'to revoke' is already revoked" });
      const unknown = await t.post('/api/runtime-keys/revoke', { id: 'nope' }, cookie);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ error: "Runtime key 'nope' not found" });
      // another environment's key is unknown here
      const elsewhere = await t.post(
        '/api/runtime-keys/revoke?configuration=prod',
        { id: devKey.id },
        cookie,
      );
      expect(elsewhere.statusCode).toBe(404);
      expect((await audit()).filter((entry) => entry.action === 'runtime-key.revoke')).toHaveLength(1);
    });
  });

  describe('the game clients’ WebSocket', () => {
    it('refuses a missing, wrong, revoked or other environment’s key with 401, and no principal with 400', async () => {
      expect(await refusal(connect(baseUrl, 'principal=p1'))).toEqual({
        status: 401,
        body: JSON.stringify({ error: 'Invalid runtime key', code: 'NOT_LOGGED_IN' }),
      });
      expect(
        (await refusal(connect(baseUrl, 'principal=p1', { authorization: 'Bearer rk_wrong' }))).status,
      ).toBe(401);
      expect(
        (
          await refusal(
            connect(baseUrl, 'configuration=stable&principal=p1', { authorization: `Bearer ${devKey.key}` }),
          )
        ).status,
      ).toBe(401);
      const revoked = (await t.post('/api/runtime-keys/create', { name: 'old' }, cookie)).json().payload;
      await t.post('/api/runtime-keys/revoke', { id: revoked.id }, cookie);
      expect(
        (await refusal(connect(baseUrl, 'principal=p1', { authorization: `Bearer ${revoked.key}` }))).status,
      ).toBe(401);
      const noPrincipal = await refusal(
        connect(baseUrl, 'configuration=dev', { authorization: `Bearer ${devKey.key}` }),
      );
      expect(noPrincipal.status).toBe(400);
      expect(await list()).toEqual([]);
    });

    it('lists live connections per environment with ID, Principal and Remote Address', async () => {
      const first = await client('configuration=dev&principal=player-1');
      // the key may also come as a query parameter
      const second = await connect(baseUrl, `principal=player-2&key=${encodeURIComponent(devKey.key)}`);
      open.push(second.socket);
      expect(first.welcome).toMatchObject({ type: 'welcome', environment: 'dev' });
      expect(await list()).toEqual([
        { id: first.welcome.connectionId, principal: 'player-1', address: '127.0.0.1' },
        { id: second.welcome.connectionId, principal: 'player-2', address: '127.0.0.1' },
      ]);
      expect(await list('stable')).toEqual([]);
      // a client that leaves disappears from the list
      first.socket.close();
      await first.closed;
      await expect
        .poll(async () => (await list()).map((connection) => connection.principal))
        .toEqual(['player-2']);
      second.socket.close();
      await second.closed;
      await expect.poll(list).toEqual([]);
    });

    it('answers ping with pong', async () => {
      const connected = await client('principal=pinger');
      connected.socket.send(JSON.stringify({ type: 'ping' }));
      await expect.poll(() => connected.messages).toContainEqual({ type: 'pong' });
      connected.socket.close();
      await connected.closed;
    });

    it("closes a session with 4000 'Closed by operator', removes it from the list at once, and audits it", async () => {
      const connected = await client('principal=troublemaker');
      const id = connected.welcome.connectionId;
      // not from another environment
      const elsewhere = await t.post('/api/connections/close?configuration=stable', { id }, cookie);
      expect(elsewhere.statusCode).toBe(404);
      const response = await t.post('/api/connections/close', { id }, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json().payload).toEqual({ id, principal: 'troublemaker', address: '127.0.0.1' });
      expect(await list()).toEqual([]);
      expect(await connected.closed).toEqual({ code: CLOSED_BY_OPERATOR.code, reason: 'Closed by operator' });
      const [entry] = await audit();
      expect(entry).toMatchObject({
        action: 'connection.close',
        target: id,
        email: 'ops@example.com',
        attributes: { principal: 'troublemaker', address: '127.0.0.1' },
      });
    });

    it('answers 404 for an unknown connection, 400 for an empty id, 401 without a session', async () => {
      const unknown = await t.post('/api/connections/close', { id: 'gone' }, cookie);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ error: "Connection 'gone' not found" });
      expect((await t.post('/api/connections/close', { id: '' }, cookie)).statusCode).toBe(400);
      expect((await t.post('/api/connections/list')).statusCode).toBe(401);
    });

    it("revoking a key closes its live connections with 4001 'Runtime key revoked'", async () => {
      const created = (await t.post('/api/runtime-keys/create', { name: 'short-lived' }, cookie)).json()
        .payload;
      const byThisKey = await client('principal=p-revoked', created.key);
      const byOtherKey = await client('principal=p-kept');
      await t.post('/api/runtime-keys/revoke', { id: created.id }, cookie);
      expect(await byThisKey.closed).toEqual({ code: 4001, reason: 'Runtime key revoked' });
      expect((await list()).map((connection) => connection.principal)).toEqual(['p-kept']);
      // and from then on it cannot connect again
      expect(
        (await refusal(connect(baseUrl, 'principal=p-again', { authorization: `Bearer ${created.key}` })))
          .status,
      ).toBe(401);
      byOtherKey.socket.close();
      await byOtherKey.closed;
    });

    it('checks keys in the runtime key cache: a new key is looked up once, however many connects present it', async () => {
      const created = (await t.post('/api/runtime-keys/create', { name: 'cached' }, cookie)).json()
        .payload as CreatedRuntimeKey;
      const queries = countQueries();
      try {
        // The look-ups of a key by its hash (the connection registry's own statements name no hash).
        const keyLookups = () =>
          queries.texts.filter((text) => text.includes('runtime_key') && text.includes('"hash"')).length;
        const held = [];
        for (const principal of ['cached-1', 'cached-2'])
          held.push(await client(`principal=${principal}`, created.key));
        const wrongEnvironment = connect(baseUrl, 'configuration=stable&principal=cached-3', {
          authorization: `Bearer ${created.key}`,
        });
        expect((await refusal(wrongEnvironment)).status).toBe(401);
        expect(keyLookups()).toBe(1);
        for (const connected of held) connected.socket.close();
        await Promise.all(held.map((connected) => connected.closed));
        await expect.poll(list).toEqual([]);
      } finally {
        queries.restore();
      }
    });
  });
});

describe('server shutdown', () => {
  it('closes live connections with 1001 when the app closes', async () => {
    const t = await createTestApp();
    const cookie = await t.login();
    const key = (await t.post('/api/runtime-keys/create', { name: 'k' }, cookie)).json().payload.key;
    const address = (await t.url()).replace(/^http/, 'ws');
    const connected = await connect(address, 'principal=p', { authorization: `Bearer ${key}` });
    await t.app.close();
    expect(await connected.closed).toEqual({ code: 1001, reason: 'Server shutting down' });
  });
});
