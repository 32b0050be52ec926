import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

describe('cross-site requests', () => {
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
      headers: { cookie, host: 'console.internal:3000', 'content-type': 'application/json', ...headers },
      payload: method === 'POST' ? '{}' : undefined,
    });

  it.each([
    ['another site', { origin: 'https://evil.example' }, 'origin https://evil.example'],
    [
      'another port of the same host',
      { origin: 'http://console.internal:4000' },
      'origin http://console.internal:4000',
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
      expect(response.json()).toEqual({ error: `Cross-site request refused: sent from ${from}` });
    }
  });

  it.each([
    ['its own host', { origin: 'http://console.internal:3000' }],
    [
      'its own host on the default port',
      { origin: 'http://console.internal:3000', 'sec-fetch-site': 'same-origin' },
    ],
    ['PUBLIC_URL', { origin: 'https://console.example.com' }],
    ['ALLOWED_ORIGINS', { origin: 'http://localhost:5173', 'sec-fetch-site': 'same-site' }],
    ['a program (no Origin, no Sec-Fetch-Site)', {}],
  ])('accepts a call from %s', async (_case, headers) => {
    const response = await call('/api/audit/list?configuration=dev', headers);
    expect(response.statusCode).toBe(200);
  });

  it('lets reads through whatever their origin (a GET changes nothing)', async () => {
    const response = await call('/healthz', { origin: 'https://evil.example' }, 'GET');
    expect(response.statusCode).toBe(200);
  });

  it('compares default ports as browsers write them', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/audit/list',
      headers: {
        cookie,
        host: 'console.internal:80',
        origin: 'http://console.internal',
        'content-type': 'application/json',
      },
      payload: '{}',
    });
    expect(response.statusCode).toBe(200);
  });
});
