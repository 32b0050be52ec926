import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

describe('API rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      API_RATE_LIMIT_PER_SESSION: '5',
      API_RATE_LIMIT_PER_ADDRESS: '8',
      API_RATE_LIMIT_ANONYMOUS_PER_ADDRESS: '10',
    });
  });

  // inject, not a socket: the limits are per client address, and only inject can send from several
  // addresses (every socket a test opens comes from 127.0.0.1).
  const call = (cookie: string | undefined, remoteAddress: string, url = '/api/auth/me') =>
    t.app.inject({ method: 'POST', url, remoteAddress, headers: cookie ? { cookie } : {} });

  it('limits each session, then each address, with 429 {"error"} and Retry-After', async () => {
    const first = await t.login('first@example.com');
    const second = await t.login('second@example.com');
    const statuses = async (cookie: string | undefined, count: number, address = '10.0.0.1') => {
      const answers = [];
      for (let index = 0; index < count; index += 1) answers.push(await call(cookie, address));
      return answers;
    };
    const firstAnswers = await statuses(first, 6);
    expect(firstAnswers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = firstAnswers[5]!;
    expect(refused.json()).toEqual({
      error: expect.stringMatching(/^Too many requests; try again in \d+ seconds$/),
      code: 'TOO_MANY_REQUESTS',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another session from the same address: its own bucket, until the address's is full (5 + 3 = 8).
    const secondAnswers = await statuses(second, 4);
    expect(secondAnswers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429]);
    // Anonymous calls have the address's budget of their own: the sessions' being spent refuses none.
    expect((await call(undefined, '10.0.0.1')).statusCode).toBe(401);
    expect((await call(second, '10.0.0.3')).statusCode).toBe(200);
  });

  it('serves a signed-in operator while the same address floods without a session', async () => {
    const operator = await t.login('flooded@example.com');
    const madeUp = 'console_session=made-up-by-the-flood';
    const flood: number[] = [];
    const served: number[] = [];
    // Over real sockets, all from 127.0.0.1: calls without a cookie and with a made-up one, far beyond
    // the address's budget of its sessions (8), and between them the operator's calls.
    for (let round = 0; round < 4; round += 1) {
      for (let index = 0; index < 10; index += 1) {
        const cookie: Record<string, string> = index % 2 === 0 ? {} : { cookie: madeUp };
        const refused = await t.request({ method: 'POST', url: '/api/auth/me', headers: cookie });
        flood.push(refused.statusCode);
      }
      const answer = await t.request({ method: 'POST', url: '/api/auth/me', headers: { cookie: operator } });
      served.push(answer.statusCode);
    }
    expect(served).toEqual([200, 200, 200, 200]);
    // The flood's own budget: 10 answered 401 (not signed in), every later one 429.
    expect(flood).toEqual([...Array(10).fill(401), ...Array(30).fill(429)]);
  });

  it('does not count what is not the API', async () => {
    for (let index = 0; index < 12; index += 1) {
      const health = await t.request({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
    }
  });
});

describe('API rate limits of 0', () => {
  it('switch that limit off and leave the other', async () => {
    const t = await createTestApp({ API_RATE_LIMIT_PER_SESSION: '3', API_RATE_LIMIT_PER_ADDRESS: '0' });
    const sessions = [
      await t.login('a@example.com'),
      await t.login('b@example.com'),
      await t.login('c@example.com'),
    ];
    const statuses: number[] = [];
    for (const cookie of sessions) {
      for (let index = 0; index < 4; index += 1) {
        const response = await t.request({ method: 'POST', url: '/api/auth/me', headers: { cookie } });
        statuses.push(response.statusCode);
      }
    }
    // Twelve calls from one address: only each session's fourth is refused.
    expect(statuses).toEqual([200, 200, 200, 429, 200, 200, 200, 429, 200, 200, 200, 429]);
  });
});
