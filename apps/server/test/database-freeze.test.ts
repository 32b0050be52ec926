import { readdirSync, readFileSync } from 'node:fs';
import { MESSAGES } from '@console/domain/errors';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validItem } from '../src/features/config/config.test-data.ts';
import {
  buildTestApp,
  cloneDatabase,
  createTemplateDatabase,
  startTestPostgres,
  type TestPostgres,
} from '../src/testing/index.ts';
import { dumpEnvironment, withConnection } from './faults.ts';

// Faults: PostgreSQL freezes (SIGSTOP of the postmaster and every process it started, as a stalled disk
// or a failover does): it still accepts TCP connections, but answers nothing, and cancels nothing.
// Operator calls answer 503 {"error"} instead of hanging for the outage, writes change nothing,
// /readyz says not ready, the runtime's reads go on from memory, and after SIGCONT everything is served
// again without a restart. The PostgreSQL frozen here is this file's own, never the one others share.
//
// The limits are the database's configured ones, shortened so the file is quick. What is asserted is that
// every answer arrives while the database is still frozen (it stays frozen until they all have), and that the
// server is ready again after SIGCONT; the caps only end a wait that hangs, several times the limits.
const LIMITS = {
  DATABASE_CONNECT_TIMEOUT_SECONDS: '1',
  DATABASE_STATEMENT_TIMEOUT_SECONDS: '2',
  DATABASE_TRANSACTION_TIMEOUT_SECONDS: '4',
};
/** A guard on waiting for an answer from the frozen database, ten times the 3 s (statement + 1 s) the limits give. */
const ANSWER_CAP_MS = 30_000;
const UNTIL_READY = { timeout: 30_000, interval: 100 } as const;
const ADMIN = 'freeze@example.com';

/** The call's answer; one still pending after ANSWER_CAP_MS fails as hung, naming the call. */
async function answerOf<T>(name: string, call: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${name}: no answer after ${ANSWER_CAP_MS} ms`)),
      ANSWER_CAP_MS,
    );
  });
  try {
    return await Promise.race([call(), hung]);
  } finally {
    clearTimeout(timer);
  }
}

/** The processes whose parent is `pid`, read from /proc. */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return children;
}

describe('PostgreSQL freezes under a running server', () => {
  let server: TestPostgres;
  let app: FastifyInstance;
  let ownerUrl: string;
  let postmaster: number;
  let cookie: string;
  let runtimeKey: string;
  let frozen: number[] = [];
  let counter = 0;

  const post = (url: string, body?: unknown) =>
    app.inject({
      method: 'POST',
      url,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const runtime = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${runtimeKey}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });

  const freeze = () => {
    frozen = [postmaster, ...childrenOf(postmaster)];
    for (const pid of frozen) process.kill(pid, 'SIGSTOP');
  };
  const thaw = () => {
    for (const pid of frozen) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // Gone.
      }
    }
    frozen = [];
  };

  beforeAll(async () => {
    // Its own embedded PostgreSQL, whatever DATABASE_URL says for the other files.
    server = await startTestPostgres({});
    const template = await createTemplateDatabase(server);
    const database = await cloneDatabase(server.adminUrl, template, server.prefix, server.servingRole);
    ownerUrl = database.url;
    app = await buildTestApp(database.servingUrl, { ADMIN_EMAILS: ADMIN, ...LIMITS });
    const login = await app.inject({
      method: 'POST',
      url: '/oauth/login/dev',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: ADMIN }),
    });
    cookie = String(login.headers['set-cookie']).split(';')[0]!;
    runtimeKey = (await post('/api/runtime-keys/create', { name: 'frozen' })).json().payload.key;
    expect((await post('/api/abtest/create', { id: 'before', description: 'x', type: 0 })).statusCode).toBe(
      200,
    );
    // The backend serving this connection is a child of the postmaster.
    postmaster = await withConnection(ownerUrl, async (client) => {
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const status = readFileSync(`/proc/${rows[0]!.pid}/status`, 'utf8');
      return Number(/^PPid:\s+(\d+)/m.exec(status)![1]);
    });
  });

  afterAll(async () => {
    thaw();
    await app?.close();
    await server?.stop();
  });

  const operatorCalls: [string, () => Promise<LightMyRequestResponse>][] = [
    ['A/B-test list', () => post('/api/abtest/list')],
    [
      'A/B-test create',
      () => post('/api/abtest/create', { id: `frozen-${++counter}`, description: 'x', type: 0 }),
    ],
    ['configuration create', () => post('/api/config/duel/create', validItem('duel', `frozen-${++counter}`))],
    ['key-values set', () => post('/api/release/kv/set', { keyValue: `frozen=${++counter};` })],
    ['audit page', () => post('/api/audit/list', { offset: 0, limit: 100 })],
    ['environment create', () => post('/api/configuration/save', { configurationId: `frozen-${++counter}` })],
    ['grants pending (runtime)', () => runtime('POST', '/runtime/v1/grants/pending', { userId: 'player-1' })],
  ];

  it('answers 503 while frozen, serves runtime reads from memory, changes nothing, and recovers after SIGCONT', async () => {
    const before = await dumpEnvironment(ownerUrl, 'dev');
    const snapshotBefore = await runtime('GET', '/runtime/v1/snapshot');
    expect(snapshotBefore.statusCode).toBe(200);

    freeze();
    try {
      // Twice over and all at once (more calls than the pool has connections), then a second round.
      for (let round = 0; round < 2; round += 1) {
        const calls = [...operatorCalls, ...operatorCalls];
        const answers = await Promise.all(calls.map(([name, call]) => answerOf(name, call)));
        for (const [index, answer] of answers.entries()) {
          const name = calls[index]![0];
          expect(answer.statusCode, `${name}: ${answer.body}`).toBe(503);
          expect(answer.json(), name).toMatchObject({ error: MESSAGES.databaseUnavailable });
        }
      }
      const ready = await answerOf('/readyz', () => app.inject({ method: 'GET', url: '/readyz' }));
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ error: 'Database unreachable' });
      // The game servers' reads are answered from memory.
      const snapshot = await runtime('GET', '/runtime/v1/snapshot');
      expect(snapshot.statusCode).toBe(200);
      expect(snapshot.json().payload.revision).toBe(snapshotBefore.json().payload.revision);
      const resolved = await runtime('POST', '/runtime/v1/resolve', { userId: 'player-1' });
      expect(resolved.statusCode, resolved.body).toBe(200);
    } finally {
      thaw();
    }

    await expect
      .poll(async () => (await app.inject({ method: 'GET', url: '/readyz' })).statusCode, UNTIL_READY)
      .toBe(200);
    // Nothing of the writes sent while the database was frozen was written.
    expect(await dumpEnvironment(ownerUrl, 'dev')).toEqual(before);
    for (const [name, call] of operatorCalls) {
      const response = await call();
      expect(response.statusCode, `${name} after SIGCONT: ${response.body}`).toBe(200);
    }
  });
});
