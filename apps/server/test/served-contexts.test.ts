import type { CreatedRuntimeKey } from '@console/domain/operations';
import type { RevisionListResponse, RuntimeSnapshot } from '@console/domain/runtime';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  insertRuntimeRevision,
  makeRuntimeContent,
  type ServerProcess,
  startServerProcess,
} from '../src/testing/index.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// SERVE (docs/deployment.md, Replica roles): a process serving the game servers' delivery alone (their
// /runtime/v1, with the supervisor's probes and the metrics), beside a console-only process on the same
// database. The console runs in this test's process; the delivery is a real process of the built server.

/** A cap on a revision reaching the delivery process that only guards against a hang. */
const PROPAGATION_CAP_MS = 60_000;

describe('a process serving one context', () => {
  let t: TestApp;
  let delivery: ServerProcess;
  let key: CreatedRuntimeKey;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ SERVE: 'console' });
    cookie = await t.login('ops@example.com');
    key = (
      await t.post('/api/runtime-keys/create?configuration=dev', { name: 'game servers' }, cookie)
    ).json().payload as CreatedRuntimeKey;
    delivery = await startServerProcess({
      databaseUrl: t.databaseUrl,
      env: { SERVE: 'delivery' },
      entry: inject('serverBundle'),
    });
  });
  afterAll(async () => {
    await delivery?.stop();
  });

  const fromDelivery = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${delivery.url}${path}`, { headers });
  const snapshot = async () => {
    const response = await fromDelivery('/runtime/v1/snapshot', { authorization: `Bearer ${key.key}` });
    expect(response.status, delivery.output()).toBe(200);
    return ((await response.json()) as { payload: RuntimeSnapshot }).payload;
  };

  it('SERVE=delivery answers the game servers the revision the console published', async () => {
    const { latest } = (await t.post('/api/runtime/revision/list?configuration=dev', {}, cookie)).json()
      .payload as RevisionListResponse;
    const served = await snapshot();
    expect(served.environment).toBe('dev');
    expect(served.revision).toBe(latest);
  });

  it('SERVE=delivery adopts a revision published later, told by the database', async () => {
    const published = await insertRuntimeRevision(t.databaseUrl, {
      environmentId: 'dev',
      content: makeRuntimeContent({ plugins: 2, tag: 'served-contexts' }),
    });
    await expect
      .poll(async () => (await snapshot()).revision, { timeout: PROPAGATION_CAP_MS, interval: 100 })
      .toBe(published.revision);
    expect((await snapshot()).hash).toBe(published.hash);
  });

  it('SERVE=delivery answers the probes and the metrics, and nothing of the console', async () => {
    expect((await fromDelivery('/healthz')).status).toBe(200);
    expect((await fromDelivery('/readyz')).status).toBe(200);
    expect((await fromDelivery('/metrics')).status).toBe(200);
    for (const path of ['/api/auth/me', '/', '/docs', '/login']) {
      expect((await fromDelivery(path)).status, path).toBe(404);
    }
  });

  it('SERVE=console answers the console and no /runtime/v1 call', async () => {
    expect((await t.post('/api/auth/me', undefined, cookie)).statusCode).toBe(200);
    const refused = await t.request({
      method: 'GET',
      url: '/runtime/v1/snapshot',
      headers: { authorization: `Bearer ${key.key}` },
    });
    expect(refused.statusCode).toBe(404);
  });
});
