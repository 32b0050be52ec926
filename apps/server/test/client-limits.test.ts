import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openStream, type SseClient } from '../src/features/delivery/delivery.test-helpers.ts';
import { readSettings } from '../src/settings.ts';
import { httpClient } from '../src/testing/index.ts';
import { withConnection } from './faults.ts';
import { createTestApp, type TestApp, UNTIL_EVENT } from './helpers.ts';

// What one client may hold or send is capped: event streams per runtime key (over all processes), the
// time a request may take to arrive, connections per address; and refusals are counted and logged at
// most once per client per interval, while successful runtime reads are not logged at the default level.

/** A connection silent this long has hung: only a guard, far from any limit these tests exercise. */
const SILENCE_CAP_MS = 20_000;

/**
 * Sends raw bytes on a new connection and resolves with everything the server sent until it closed; a
 * connection on which nothing happens for SILENCE_CAP_MS fails, rather than the test's timeout.
 */
function rawExchange(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    socket.setTimeout(SILENCE_CAP_MS, () => {
      socket.destroy();
      reject(new Error(`Neither an answer nor a close in ${SILENCE_CAP_MS} ms: ${JSON.stringify(answer)}`));
    });
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', (error) => (answer ? resolve(answer) : reject(error)));
  });
}

/** Opens a connection that sends nothing, resolved once connected. */
function idleConnection(url: string) {
  const { hostname, port } = new URL(url);
  return new Promise<ReturnType<typeof connect>>((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve(socket));
    socket.on('error', reject);
  });
}

const statusOf = (answer: string) => Number(answer.split(' ')[1]);
const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

describe('event streams per runtime key', () => {
  let t: TestApp;
  let base: string;
  let cookie: string;
  let key: string;
  let otherKey: string;
  const open: SseClient[] = [];
  const stream = async (bearer = key) => {
    const client = await openStream(`${base}/runtime/v1/stream`, { authorization: `Bearer ${bearer}` });
    open.push(client);
    return client;
  };
  const closeAll = async () => {
    for (const client of open.splice(0)) client.close();
    await expect.poll(() => t.app.runtimeStreams.size, UNTIL_EVENT).toBe(0);
  };

  beforeAll(async () => {
    t = await createTestApp({ RUNTIME_MAX_STREAMS_PER_KEY: '3' });
    cookie = await t.login('streams@example.com');
    const create = async (name: string) =>
      (await t.post('/api/runtime-keys/create', { name }, cookie)).json().payload.key as string;
    key = await create('capped');
    otherKey = await create('other');
    base = await t.url();
  });
  afterAll(() => {
    for (const client of open) client.close();
  });

  it('refuses a stream over the maximum with 429 {"error"}, and accepts one again once another closed', async () => {
    for (let count = 0; count < 3; count += 1) expect((await stream()).status).toBe(200);
    const refused = await stream();
    expect(refused.status).toBe(429);
    await refused.ended;
    expect((await stream(otherKey)).status).toBe(200);
    open[0]!.close();
    await expect.poll(() => t.app.runtimeStreams.size, UNTIL_EVENT).toBe(3);
    expect((await stream()).status).toBe(200);
    await closeAll();
  });

  it('shares the maximum among the live server processes, so their streams together stay within it', async () => {
    // A second process on this database, as its heartbeat row says (the registry counts processes so).
    await withConnection(t.databaseUrl, (client) =>
      client.query(
        `INSERT INTO "runtime_process" ("id", "host", "pid") VALUES ('other-process', 'elsewhere', 1)`,
      ),
    );
    try {
      await t.app.connections.checkNow();
      expect(t.app.connections.liveProcessCount).toBe(2);
      expect((await stream()).status).toBe(200);
      expect((await stream()).status).toBe(429);
    } finally {
      await withConnection(t.databaseUrl, (client) =>
        client.query(`DELETE FROM "runtime_process" WHERE "id" = 'other-process'`),
      );
      await t.app.connections.checkNow();
      await closeAll();
    }
  });
});

describe('slow requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REQUEST_BODY_TIMEOUT_SECONDS: '1' });
  });

  it('answers 408 {"error"} to a body that does not arrive in time, and closes the connection', async () => {
    // The exchange ends when the server closes the connection: the answer came and nothing followed it.
    const answer = await rawExchange(
      await t.url(),
      'POST /oauth/login/dev HTTP/1.1\r\nHost: localhost\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"a":',
    );
    expect(statusOf(answer)).toBe(408);
    expect(bodyOf(answer)).toEqual({ error: 'The request took too long to arrive', code: 'REQUEST_TIMEOUT' });
  });
});

describe('connections per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Idle connections are held on purpose here: a long request time keeps Node from closing them.
    t = await createTestApp({ REQUEST_BODY_TIMEOUT_SECONDS: '600', MAX_CONNECTIONS_PER_ADDRESS: '4' });
  });

  it('refuses a connection over the maximum per address with 429 {"error"}, and accepts one once another closed', async () => {
    const url = await t.url();
    const held = await Promise.all(Array.from({ length: 4 }, () => idleConnection(url)));
    try {
      const refused = await rawExchange(url, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
      expect(statusOf(refused)).toBe(429);
      expect(refused).toMatch(/\r\nretry-after: 1\r\n/);
      expect(bodyOf(refused)).toEqual({
        error: 'Too many open connections from this address (MAX_CONNECTIONS_PER_ADDRESS)',
        code: 'TOO_MANY_REQUESTS',
      });
      held.pop()!.destroy();
      await expect
        .poll(
          async () =>
            statusOf(
              await rawExchange(url, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nconnection: close\r\n\r\n'),
            ),
          UNTIL_EVENT,
        )
        .toBe(200);
    } finally {
      for (const socket of held) socket.destroy();
    }
  });
});

describe('logs that cannot be flooded', () => {
  it('count every refusal but log one line per client per interval, and no line per runtime read', async () => {
    const t = await createTestApp();
    const cookie = await t.login('logs@example.com');
    const key = (await t.post('/api/runtime-keys/create', { name: 'logs' }, cookie)).json().payload.key;
    const lines: { msg: string; client?: string; reqId?: string }[] = [];
    const logged = await buildApp({
      settings: readSettings({ AUTH_DEV_LOGIN: 'true', TRUST_PROXY: 'true' }, t.servingUrl),
      logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    });
    try {
      const client = httpClient(logged);
      for (let count = 0; count < 20; count += 1) {
        for (const address of ['203.0.113.1', '203.0.113.2']) {
          const refused = await client.request({
            method: 'POST',
            url: '/api/auth/me',
            headers: { 'x-forwarded-for': address },
          });
          expect(refused.statusCode).toBe(401);
        }
        const read = await client.request({
          url: '/runtime/v1/snapshot',
          headers: { authorization: `Bearer ${key}` },
        });
        expect(read.statusCode).toBe(200);
      }
    } finally {
      await logged.close();
    }
    expect(logged.refusals.counts.get(401)).toBe(40);
    const refusals = lines.filter((line) => line.msg.startsWith('request refused'));
    expect(refusals.map((line) => line.client).sort()).toEqual(['203.0.113.1', '203.0.113.2']);
    expect(lines.filter((line) => line.msg === 'request completed')).toEqual([]);
  });
});
