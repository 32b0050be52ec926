import { randomBytes } from 'node:crypto';
import type { CreatedRuntimeKey } from '@console/domain/operations';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildTestApp, httpClient } from '../../testing/index.ts';
import { countQueries, json, request, stopRegistryHeartbeat } from './delivery.test-helpers.ts';

const garbageKey = () => `rk_${randomBytes(32).toString('base64url')}`;

describe('runtime keys on the runtime API', () => {
  let t: TestApp;
  let base: string;
  let cookie: string;
  let devKey: CreatedRuntimeKey;
  let stableKey: CreatedRuntimeKey;
  const createKey = async (environment: string, name = 'game servers') =>
    (await t.post(`/api/runtime-keys/create?configuration=${environment}`, { name }, cookie)).json()
      .payload as CreatedRuntimeKey;
  const snapshot = (authorization: string | undefined, query = '') =>
    request(`${base}/runtime/v1/snapshot${query}`, {
      headers: authorization === undefined ? {} : { authorization },
    });

  beforeAll(async () => {
    // No periodic check during the query counts.
    t = await createTestApp({}, { runtime: { checkMs: 3_600_000 } });
    cookie = await t.login('ops@example.com');
    devKey = await createKey('dev');
    stableKey = await createKey('stable');
    // Each environment serves the revision 1 published at start-up.
    base = await t.url();
  });
  afterAll(() => vi.restoreAllMocks());

  it("reads the key's own environment; ?configuration= naming it is allowed, naming another is 403", async () => {
    expect(json(await snapshot(`Bearer ${devKey.key}`)).payload.environment).toBe('dev');
    expect(json(await snapshot(`bearer ${devKey.key}`, '?configuration=dev')).payload.environment).toBe(
      'dev',
    );
    expect(json(await snapshot(`Bearer ${stableKey.key}`)).payload.environment).toBe('stable');
    for (const [key, other] of [
      [devKey, 'stable'],
      [stableKey, 'dev'],
      [devKey, 'atlantis'],
    ] as const) {
      const refused = await snapshot(`Bearer ${key.key}`, `?configuration=${other}`);
      expect(refused.status).toBe(403);
      expect(json(refused).error).toMatch(
        new RegExp(`^This runtime key reads environment '\\w+', not '${other}'$`),
      );
    }
    const stream = await request(`${base}/runtime/v1/stream?configuration=stable`, {
      headers: { authorization: `Bearer ${devKey.key}` },
    });
    expect(stream.status).toBe(403);
  });

  it('answers 401 {error} without a key, with a malformed or unknown one, and for a session alone', async () => {
    const answers = [
      await snapshot(undefined),
      await snapshot('Bearer '),
      await snapshot(`Basic ${devKey.key}`),
      await snapshot('Bearer not-a-key'),
      await snapshot(`Bearer ${garbageKey()}`),
      await snapshot(`Bearer ${devKey.key}x`),
      await request(`${base}/runtime/v1/snapshot`, { headers: { cookie } }),
      // A key is never read from the URL (it would end up in logs).
      await snapshot(undefined, `?key=${devKey.key}`),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 401, 401, 401]);
    for (const answer of answers) expect(json(answer)).toMatchObject({ error: expect.any(String) });
  });

  it('never lets a runtime key reach /api, where only sessions count', async () => {
    for (const path of ['/api/auth/me', '/api/configuration/list', '/api/runtime-keys/list']) {
      for (const query of ['', '?configuration=dev']) {
        const answer = await request(`${base}${path}${query}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${devKey.key}` },
          body: {},
        });
        expect({ path, status: answer.status }).toEqual({ path, status: 401 });
      }
    }
  });

  it('refuses a revoked key at once, and a key created since is accepted on first use', async () => {
    const key = await createKey('dev', 'to revoke');
    expect((await snapshot(`Bearer ${key.key}`)).status).toBe(200);
    const revoked = await t.post('/api/runtime-keys/revoke', { id: key.id }, cookie);
    expect(revoked.statusCode).toBe(200);
    const refused = await snapshot(`Bearer ${key.key}`);
    expect(refused.status).toBe(401);
    expect(json(refused)).toEqual({ error: 'This runtime key has been revoked', code: 'NOT_LOGGED_IN' });
    // The other keys are untouched.
    expect((await snapshot(`Bearer ${devKey.key}`)).status).toBe(200);
  });

  it('asks the database once per unknown key, however many requests present it', async () => {
    await stopRegistryHeartbeat(t.app);
    const queries = countQueries();
    try {
      const garbage = garbageKey();
      for (let round = 0; round < 10; round++) {
        expect((await snapshot(`Bearer ${garbage}`)).status).toBe(401);
      }
      expect(queries.count).toBe(1);
      // Concurrent requests with one new key share one look-up.
      const fresh = await createKey('dev', 'fresh');
      const before = queries.count;
      const answers = await Promise.all(Array.from({ length: 10 }, () => snapshot(`Bearer ${fresh.key}`)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
      expect(queries.count - before).toBe(1);
    } finally {
      queries.restore();
    }
  });
});

describe('a flood of ever new garbage keys', () => {
  it('reaches the database only as far as the look-up ration allows; the rest are answered 429', async () => {
    const t = await createTestApp(
      {},
      { runtime: { checkMs: 3_600_000, keyCache: { lookupBurst: 5, lookupsPerSecond: 0.001 } } },
    );
    const base = await t.url();
    await stopRegistryHeartbeat(t.app);
    const queries = countQueries();
    try {
      const answers = [];
      for (let index = 0; index < 30; index++) {
        answers.push(
          await request(`${base}/runtime/v1/snapshot`, {
            headers: { authorization: `Bearer ${garbageKey()}` },
          }),
        );
      }
      expect(queries.count).toBe(5);
      expect(answers.map((answer) => answer.status)).toEqual([...Array(5).fill(401), ...Array(25).fill(429)]);
      expect(json(answers[29]!)).toEqual({
        error: 'Too many unknown runtime keys; try again shortly',
        code: 'TOO_MANY_REQUESTS',
      });
      // A 429 says when to try again (http/errors.ts), as the OpenAPI document declares.
      expect(answers[29]!.headers['retry-after']).toBe('1');
    } finally {
      queries.restore();
    }
  });
});

describe('runtime key revocation across console processes', () => {
  it('reaches another process over NOTIFY, which refuses the key without being asked again', async () => {
    const t = await createTestApp();
    const cookie = await t.login('ops@example.com');
    const other = await buildTestApp(t.databaseUrl);
    try {
      const key = (await t.post('/api/runtime-keys/create', { name: 'shared' }, cookie)).json().payload;
      const read = () =>
        httpClient(other).request({
          url: '/runtime/v1/snapshot',
          headers: { authorization: `Bearer ${key.key}` },
        });
      await expect.poll(async () => (await read()).statusCode).toBe(200);
      // Known to the other process now: its refusal after the revoke comes from the NOTIFY, not a look-up.
      expect((await t.post('/api/runtime-keys/revoke', { id: key.id }, cookie)).statusCode).toBe(200);
      await expect.poll(async () => (await read()).statusCode).toBe(401);
      expect((await read()).json()).toMatchObject({ error: 'This runtime key has been revoked' });
    } finally {
      await other.close();
    }
  });
});
