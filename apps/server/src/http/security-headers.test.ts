import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from '../testing/index.ts';
import {
  registerSecurityHeaders,
  SECURITY_HEADERS,
  SECURITY_HEADERS_OVER_HTTPS,
} from './security-headers.ts';

async function buildApp(trustProxy: boolean): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, trustProxy });
  registerSecurityHeaders(app);
  app.post('/api/secret', async () => ({ payload: 'token' }));
  app.get('/runtime/v1/snapshot', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').header('etag', '"1"').send({ payload: {} }),
  );
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return app;
}

describe('security headers', () => {
  let direct: FastifyInstance;
  let proxied: FastifyInstance;
  beforeAll(async () => {
    [direct, proxied] = await Promise.all([buildApp(false), buildApp(true)]);
  });
  afterAll(async () => {
    await Promise.all([direct.close(), proxied.close()]);
  });

  it('send HSTS only over https: direct, or as a trusted proxy says', async () => {
    const overHttp = await httpClient(direct).request({ method: 'POST', url: '/api/secret' });
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    expect(overHttp.headers).toMatchObject(SECURITY_HEADERS);
    // An untrusted client cannot claim https.
    const claimed = await httpClient(direct).request({
      method: 'POST',
      url: '/api/secret',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
    const behindProxy = await httpClient(proxied).request({
      method: 'POST',
      url: '/api/secret',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(behindProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('ask the browser to upgrade insecure requests only over https', async () => {
    const overHttp = await httpClient(direct).request({ method: 'POST', url: '/api/secret' });
    const csp = overHttp.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    const behindProxy = await httpClient(proxied).request({
      method: 'POST',
      url: '/api/secret',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(behindProxy.headers).toMatchObject(SECURITY_HEADERS_OVER_HTTPS);
    expect(behindProxy.headers['content-security-policy']).toContain(';upgrade-insecure-requests;');
    const withoutUpgrade = String(behindProxy.headers['content-security-policy']).replace(
      'upgrade-insecure-requests;',
      '',
    );
    expect(withoutUpgrade).toBe(csp);
  });

  it('mark answers no-store, errors included, unless the route sets its own caching', async () => {
    const secret = await httpClient(direct).request({ method: 'POST', url: '/api/secret' });
    expect(secret.headers['cache-control']).toBe('no-store');
    const failed = await httpClient(direct).request({ method: 'GET', url: '/boom' });
    expect(failed.statusCode).toBe(500);
    expect(failed.headers['cache-control']).toBe('no-store');
    const snapshot = await httpClient(direct).request({ method: 'GET', url: '/runtime/v1/snapshot' });
    expect(snapshot.headers['cache-control']).toBe('no-cache');
    expect(snapshot.headers.etag).toBe('"1"');
  });
});
