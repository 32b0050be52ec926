import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpClient } from '../testing/index.ts';
import { registerErrorHandling } from './errors.ts';
import { registerWebApp } from './web-app.ts';

async function buildWebApp(distDir: string | undefined): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  await registerWebApp(app, distDir);
  await app.ready();
  return app;
}

describe('web app and unknown paths', () => {
  let distDir: string;
  let built: FastifyInstance;
  let unbuilt: FastifyInstance;
  beforeAll(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'web-dist-'));
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>console</title>');
    built = await buildWebApp(distDir);
    unbuilt = await buildWebApp(undefined);
  });
  afterAll(async () => {
    await Promise.all([built.close(), unbuilt.close()]);
    rmSync(distDir, { recursive: true, force: true });
  });

  it('answers a page load of a client-side route with index.html', async () => {
    const response = await httpClient(built).request({
      method: 'GET',
      url: '/abtest/spring-sale?configuration=prod',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe('<!doctype html><title>console</title>');
  });

  it('answers unknown /api paths, other methods and paths without a built app with 404 JSON', async () => {
    const cases = [
      [built, 'GET', '/api/no/such/thing?configuration=dev', 'Not found: GET /api/no/such/thing'],
      // Programs' paths are never pages, however spelled (14).
      [built, 'GET', '/api', 'Not found: GET /api'],
      [built, 'GET', '/%61pi/no/such/thing', 'Not found: GET /%61pi/no/such/thing'],
      [built, 'GET', '/runtime/v1/nothing', 'Not found: GET /runtime/v1/nothing'],
      [built, 'GET', '/oauth/nothing', 'Not found: GET /oauth/nothing'],
      [built, 'GET', '/docs/nothing', 'Not found: GET /docs/nothing'],
      [built, 'POST', '/abtest/spring-sale', 'Not found: POST /abtest/spring-sale'],
      [unbuilt, 'GET', '/abtest/spring-sale', 'Not found: GET /abtest/spring-sale'],
    ] as const;
    for (const [app, method, url, error] of cases) {
      const response = await httpClient(app).request({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({ error });
    }
  });
});
