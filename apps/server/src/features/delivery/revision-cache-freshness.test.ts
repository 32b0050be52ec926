import type { CreatedRuntimeKey } from '@console/domain/operations';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  buildTestApp,
  httpClient,
  insertRuntimeRevision,
  makeRuntimeContent,
  startTcpProxy,
} from '../../testing/index.ts';

// Scale out: a missed notification or a lost database connection never leaves a process
// stale, and runtime reads keep being answered while the database is unreachable.

describe('runtime revisions stay fresh without a notification', () => {
  let t: TestApp;
  let key: CreatedRuntimeKey;
  beforeAll(async () => {
    t = await createTestApp();
    key = (await t.post('/api/runtime-keys/create', { name: 'fresh' }, await t.login())).json().payload;
  });

  const revisionServedBy = async (app: FastifyInstance) => {
    const answer = await httpClient(app).request({
      url: '/runtime/v1/snapshot',
      headers: { authorization: `Bearer ${key.key}` },
    });
    return answer.statusCode === 200 ? (answer.json().payload.revision as number) : answer.statusCode;
  };

  it('picks up, by its periodic check, a revision whose NOTIFY never came', async () => {
    const app = await buildTestApp(t.databaseUrl, {}, { runtime: { checkMs: 100 } });
    try {
      await app.ready();
      // Revision 1 was published at start-up.
      expect(await revisionServedBy(app)).toBe(1);
      await insertRuntimeRevision(t.databaseUrl, {
        environmentId: 'dev',
        content: makeRuntimeContent({ tag: 'silent' }),
        notify: false,
      });
      await expect.poll(() => revisionServedBy(app)).toBe(2);
    } finally {
      await app.close();
    }
  });

  it('without the periodic check, a silent revision stays unseen (the check above is what found it)', async () => {
    const app = await buildTestApp(t.databaseUrl, {}, { runtime: { checkMs: 3_600_000 } });
    try {
      await app.ready();
      expect(await revisionServedBy(app)).toBe(2);
      await insertRuntimeRevision(t.databaseUrl, {
        environmentId: 'dev',
        content: makeRuntimeContent({ tag: 'silent again' }),
        notify: false,
      });
      // A notified revision of another environment goes through: the listener works, yet dev stays at 2.
      await insertRuntimeRevision(t.databaseUrl, { environmentId: 'stable', content: makeRuntimeContent() });
      await expect.poll(() => app.runtimeCache.get('stable')?.revision).toBe(2);
      expect(await revisionServedBy(app)).toBe(2);
    } finally {
      await app.close();
    }
  });
});

describe('runtime reads while the database is unreachable', () => {
  it('keep serving the last revision (200 and 304), and catch up when the listener reconnects', async () => {
    const t = await createTestApp();
    const cookie = await t.login();
    const key: CreatedRuntimeKey = (await t.post('/api/runtime-keys/create', { name: 'cut' }, cookie)).json()
      .payload;
    const target = new URL(t.databaseUrl);
    const proxy = await startTcpProxy(target.hostname, Number(target.port));
    // Only the NOTIFY and the reconnect's catch-up can refresh this app (no periodic check).
    const app = await buildTestApp(proxy.rewrite(t.databaseUrl), {}, { runtime: { checkMs: 3_600_000 } });
    try {
      const read = (headers: Record<string, string> = {}) =>
        httpClient(app).request({
          url: '/runtime/v1/snapshot',
          headers: { authorization: `Bearer ${key.key}`, ...headers },
        });
      const before = await read();
      expect(before.statusCode).toBe(200);
      const etag = String(before.headers.etag);

      proxy.cut();
      expect((await httpClient(app).request({ url: '/readyz' })).statusCode).toBe(503);
      const during = await read();
      expect(during.statusCode).toBe(200);
      expect(during.body).toBe(before.body);
      expect((await read({ 'if-none-match': etag })).statusCode).toBe(304);
      // A key this process has never seen cannot be checked now: 503, not a false 401.
      const unseen = await httpClient(app).request({
        url: '/runtime/v1/snapshot',
        headers: { authorization: 'Bearer rk_never_seen_while_the_database_is_down' },
      });
      expect(unseen.statusCode).toBe(503);
      // Published through another process while this one cannot hear it.
      expect((await t.post('/api/release/kv/set', { keyValue: 'cut=1;' }, cookie)).statusCode).toBe(200);
      expect((await read()).json().payload.revision).toBe(1);

      proxy.restore();
      await expect.poll(async () => (await read()).json().payload.revision).toBe(2);
      expect((await read()).json().payload.content.release.keyValue).toBe('cut=1;');
      expect((await read({ 'if-none-match': etag })).statusCode).toBe(200);
    } finally {
      await app.close();
      await proxy.close();
    }
  });
});
