import { MESSAGES } from '@console/domain/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import { DB_CONNECT_TIMEOUT_MS } from '../src/db/pool.ts';
import { validItem } from '../src/features/config/config.test-data.ts';
import type { TcpProxy } from '../src/testing/index.ts';
import { dumpEnvironment, sessionsWaitingForLocks, startDatabaseProxy, withConnection } from './faults.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Faults: with the database down, operator calls answer 503 {"error"} (not a hang, not a 500),
// /readyz says not ready, and the server recovers by itself when the database returns. The app reaches
// PostgreSQL through a TCP proxy that the test cuts, so the PostgreSQL other test files use keeps running.
//
// How fast an answer comes (the product gives up on the database after DB_CONNECT_TIMEOUT_MS, see
// db/pool.ts) is not checked against the clock here: on a loaded machine any bound is either flaky or
// meaningless. The test waits for every answer; the test's own timeout only guards against a hang.
/** A cap on "recovers by itself" that only guards against a hang (the product retries after 250 ms). */
const RECOVERY_CAP_MS = 60_000;
/** createDb's default pool size. */
const POOL_SIZE = 10;

type Call = [name: string, url: string, body: () => unknown];

describe('the database goes down under a running server', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  let cookie: string;
  let counter = 0;
  const unique = (prefix: string) => `${prefix}-${++counter}`;

  // Operator calls across the features, reads and writes, each needing the database.
  const calls: Call[] = [
    ['A/B-test list', '/api/abtest/list', () => undefined],
    ['A/B-test get', '/api/abtest/get', () => ({ id: 'outage-ab' })],
    ['A/B-test create', '/api/abtest/create', () => ({ id: unique('ab'), description: 'x', type: 0 })],
    ['version save', '/api/abtest/versions/save', () => ({ id: 'outage-ab', weights: [500_000, 500_000] })],
    ['configuration page', '/api/config/duel/list', () => ({ offset: 0, limit: 10 })],
    ['configuration create', '/api/config/duel/create', () => validItem('duel', unique('duel'))],
    ['audit page', '/api/audit/list', () => ({ offset: 0, limit: 100 })],
    ['plugin list', '/api/plugin/list', () => undefined],
    ['key-values set', '/api/release/kv/set', () => ({ keyValue: `outage=${counter++};` })],
    ['NICE get', '/api/nice/get', () => undefined],
    ['environment list', '/api/configuration/list', () => undefined],
    [
      'transfer preview',
      '/api/configuration/transfer/preview',
      () => ({ from: 'dev', to: 'stable', mode: 'overwrite' }),
    ],
    ['runtime key list', '/api/runtime-keys/list', () => undefined],
  ];
  const send = ([, url, body]: Call) => t.post(`${url}?configuration=dev`, body(), cookie);

  beforeAll(async () => {
    proxy = await startDatabaseProxy();
    t = await createTestApp({ ADMIN_EMAILS: 'outage@example.com' }, { connectVia: proxy.rewrite });
    cookie = await t.login('outage@example.com');
    const created = await t.post(
      '/api/abtest/create?configuration=dev',
      { id: 'outage-ab', description: 'x', type: 0 },
      cookie,
    );
    expect(created.statusCode).toBe(200);
  });

  /** Every call answers 200 (so a 503 below comes from the outage, not from the call). */
  async function expectServing() {
    for (const call of calls) {
      const response = await send(call);
      expect(response.statusCode, `${call[0]}: ${response.body}`).toBe(200);
    }
    expect((await t.request({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  }

  /** Asks /readyz until it answers 200. */
  async function waitUntilReady() {
    await expect
      .poll(async () => (await t.request({ method: 'GET', url: '/readyz' })).statusCode, {
        timeout: RECOVERY_CAP_MS,
        interval: 20,
        message: 'ready again after the database returned',
      })
      .toBe(200);
  }

  /**
   * Every call, three times over and all at once (more calls than the pool has connections, so some
   * wait for a connection): each answers 503 with the one error shape. /readyz says not ready.
   */
  async function expectUnavailable() {
    const round = [...calls, ...calls, ...calls];
    const answers = await Promise.all(round.map((call) => send(call)));
    for (const [index, response] of answers.entries()) {
      const name = round[index]![0];
      expect(response.statusCode, `${name}: ${response.body}`).toBe(503);
      expect(response.json(), name).toEqual({ error: MESSAGES.databaseUnavailable, code: 'UNAVAILABLE' });
      expect(response.headers['retry-after'], name).toBe('1');
    }
    const ready = await t.request({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ error: 'Database unreachable' });
  }

  const outages: [string, (proxy: TcpProxy) => void][] = [
    ['refused: connections are dropped at once', (p) => p.cut()],
    ['unreachable: connections are never answered', (p) => p.stall()],
  ];

  for (const [name, goDown] of outages) {
    it(`${name}: 503, nothing written, back by itself when the database returns`, async () => {
      await expectServing();
      const before = await dumpEnvironment(t.databaseUrl, 'dev');

      goDown(proxy);
      await expectUnavailable();
      // Still down a while later: the answer stays 503, it does not turn into a 500 or a hang.
      await expectUnavailable();
      // The writes attempted during the outage changed nothing.
      expect(await dumpEnvironment(t.databaseUrl, 'dev')).toEqual(before);

      proxy.restore();
      // No restart and nothing done by the test: the server is ready again as soon as it tries the
      // database again (db/pool.ts waits DB_RETRY_AFTER_MS after a failure), and serves every call.
      await waitUntilReady();
      await expectServing();
    });
  }

  it('a connection the server ends under a running call (shutdown, terminated backend) answers 503', async () => {
    await withConnection(t.databaseUrl, async (holder) => {
      // The call waits for a row lock this test holds, so its connection is busy when it is ended.
      await holder.query('BEGIN');
      await holder.query(
        `SELECT 1 FROM ab_test WHERE environment_id = 'dev' AND id = 'outage-ab' FOR UPDATE`,
      );
      const call = send([
        'version save',
        '/api/abtest/versions/save',
        () => ({ id: 'outage-ab', weights: [1_000_000] }),
      ]);
      let hasAnswered = false;
      void call.finally(() => {
        hasAnswered = true;
      });
      let waiting: number[] = [];
      while (waiting.length === 0) {
        expect(hasAnswered, 'the call waits for the lock').toBe(false);
        waiting = await sessionsWaitingForLocks(holder);
      }
      // What PostgreSQL does to every session when it shuts down: FATAL 57P01.
      for (const pid of waiting) await holder.query('SELECT pg_terminate_backend($1)', [pid]);
      const response = await call;
      await holder.query('ROLLBACK');
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json()).toMatchObject({ error: MESSAGES.databaseUnavailable });
    });
    await expectServing();
  });

  it('a busy pool is not an outage: calls queued for a connection longer than the connect limit are served', async () => {
    await withConnection(t.databaseUrl, async (holder) => {
      // Every pooled connection waits for a row lock this test holds; two more calls queue for one.
      await holder.query('BEGIN');
      await holder.query(
        `SELECT 1 FROM ab_test WHERE environment_id = 'dev' AND id = 'outage-ab' FOR UPDATE`,
      );
      const saves = Array.from({ length: POOL_SIZE + 2 }, () =>
        send([
          'version save',
          '/api/abtest/versions/save',
          () => ({ id: 'outage-ab', weights: [1_000_000] }),
        ]),
      );
      while ((await sessionsWaitingForLocks(holder)).length < POOL_SIZE) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // Longer than opening a connection may take: a pool that counted this wait as a failed
      // connection would answer the queued calls 503 now. Not a budget but an order: the app runs in
      // this process, and timers fire in the order they expire, so such a pool's limit (armed when the
      // calls queued, before this timer) would have fired before this one however busy the machine.
      await new Promise((resolve) => setTimeout(resolve, DB_CONNECT_TIMEOUT_MS + 500));
      await holder.query('ROLLBACK');
      const answers = await Promise.all(saves);
      expect(answers.map((response) => response.statusCode)).toEqual(saves.map(() => 200));
    });
  });
});
