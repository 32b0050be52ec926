import { beforeAll, describe, expect, it, vi } from 'vitest';
import { httpClient } from '../src/testing/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';

describe('API conventions', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ BODY_LIMIT_BYTES: '2048' });
    cookie = await t.login();
  });

  it('answers 401 with the operator text when not logged in', async () => {
    const response = await t.post('/api/configuration/list');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: 'You must be logged in to access this page.',
      code: 'NOT_LOGGED_IN',
    });
  });

  it('refuses a tampered session cookie', async () => {
    const forged = cookie.replace(/=([^.]*)/, (_all, value: string) => `=${value.slice(0, -2)}xx`);
    const response = await t.post('/api/auth/me', undefined, forged);
    expect(response.statusCode).toBe(401);
  });

  it('wraps success in {payload}', async () => {
    const response = await t.post('/api/auth/me', undefined, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ payload: expect.objectContaining({ email: 'operator@example.com' }) });
  });

  it('answers 415 when the body is not JSON', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/configuration/save',
      headers: { cookie, 'content-type': 'text/plain' },
      payload: 'configurationId=x',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      error: 'Content-Type must be application/json',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });

  it('answers 400 for malformed JSON and 413 for a body over the limit', async () => {
    const malformed = await t.request({
      method: 'POST',
      url: '/api/configuration/save',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{"configurationId": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('error');
    const large = await t.post(
      '/api/configuration/save',
      { configurationId: 'x', description: 'y'.repeat(5000) },
      cookie,
    );
    expect(large.statusCode).toBe(413);
    expect(large.json()).toHaveProperty('error');
  });

  it('answers unknown /api paths with 404 JSON', async () => {
    const response = await t.post('/api/no/such/thing', {}, cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found: POST /api/no/such/thing', code: 'NOT_FOUND' });
  });

  it('scopes calls by ?configuration= and refuses unknown environments with 404', async () => {
    const response = await t.post('/api/audit/list?configuration=atlantis', {}, cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Unknown environment atlantis', code: 'NOT_FOUND' });
    const known = await t.post('/api/audit/list?configuration=prod', {}, cookie);
    expect(known.statusCode).toBe(200);
  });

  it('guards API routes by the matched route, so a percent-encoded path gets no way round the session', async () => {
    const anonymous = await t.post('/%61pi/auth/me');
    expect(anonymous.statusCode).toBe(401);
    expect((await t.post('/%61pi/audit/list?configuration=prod', {})).statusCode).toBe(401);
    // ... and a logged-in call through an encoded path is still scoped to the environment it names.
    const scoped = await t.post('/%61pi/audit/list?configuration=atlantis', {}, cookie);
    expect(scoped.json()).toMatchObject({ error: 'Unknown environment atlantis' });
  });

  it('answers unknown id kinds with 404, also names of built-in object properties', async () => {
    for (const kind of ['constructor', 'hasOwnProperty', '__proto__']) {
      const response = await t.post(`/api/id/exist/${kind}/x`, undefined, cookie);
      expect({ kind, status: response.statusCode }).toEqual({ kind, status: 404 });
    }
  });

  it('checks the session before the environment, so unknown environments are not revealed', async () => {
    const response = await t.post('/api/audit/list?configuration=atlantis', {});
    expect(response.statusCode).toBe(401);
  });

  it('serves health checks without a session and echoes request ids', async () => {
    const health = await t.request({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(health.json()).toEqual({ payload: { status: 'ok' } });
    expect(health.headers['x-request-id'] ?? 'abc-123').toBe('abc-123');
    const ready = await t.request({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ payload: { status: 'ready' } });
  });

  it('documents every API route in the generated OpenAPI document', async () => {
    const response = await t.request({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { paths: Record<string, { post?: { requestBody?: unknown } }> };
    const foundationRoutes = [
      '/api/auth/me',
      '/api/configuration/list',
      '/api/configuration/save',
      '/api/audit/list',
      '/api/id/random',
      '/api/id/words/{count}',
      '/api/id/exist/{kind}/{id}',
    ];
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(foundationRoutes));
    expect(document.paths['/api/configuration/save']?.post?.requestBody).toBeDefined();
    for (const [path, operations] of Object.entries(document.paths)) {
      if (path.startsWith('/api/'))
        expect({ path, hasPost: operations.post !== undefined }).toEqual({ path, hasPost: true });
    }
    const ui = await t.request({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
  });

  it('sets security headers', async () => {
    const response = await t.request({ method: 'GET', url: '/healthz' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('unexpected errors', () => {
  it('answers 500 with the operator text and leaks no internals', async () => {
    const t = await createTestApp();
    // A route that fails the way a broken query would; added before the app is first used.
    t.app.post('/api/test/boom', async () => {
      throw new Error('relation "secret_table" does not exist at pg.query');
    });
    const cookie = await t.login();
    const response = await t.post('/api/test/boom', {}, cookie);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'A request encountered a server error.', code: 'INTERNAL' });
    expect(response.body).not.toContain('secret_table');
  });
});

describe('request logs', () => {
  it('redact runtime keys and OAuth codes carried in query strings', async () => {
    const lines: string[] = [];
    const { buildApp } = await import('../src/app.ts');
    const { readSettings: readConfig } = await import('../src/settings.ts');
    const app = await buildApp({
      settings: readConfig({ AUTH_DEV_LOGIN: 'true' }, 'postgresql://unused@127.0.0.1:1/none'),
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    await httpClient(app).request({
      method: 'GET',
      url: '/healthz?key=rk_secret_value&code=oauth-code&configuration=dev',
    });
    await app.close();
    const logged = lines.join('');
    expect(logged).toContain('/healthz?key=[redacted]&code=[redacted]&configuration=dev');
    expect(logged).not.toContain('rk_secret_value');
    expect(logged).not.toContain('oauth-code');
  });
});

describe('security headers', () => {
  it('are on every answer, errors and 404s included, as helmet set them', async () => {
    const { SECURITY_HEADERS } = await import('../src/http/security-headers.ts');
    const t = await createTestApp();
    const answers = [
      await t.request({ method: 'GET', url: '/healthz' }),
      await t.post('/api/audit/list', {}),
      await t.post('/api/no/such/thing', {}),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 404]);
    for (const answer of answers) expect(answer.headers).toMatchObject(SECURITY_HEADERS);
    // MIME sniffing is off on the answers without the browser headers too: the game servers' API, /metrics.
    const others = [
      await t.request({ method: 'GET', url: '/metrics' }),
      await t.request({ method: 'GET', url: '/runtime/v1/snapshot' }),
      await t.request({ method: 'POST', url: '/runtime/v1/resolve', payload: {} }),
      await t.request({ method: 'GET', url: '/runtime/v1/no-such-call' }),
    ];
    expect(others.map((answer) => answer.statusCode)).toEqual([200, 401, 401, 404]);
    for (const answer of others) expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(SECURITY_HEADERS['content-security-policy']).toBe(
      "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';" +
        "img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';" +
        "style-src 'self' 'unsafe-inline';connect-src 'self'",
    );
  });

  it('remembers a session but still refuses it once expired or tampered', async () => {
    const t = await createTestApp();
    const cookie = await t.login();
    expect((await t.post('/api/auth/me', undefined, cookie)).statusCode).toBe(200);
    expect((await t.post('/api/auth/me', undefined, cookie)).statusCode).toBe(200);
    const tampered = cookie.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    expect((await t.post('/api/auth/me', undefined, tampered)).statusCode).toBe(401);
    // A week and a day later the session has expired (SESSION_ABSOLUTE_HOURS), although it was remembered.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 8 * 86_400_000);
    try {
      expect((await t.post('/api/auth/me', undefined, cookie)).statusCode).toBe(401);
    } finally {
      clock.mockRestore();
    }
  });
});
