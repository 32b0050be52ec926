import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

describe('API rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ API_RATE_LIMIT_PER_SESSION: '5', API_RATE_LIMIT_PER_ADDRESS: '8' });
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
    // Anonymous calls count by address only: still refused from there, served from elsewhere (401).
    expect((await call(undefined, '10.0.0.1')).statusCode).toBe(429);
    expect((await call(undefined, '10.0.0.2')).statusCode).toBe(401);
    expect((await call(second, '10.0.0.3')).statusCode).toBe(200);
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
