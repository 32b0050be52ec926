import {
  CLOSED_BY_CONNECTION_LIMIT,
  CLOSED_BY_KEY_REVOKED,
  CLOSED_BY_OPERATOR,
  CLOSED_BY_SHUTDOWN,
  type Connection,
  type CreatedRuntimeKey,
} from '@console/domain/operations';
import type { RevisionListResponse, RuntimeSnapshot } from '@console/domain/runtime';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { WebSocket } from 'ws';
import { connectGameClient, refusal } from '../src/features/connections/game-client.testing.ts';
import { openStream } from '../src/features/delivery/delivery.test-helpers.ts';
import { cloneDatabase, type ServerProcess, startServerProcess } from '../src/testing/index.ts';

// Scale out: two console processes on one database. What one holds or changes, the other
// lists, closes and serves. Both start once for the file (each is a real `tsx src/server.ts`).

const LIMIT = 2;
/**
 * A cap on waiting for a revision to reach a process, that only guards against a hang: how fast it
 * arrives is measured by `npm run bench` (bench-propagation), not judged against the clock here.
 */
const PROPAGATION_CAP_MS = 60_000;

describe('two server processes on one database', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let cookie: string;
  const open: WebSocket[] = [];
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const database = await cloneDatabase(
      inject('adminUrl'),
      inject('templateDatabase'),
      inject('databasePrefix'),
    );
    drop = database.drop;
    const env = { RUNTIME_MAX_CONNECTIONS_PER_KEY: String(LIMIT) };
    // One after the other: each migrates and seeds the database at start, as `npm start` does.
    a = await startServerProcess({ databaseUrl: database.url, env, entry: inject('serverBundle') });
    b = await startServerProcess({ databaseUrl: database.url, env, entry: inject('serverBundle') });
    const login = await fetch(`${a.url}/oauth/login/dev`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ops@example.com' }),
    });
    cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  });
  afterAll(async () => {
    for (const socket of open) socket.terminate();
    await Promise.all([a?.stop(), b?.stop()]);
    await drop?.();
  });

  const call = async (server: ServerProcess, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return {
      status: response.status,
      body: (await response.json()) as { payload?: unknown; error?: string },
    };
  };
  const createKey = async (server: ServerProcess, name: string) =>
    (await call(server, '/api/runtime-keys/create', { name })).body.payload as CreatedRuntimeKey;
  const list = async (server: ServerProcess) =>
    ((await call(server, '/api/connections/list')).body.payload as Connection[]).map(
      (connection) => connection.principal,
    );
  const client = async (server: ServerProcess, principal: string, key: CreatedRuntimeKey) => {
    const connected = await connectGameClient(server.url.replace(/^http/, 'ws'), `principal=${principal}`, {
      authorization: `Bearer ${key.key}`,
    });
    open.push(connected.socket);
    return connected;
  };

  const snapshotRequest = (server: ServerProcess, key: CreatedRuntimeKey, etag = '') =>
    fetch(`${server.url}/runtime/v1/snapshot`, {
      headers: { authorization: `Bearer ${key.key}`, ...(etag ? { 'if-none-match': etag } : {}) },
    });
  const snapshotOf = async (server: ServerProcess, key: CreatedRuntimeKey) => {
    const response = await snapshotRequest(server, key);
    expect(response.status).toBe(200);
    return {
      etag: response.headers.get('etag') ?? '',
      ...((await response.json()) as { payload: RuntimeSnapshot }),
    };
  };
  /**
   * Polls the process's snapshot every few ms (304 while its ETag is unchanged) until it serves a revision
   * after `after`, and answers it. Gives up after PROPAGATION_CAP_MS, so a process that never catches up
   * fails with a message rather than the test's timeout.
   */
  const firstServedAfter = async (server: ServerProcess, key: CreatedRuntimeKey, after: { etag: string }) => {
    const giveUp = performance.now() + PROPAGATION_CAP_MS;
    while (performance.now() < giveUp) {
      const response = await snapshotRequest(server, key, after.etag);
      if (response.status === 200)
        return { snapshot: ((await response.json()) as { payload: RuntimeSnapshot }).payload };
      expect(response.status).toBe(304);
      await new Promise((done) => setTimeout(done, 5));
    }
    throw new Error(`${server.url} still serves ${after.etag} after ${PROPAGATION_CAP_MS} ms`);
  };

  it('serves a change made through one process from the other, and pushes it on its stream', async () => {
    const key = await createKey(a, 'readers');
    const before = await snapshotOf(b, key);
    expect((await snapshotOf(a, key)).payload.revision).toBe(before.payload.revision);
    const stream = await openStream(`${b.url}/runtime/v1/stream`, {
      authorization: `Bearer ${key.key}`,
      'last-event-id': String(before.payload.revision),
    });
    try {
      // Release info is part of what players receive: saving it publishes a revision (through A only).
      const keyValue = `propagation=${before.payload.revision + 1};`;
      const saved = await call(a, '/api/release/kv/set', { keyValue });
      expect(saved.status).toBe(200);
      const [onB, onA] = await Promise.all([
        firstServedAfter(b, key, before),
        firstServedAfter(a, key, before),
      ]);
      const history = (await call(a, '/api/runtime/revision/list', { limit: 1 })).body
        .payload as RevisionListResponse;
      expect(history.latest).toBe(before.payload.revision + 1);
      for (const served of [onB.snapshot, onA.snapshot]) {
        expect(served).toMatchObject({
          environment: 'dev',
          revision: history.latest,
          publishedBy: 'ops@example.com',
        });
        expect(served.content.release.keyValue).toBe(keyValue);
      }
      expect(onB.snapshot.hash).toBe(onA.snapshot.hash);

      const event = await stream.nextEvent();
      expect(event).toMatchObject({ id: String(history.latest), event: 'revision' });
      expect(JSON.parse(event.data!)).toMatchObject({ revision: history.latest, hash: onB.snapshot.hash });
    } finally {
      stream.close();
    }
  });

  it('lists a connection held by one process through the other, and closes it there', async () => {
    const key = await createKey(a, 'players');
    const held = await client(a, 'held-by-a', key);
    expect(await list(b)).toEqual(['held-by-a']);
    const closed = await call(b, '/api/connections/close', { id: held.welcome.connectionId });
    expect(closed).toEqual({
      status: 200,
      body: { payload: { id: held.welcome.connectionId, principal: 'held-by-a', address: '127.0.0.1' } },
    });
    expect(await held.closed).toEqual({ code: CLOSED_BY_OPERATOR.code, reason: 'Closed by operator' });
    expect(await list(a)).toEqual([]);
    expect(await list(b)).toEqual([]);
    const audit = await call(a, '/api/audit/list', { offset: 0, limit: 1 });
    expect(audit.body.payload).toMatchObject([
      { action: 'connection.close', target: held.welcome.connectionId },
    ]);
  });

  it('revoking a key through one process closes its connections on the other with 4001', async () => {
    const key = await createKey(a, 'to revoke');
    const onA = await client(a, 'revoked-on-a', key);
    const onB = await client(b, 'revoked-on-b', key);
    expect(await list(a)).toEqual(['revoked-on-a', 'revoked-on-b']);
    expect((await call(b, '/api/runtime-keys/revoke', { id: key.id })).status).toBe(200);
    const revoked = { code: CLOSED_BY_KEY_REVOKED.code, reason: 'Runtime key revoked' };
    expect(await onA.closed).toEqual(revoked);
    expect(await onB.closed).toEqual(revoked);
    expect(await list(a)).toEqual([]);
  });

  it(`counts a runtime key's connections over both processes (at most ${LIMIT})`, async () => {
    const key = await createKey(b, 'capped');
    const onA = await client(a, 'cap-a', key);
    const onB = await client(b, 'cap-b', key);
    const wsA = a.url.replace(/^http/, 'ws');
    expect(
      await refusal(connectGameClient(wsA, 'principal=cap-c', { authorization: `Bearer ${key.key}` })),
    ).toEqual({
      code: CLOSED_BY_CONNECTION_LIMIT.code,
      reason: CLOSED_BY_CONNECTION_LIMIT.reason,
    });
    onA.socket.close();
    onB.socket.close();
    await Promise.all([onA.closed, onB.closed]);
    await expect.poll(() => list(b)).toEqual([]);
  });

  it('a process that shuts down takes its connections off the other’s list', async () => {
    const key = await createKey(b, 'leaving');
    const onA = await client(a, 'on-leaving-a', key);
    expect(await list(b)).toEqual(['on-leaving-a']);
    await a.stop();
    expect(await onA.closed).toEqual({ code: CLOSED_BY_SHUTDOWN.code, reason: CLOSED_BY_SHUTDOWN.reason });
    expect(await list(b)).toEqual([]);
  });
});
