import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { CreatedRuntimeKey } from '@console/domain/operations';
import type { RuntimeContent } from '@console/domain/runtime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, UNTIL_EVENT } from '../../../test/helpers.ts';
import { httpClient, insertRuntimeRevision, makeRuntimeContent } from '../../testing/index.ts';
import { countQueries, json, request, stopRegistryHeartbeat } from './delivery.test-helpers.ts';

describe('GET /runtime/v1/snapshot', () => {
  let t: TestApp;
  let base: string;
  let devKey: CreatedRuntimeKey;
  let stableKey: CreatedRuntimeKey;
  let devContent: RuntimeContent;
  let devRevision: { revision: number; hash: string };
  let createKey: (environment: string) => Promise<CreatedRuntimeKey>;
  const snapshot = (key: CreatedRuntimeKey | string, headers: Record<string, string> = {}, query = '') =>
    request(`${base}/runtime/v1/snapshot${query}`, {
      headers: { authorization: `Bearer ${typeof key === 'string' ? key : key.key}`, ...headers },
    });

  beforeAll(async () => {
    // No periodic check during the query count: only NOTIFY refreshes this app.
    t = await createTestApp({}, { runtime: { checkMs: 3_600_000 } });
    const cookie = await t.login('ops@example.com');
    createKey = async (environment: string) =>
      (
        await t.post(
          `/api/runtime-keys/create?configuration=${environment}`,
          { name: 'game servers' },
          cookie,
        )
      ).json().payload as CreatedRuntimeKey;
    devKey = await createKey('dev');
    stableKey = await createKey('stable');
    devContent = makeRuntimeContent({ plugins: 3, padding: 4000, tag: 'dev-1' });
    // Revision 1 of each environment was published at start-up; these are revision 2.
    devRevision = await insertRuntimeRevision(t.databaseUrl, { environmentId: 'dev', content: devContent });
    await insertRuntimeRevision(t.databaseUrl, {
      environmentId: 'stable',
      content: makeRuntimeContent({ tag: 'stable-2' }),
    });
    base = await t.url();
    // Written before the app read its revisions, or notified right after.
    await vi.waitFor(() => expect(t.app.runtimeCache.get('stable')?.revision).toBe(2), UNTIL_EVENT);
    await vi.waitFor(() => expect(t.app.runtimeCache.get('dev')?.revision).toBe(2), UNTIL_EVENT);
  });

  it("answers the key's environment's current revision with its ETag, not to be cached unchecked", async () => {
    const answer = await snapshot(devKey);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers.etag).toMatch(/^"dev\.2\.[0-9a-f]{16}"$/);
    expect(answer.headers['content-encoding']).toBeUndefined();
    const { payload } = json(answer);
    expect(payload).toMatchObject({
      environment: 'dev',
      revision: 2,
      hash: devRevision.hash,
      publishedBy: 'tests@example.com',
      content: devContent,
    });
    expect(Date.parse(payload.publishedAt)).not.toBeNaN();
    const stable = json(await snapshot(stableKey)).payload;
    expect(stable).toMatchObject({ environment: 'stable', revision: 2 });
    expect(stable.content.configurations[0].data.tag).toBe('stable-2');
  });

  it('answers 304 without a body while If-None-Match names the current revision, 200 otherwise', async () => {
    const { etag } = (await snapshot(devKey)).headers as { etag: string };
    const notModified = await snapshot(devKey, { 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.headers['cache-control']).toBe('no-cache');
    for (const ifNoneMatch of [`"x", W/${etag}`, '*']) {
      expect((await snapshot(devKey, { 'if-none-match': ifNoneMatch })).status).toBe(304);
    }
    const stale = await snapshot(devKey, { 'if-none-match': '"dev.1.0000000000000000"' });
    expect(stale.status).toBe(200);
    // Another environment's ETag is not this one's.
    const stableTag = (await snapshot(stableKey)).headers.etag as string;
    expect((await snapshot(devKey, { 'if-none-match': stableTag })).status).toBe(200);
  });

  it('sends the prebuilt gzip or br copy when Accept-Encoding allows, with its own ETag', async () => {
    const plain = await snapshot(devKey);
    const gzipped = await snapshot(devKey, { 'accept-encoding': 'gzip, deflate' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toBe('Accept-Encoding');
    expect(gzipped.body.length).toBeLessThan(plain.body.length);
    expect(gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
    expect(gzipped.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}.gz"`);
    const brotli = await snapshot(devKey, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
    const refused = await snapshot(devKey, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    // Any coding's ETag is the same revision: 304.
    const revalidated = await snapshot(devKey, {
      'accept-encoding': 'gzip',
      'if-none-match': String(brotli.headers.etag),
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.etag).toBe(gzipped.headers.etag);
  });

  it('answers 404 for an environment that has published nothing yet', async () => {
    // Every environment publishes revision 1 when it is created; a row written behind the console's
    // back (another tool) has none.
    await t.app.db.environment.create({ data: { id: 'unpublished' } });
    const answer = await snapshot(await createKey('unpublished'));
    expect(answer.status).toBe(404);
    expect(json(answer)).toMatchObject({ error: "Environment 'unpublished' has no published revision yet" });
  });

  it('serves a newly published revision once notified', async () => {
    const content = makeRuntimeContent({ plugins: 3, padding: 4000, tag: 'dev-3' });
    const published = await insertRuntimeRevision(t.databaseUrl, { environmentId: 'dev', content });
    expect(published.revision).toBe(3);
    await expect.poll(async () => json(await snapshot(devKey)).payload.revision).toBe(3);
    expect(json(await snapshot(devKey)).payload).toMatchObject({ hash: published.hash, content });
  });

  it('serves what an operator change published (release key-values) once notified', async () => {
    const cookie = await t.login('ops@example.com');
    const before = json(await snapshot(devKey)).payload.revision as number;
    const saved = await t.post('/api/release/kv/set', { keyValue: 'bonus=2;' }, cookie);
    expect(saved.statusCode).toBe(200);
    await expect.poll(async () => json(await snapshot(devKey)).payload.revision).toBe(before + 1);
    expect(json(await snapshot(devKey)).payload.content.release.keyValue).toBe('bonus=2;');
  });

  it('asks the database nothing per request, whatever the answer (200, 304, gzip, 401, 403)', async () => {
    const { etag } = (await snapshot(devKey)).headers as { etag: string };
    await stopRegistryHeartbeat(t.app);
    const queries = countQueries();
    try {
      for (let round = 0; round < 20; round++) {
        expect((await snapshot(devKey)).status).toBe(200);
        expect((await snapshot(devKey, { 'if-none-match': etag })).status).toBe(304);
        expect((await snapshot(devKey, { 'accept-encoding': 'gzip' })).status).toBe(200);
        expect((await snapshot(devKey, {}, '?configuration=stable')).status).toBe(403);
        expect((await snapshot('not-a-key')).status).toBe(401);
      }
      expect(queries.texts).toEqual([]);
      // The counter does see queries: an operator call asks the database.
      await t.post('/api/runtime-keys/list', undefined, await t.login());
      expect(queries.count).toBeGreaterThan(0);
    } finally {
      queries.restore();
    }
  });

  it('runs none of the console hooks: no session cookie handling, no browser security headers', async () => {
    const answer = await snapshot(devKey);
    expect(answer.headers['content-security-policy']).toBeUndefined();
    expect(answer.headers['set-cookie']).toBeUndefined();
    // ... while the console keeps them.
    const health = await request(`${base}/healthz`);
    expect(health.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('is not logged request by request, while console requests are', async () => {
    const lines: string[] = [];
    const { buildApp } = await import('../../app.ts');
    const { readSettings: readConfig } = await import('../../settings.ts');
    const logged = await buildApp({
      settings: readConfig({ AUTH_DEV_LOGIN: 'true' }, t.databaseUrl),
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      const read = await httpClient(logged).request({
        url: '/runtime/v1/snapshot',
        headers: { authorization: `Bearer ${devKey.key}`, 'x-request-id': 'runtime-read' },
      });
      expect(read.statusCode).toBe(200);
      await httpClient(logged).request({ url: '/healthz', headers: { 'x-request-id': 'console-read' } });
    } finally {
      await logged.close();
    }
    const requestLines = lines.map((line) => JSON.parse(line)).filter((line) => line.reqId !== undefined);
    // One line per console request (once it completed); none for the runtime read.
    expect(requestLines.map((line) => line.reqId)).toEqual(['console-read']);
  });

  it('documents the runtime calls in the OpenAPI document as GETs with the runtime key, not as operator calls', async () => {
    const document = json(await request(`${base}/docs/json`));
    const operation = document.paths['/runtime/v1/snapshot'];
    expect(Object.keys(operation)).toEqual(['get']);
    expect(operation.get).toMatchObject({ tags: ['runtime'], security: [{ runtimeKey: [] }] });
    expect(operation.get.parameters).toEqual([
      expect.objectContaining({ in: 'query', name: 'configuration', required: false }),
      expect.objectContaining({ in: 'header', name: 'If-None-Match', required: false }),
      expect.objectContaining({ in: 'header', name: 'Accept-Encoding', required: false }),
    ]);
    expect(
      operation.get.responses['200'].content['application/json'].schema.properties.payload,
    ).toBeDefined();
    expect(Object.keys(document.paths['/runtime/v1/stream'])).toEqual(['get']);
    expect(document.paths['/runtime/v1/stream'].get.responses['200'].content).toHaveProperty(
      'text/event-stream',
    );
    expect(document.components.securitySchemes.runtimeKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});

afterAll(() => vi.restoreAllMocks());
