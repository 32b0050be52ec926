import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

describe('cross-site requests to a console with PUBLIC_URL', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({
      PUBLIC_URL: 'https://console.example.com',
      ALLOWED_ORIGINS: 'https://tools.example.com, http://localhost:5173',
    });
    cookie = await t.login('origin@example.com');
  });

  const call = (url: string, headers: Record<string, string>, method: 'POST' | 'GET' = 'POST') =>
    t.request({
      method,
      url,
      headers: { cookie, host: 'console.example.com', 'content-type': 'application/json', ...headers },
      payload: method === 'POST' ? '{}' : undefined,
    });

  it.each([
    ['another site', { origin: 'https://evil.example' }, 'origin https://evil.example'],
    [
      'its own host over plain http',
      { origin: 'http://console.example.com' },
      'origin http://console.example.com',
    ],
    [
      'another port of its host',
      { origin: 'https://console.example.com:8443' },
      'origin https://console.example.com:8443',
    ],
    ['an opaque origin', { origin: 'null' }, 'origin null'],
    ['a browser saying cross-site', { 'sec-fetch-site': 'cross-site' }, 'a cross-site page'],
  ])('refuses a mutating call from %s with 403', async (_case, headers, from) => {
    for (const url of [
      '/api/audit/list?configuration=dev',
      '/%61pi/audit/list',
      '/oauth/login/dev',
      '/logout',
    ]) {
      const response = await call(url, headers);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 403 });
      expect(response.json()).toEqual({
        error: `Cross-site request refused: sent from ${from}`,
        code: 'FORBIDDEN',
      });
    }
  });

  it.each([
    ['PUBLIC_URL', { origin: 'https://console.example.com' }],
    ['PUBLIC_URL, same-origin', { origin: 'https://console.example.com', 'sec-fetch-site': 'same-origin' }],
    ['ALLOWED_ORIGINS', { origin: 'http://localhost:5173', 'sec-fetch-site': 'same-site' }],
    ['a program (no Origin, no Sec-Fetch-Site)', {}],
  ])('accepts a call from %s', async (_case, headers) => {
    const response = await call('/api/audit/list?configuration=dev', headers);
    expect(response.statusCode).toBe(200);
  });

  it('refuses every request addressed to another host (DNS rebinding), sign-in and pages included', async () => {
    for (const [method, url] of [
      ['POST', '/oauth/login/dev'],
      ['POST', '/api/audit/list?configuration=dev'],
      ['GET', '/docs/json'],
      ['GET', '/login'],
    ] as const) {
      for (const host of [
        'evil.example',
        'console.internal:3000',
        'console.example.com:8443',
        '127.0.0.1:3000',
      ]) {
        const response = await t.request({
          method,
          url,
          headers: { host, origin: `https://${host}`, 'content-type': 'application/json' },
          ...(method === 'POST' ? { payload: JSON.stringify({ email: 'attacker@example.com' }) } : {}),
        });
        expect({ method, url, host, status: response.statusCode }).toEqual({
          method,
          url,
          host,
          status: 403,
        });
        expect(response.json().error).toBe(
          `Request refused: addressed to "${host}", not to this console (https://console.example.com)`,
        );
        expect(response.headers['set-cookie']).toBeUndefined();
      }
    }
  });

  it('lets game servers reach the runtime API by whatever name their network gives the console', async () => {
    // No key: the runtime's own refusal (401), not the Host check's 403
    const snapshot = await call('/runtime/v1/snapshot', { host: 'console.internal:3000' }, 'GET');
    expect(snapshot.statusCode).toBe(401);
    const resolve = await call('/runtime/v1/resolve', { host: '10.1.2.3:3000' });
    expect(resolve.statusCode).toBe(401);
    // What only looks like the runtime's path is checked
    const lookalike = await call('/runtimex', { host: 'console.internal:3000' }, 'GET');
    expect(lookalike.statusCode).toBe(403);
  });

  it('lets probes through whatever name reaches the process, and reads whatever their origin', async () => {
    const health = await call('/healthz', { host: '10.1.2.3:3000', origin: 'https://evil.example' }, 'GET');
    expect(health.statusCode).toBe(200);
    const docs = await call('/docs/json', { origin: 'https://evil.example' }, 'GET');
    expect(docs.statusCode).toBe(200);
  });
});

describe('cross-site requests to a local console (no PUBLIC_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  const devLogin = (host: string, origin?: string) =>
    t.request({
      method: 'POST',
      url: '/oauth/login/dev',
      headers: { host, 'content-type': 'application/json', ...(origin ? { origin } : {}) },
      payload: JSON.stringify({ email: 'local@example.com' }),
    });

  it('serves loopback names, with the page of its own host', async () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'localhost']) {
      const response = await devLogin(host, `http://${host}`);
      expect({ host, status: response.statusCode }).toEqual({ host, status: 200 });
    }
    const compared = await devLogin('localhost:80', 'http://localhost');
    expect(compared.statusCode).toBe(200);
  });

  it('refuses a page of another site that rebinds its name to this machine, and other local origins', async () => {
    const rebound = await devLogin('evil.example:3000', 'http://evil.example:3000');
    expect(rebound.statusCode).toBe(403);
    expect(rebound.json().error).toBe(
      'Request refused: addressed to "evil.example:3000", not to this console (a loopback address; set PUBLIC_URL to serve others)',
    );
    const otherPort = await devLogin('localhost:3000', 'http://localhost:4000');
    expect(otherPort.json()).toMatchObject({
      error: 'Cross-site request refused: sent from origin http://localhost:4000',
    });
  });

  it('refuses a page of its own host under the other scheme (the request came over http)', async () => {
    for (const [host, origin] of [
      ['localhost:3000', 'https://localhost:3000'],
      ['localhost:443', 'https://localhost'],
      ['127.0.0.1:3000', 'https://127.0.0.1:3000'],
    ] as const) {
      const response = await devLogin(host, origin);
      expect({ origin, status: response.statusCode }).toEqual({ origin, status: 403 });
      expect(response.json().error).toBe(`Cross-site request refused: sent from origin ${origin}`);
    }
  });
});
