import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers.ts';
import { buildTestApp, httpClient } from '../../testing/index.ts';

// Sessions live in a table, so ending one ends every copy of its cookie at once.

const MINUTE = 60_000;
const me = (t: Awaited<ReturnType<typeof createTestApp>>, cookie: string) =>
  t.post('/api/auth/me', undefined, cookie).then((response) => response.statusCode);

/** A clock the test moves forward instead of waiting. */
function testClock() {
  let at = Date.parse('2026-01-05T09:00:00Z');
  return {
    now: () => at,
    advance: (ms: number) => {
      at += ms;
    },
  };
}

describe('sessions', () => {
  it('end at logout: a copy of the cookie is refused at once', async () => {
    const t = await createTestApp();
    const cookie = await t.login('ops@example.com');
    const copy = `${cookie}`;
    expect(await me(t, copy)).toBe(200);
    await t.post('/logout', {}, cookie);
    expect(await me(t, copy)).toBe(401);
    expect(await me(t, cookie)).toBe(401);
  });

  it('end everywhere at once on sign-out-everywhere, and only that user’s', async () => {
    const t = await createTestApp();
    const laptop = await t.login('ops@example.com');
    const phone = await t.login('ops@example.com');
    const colleague = await t.login('colleague@example.com');
    const response = await t.post('/api/auth/sign-out-everywhere', {}, phone);
    expect(response.json()).toEqual({ payload: { sessionsEnded: 2 } });
    expect(String(response.headers['set-cookie'])).toMatch(/console_session=;/);
    expect(await me(t, laptop)).toBe(401);
    expect(await me(t, phone)).toBe(401);
    expect(await me(t, colleague)).toBe(200);
  });

  it('end at once when an admin removes the user', async () => {
    const t = await createTestApp({ ADMIN_EMAILS: 'boss@example.com' });
    const admin = await t.login('boss@example.com');
    const removed = await t.login('leaver@example.com');
    const copy = `${removed}`;
    expect(await me(t, copy)).toBe(200);
    const response = await t.post('/api/users/remove', { email: 'leaver@example.com' }, admin);
    expect(response.json()).toEqual({ payload: { email: 'leaver@example.com', sessionsEnded: 1 } });
    expect(await me(t, copy)).toBe(401);
  });

  it('get a new id at sign-in: the cookie held before no longer works', async () => {
    const t = await createTestApp();
    const before = await t.login('ops@example.com');
    const response = await t.post('/oauth/login/dev', { email: 'ops@example.com' }, before);
    const after = String(response.headers['set-cookie']).split(';')[0]!;
    expect(after).not.toBe(before);
    expect(await me(t, after)).toBe(200);
    expect(await me(t, before)).toBe(401);
  });

  it('keep only the hash of the id the cookie carries', async () => {
    const t = await createTestApp();
    const cookie = await t.login('ops@example.com');
    const id = cookie.split('=')[1]!;
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.app.db.session.findMany({ where: { email: 'ops@example.com' } });
    expect(rows.map((row) => row.idHash)).toEqual([createHash('sha256').update(id).digest('hex')]);
  });

  it('end after the idle time without a request, and after the absolute lifetime whatever', async () => {
    const clock = testClock();
    const t = await createTestApp({ SESSION_IDLE_MINUTES: '10', SESSION_ABSOLUTE_HOURS: '1' }, clock);
    const idle = await t.login('idle@example.com');
    const busy = await t.login('busy@example.com');
    // Busy works every 9 minutes and stays signed in; idle is away 10 minutes and is signed out.
    clock.advance(9 * MINUTE);
    expect(await me(t, busy)).toBe(200);
    clock.advance(MINUTE);
    expect(await me(t, idle)).toBe(401);
    for (let minutes = 10; minutes < 60; minutes += 9) {
      expect(await me(t, busy)).toBe(200);
      clock.advance(9 * MINUTE);
    }
    // 64 minutes after sign-in, although busy was never idle for 10.
    expect(await me(t, busy)).toBe(401);
  });

  it('are ended in another process over the same database within the cache time', async () => {
    const clock = testClock();
    const t = await createTestApp({}, clock);
    const other = await buildTestApp(t.databaseUrl, {}, clock);
    try {
      const cookie = await t.login('ops@example.com');
      const inOther = () =>
        httpClient(other)
          .request({ method: 'POST', url: '/api/auth/me', headers: { cookie } })
          .then((r) => r.statusCode);
      expect(await inOther()).toBe(200);
      await t.post('/logout', {}, cookie);
      // The other process trusts what it read for 5 seconds (SESSION_CACHE_MS), then reads again.
      clock.advance(5_000);
      expect(await inOther()).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('the session cookie', () => {
  const setCookieOf = async (env: NodeJS.ProcessEnv, headers: Record<string, string> = {}) => {
    const t = await createTestApp(env);
    const response = await t.request({
      method: 'POST',
      url: '/oauth/login/dev',
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify({ email: 'ops@example.com' }),
    });
    return String(response.headers['set-cookie']);
  };

  it('is httpOnly, SameSite=Lax, lives as long as the absolute lifetime, and is not Secure over http', async () => {
    const cookie = await setCookieOf({ SESSION_ABSOLUTE_HOURS: '2' });
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=7200/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('is Secure behind a trusted proxy that says https, and only a trusted one', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    expect(await setCookieOf({ TRUST_PROXY: 'true' }, https)).toMatch(/Secure/);
    expect(await setCookieOf({}, https)).not.toMatch(/Secure/);
    expect(
      await setCookieOf({ PUBLIC_URL: 'https://console.example.com' }, { host: 'console.example.com' }),
    ).toMatch(/Secure/);
  });
});
