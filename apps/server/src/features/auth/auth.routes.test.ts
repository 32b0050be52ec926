import { DEFAULT_REVIEW_POLICY } from '@console/domain/change-request';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/helpers.ts';
import { readSettings } from '../../settings.ts';

describe('login', () => {
  it('signs in with dev login, answers who is logged in, and logs out', async () => {
    const t = await createTestApp();
    const response = await t.post('/oauth/login/dev', { email: 'Ops@Example.com' });
    expect(response.json()).toEqual({ payload: { email: 'ops@example.com' } });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const cookie = setCookie.split(';')[0]!;
    expect((await t.post('/api/auth/me', undefined, cookie)).json()).toEqual({
      payload: {
        email: 'ops@example.com',
        // A local start without ADMIN_EMAILS: dev-login users become admins.
        role: 'admin',
        isConfiguredAdmin: false,
        environments: [
          { id: 'dev', role: 'admin', isProtected: false, review: DEFAULT_REVIEW_POLICY },
          { id: 'stable', role: 'admin', isProtected: false, review: DEFAULT_REVIEW_POLICY },
          { id: 'prod', role: 'admin', isProtected: true, review: DEFAULT_REVIEW_POLICY },
        ],
      },
    });
    // Audited console-wide, as every sign-in is; a second one finds the user known
    await t.post('/oauth/login/dev', { email: 'ops@example.com' });
    const signIns = (await t.auditEntries(cookie, 'dev', { consoleWide: true })).filter(
      (entry) => entry.action === 'auth.sign-in',
    );
    expect(signIns).toEqual([
      expect.objectContaining({
        environment: null,
        target: 'ops@example.com',
        email: 'ops@example.com',
        attributes: { method: 'dev', isNewUser: false, role: 'admin' },
      }),
      expect.objectContaining({ attributes: { method: 'dev', isNewUser: true, role: 'admin' } }),
    ]);
    const logout = await t.post('/logout', {}, cookie);
    expect(logout.json()).toEqual({ payload: null });
    expect(String(logout.headers['set-cookie'])).toMatch(/console_session=;/);
    expect((await t.post('/api/auth/me', undefined, cookie)).statusCode).toBe(401);
  });

  it('changes nothing on GET /logout: the session still works', async () => {
    const t = await createTestApp();
    const cookie = await t.login();
    const get = await t.request({ method: 'GET', url: '/logout', headers: { cookie } });
    expect(get.headers['set-cookie']).toBeUndefined();
    expect((await t.post('/api/auth/me', undefined, cookie)).statusCode).toBe(200);
  });

  it('tells the login page who is signed in, without a 401 when nobody is', async () => {
    const t = await createTestApp();
    expect((await t.post('/oauth/session')).json()).toEqual({ payload: null });
    const cookie = await t.login('ops@example.com');
    expect((await t.post('/oauth/session', undefined, cookie)).json()).toEqual({
      payload: { email: 'ops@example.com' },
    });
  });

  it('answers the 31st dev login of a minute with 429 and when to retry', async () => {
    const t = await createTestApp();
    for (let attempt = 0; attempt < 30; attempt++) {
      expect((await t.post('/oauth/login/dev', { email: 'a@example.com' })).statusCode).toBe(200);
    }
    const refused = await t.post('/oauth/login/dev', { email: 'a@example.com' });
    expect(refused.statusCode).toBe(429);
    // Within the minute: "retry in 1 minute", or in seconds when the 30 sign-ins took a while.
    expect(refused.json().error).toMatch(/^Rate limit exceeded, retry in (1 minute|\d+ seconds)$/);
  });

  it('refuses a dev login without a valid e-mail, or with one longer than 254 characters', async () => {
    const t = await createTestApp();
    const response = await t.post('/oauth/login/dev', { email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/^email: /);
    const long = await t.post('/oauth/login/dev', { email: `${'a'.repeat(100_000)}@example.com` });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: 'email: must be at most 254 characters' });
    expect(long.headers['set-cookie']).toBeUndefined();
    const longest = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(longest.length).toBe(254);
    expect((await t.post('/oauth/login/dev', { email: longest })).statusCode).toBe(200);
  });

  it('offers no dev login when it is off, and says so in /oauth/options', async () => {
    const t = await createTestApp({ AUTH_DEV_LOGIN: 'false' });
    expect((await t.post('/oauth/login/dev', { email: 'a@example.com' })).statusCode).toBe(404);
    expect((await t.post('/oauth/options')).json()).toEqual({ payload: { devLogin: false, provider: null } });
    // The 401 page's link still leads somewhere: the login page, saying why there is no button.
    const google = await t.request({ method: 'GET', url: '/oauth/login/google' });
    expect(google.statusCode).toBe(302);
    expect(google.headers.location).toBe('/login?error=not-configured');
  });

  it('answers 404 for dev login when it is off, whatever the body', async () => {
    const t = await createTestApp({ AUTH_DEV_LOGIN: 'false' });
    const response = await t.post('/oauth/login/dev', { email: 'not-an-email' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'Not found: POST /oauth/login/dev' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('ends the session on POST /logout with {payload: null}', async () => {
    const t = await createTestApp();
    const cookie = await t.login();
    const response = await t.post('/logout', {}, cookie);
    expect(response.json()).toEqual({ payload: null });
    expect(String(response.headers['set-cookie'])).toMatch(/console_session=;/);
  });

  it('redirects to Google when its shorthand is configured, with PKCE, state and nonce', async () => {
    const t = await createTestApp({
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      PUBLIC_URL: 'https://console.example.com',
    });
    const response = await t.request({
      method: 'GET',
      url: '/oauth/login/google',
      headers: { host: 'console.example.com' },
    });
    expect(response.statusCode).toBe(302);
    const location = new URL(String(response.headers.location));
    expect(location.host).toBe('accounts.google.com');
    expect(location.searchParams.get('redirect_uri')).toBe(
      'https://console.example.com/oauth/login/google/callback',
    );
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('state')).toBeTruthy();
    expect(location.searchParams.get('nonce')).toBeTruthy();
    expect((await t.post('/oauth/options')).json().payload.provider).toEqual({
      name: 'Google',
      loginPath: '/oauth/login/google',
    });
  });

  it('refuses dev login in production at start-up', () => {
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: 's',
      ADMIN_EMAILS: 'boss@example.com',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      PUBLIC_URL: 'https://console.example.com',
    };
    expect(() => readSettings({ ...production, AUTH_DEV_LOGIN: 'true' }, 'postgres://x')).toThrow(
      'AUTH_DEV_LOGIN=true is refused when NODE_ENV=production',
    );
    expect(readSettings(production, 'postgres://x').devLogin).toBe(false);
  });
});
