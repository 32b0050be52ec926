import { Writable } from 'node:stream';
import type { CreatedRuntimeKey } from '@console/domain/operations';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { connectGameClient } from '../features/connections/game-client.testing.ts';
import { openStream, type SseClient } from '../features/delivery/delivery.test-helpers.ts';

// GET /metrics over a real app and database: the series an operations team alerts on, each made to
// move by the thing it counts.

const METRICS_TOKEN = 'metrics-token-for-tests-0123';

/** One sample's value from Prometheus text (`name{labels} value`), or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const matches = Object.entries(labels).every(([label, value]) => line.includes(`${label}="${value}"`));
    if (matches) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('metrics', () => {
  let t: TestApp;
  let cookie: string;
  let key: CreatedRuntimeKey;
  let base: string;
  const open: { close(): void }[] = [];

  const scrape = async () => {
    const response = await t.request({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };
  const runtime = (url: string, init: { method?: string; body?: unknown; etag?: string } = {}) =>
    fetch(`${base}${url}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${key.key}`,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.etag ? { 'if-none-match': init.etag } : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN });
    cookie = await t.login('ops@example.com');
    key = (await t.post('/api/runtime-keys/create', { name: 'metrics' }, cookie)).json().payload;
    base = await t.url();
  });
  afterAll(() => {
    for (const each of open) each.close();
  });

  it('answers only with the bearer METRICS_TOKEN, as {"error"} otherwise', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${METRICS_TOKEN}`, METRICS_TOKEN]) {
      const response = await t.request({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json()).toEqual({
        error: 'Metrics need Authorization: Bearer <METRICS_TOKEN>',
        code: 'NOT_LOGGED_IN',
      });
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    }
    await scrape();
  });

  it('is open without METRICS_TOKEN, and left out of the API document', async () => {
    const open = await createTestApp();
    const response = await open.request({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('# TYPE console_http_request_duration_seconds histogram');
    const document = (await open.request({ method: 'GET', url: '/docs/json' })).json();
    expect(Object.keys(document.paths)).not.toContain('/metrics');
  });

  it('times requests by method, route pattern and status, never by the URL as sent', async () => {
    await t.post('/api/abtest/get?configuration=dev', { id: 'secret-looking-id' }, cookie);
    await t.request({ method: 'GET', url: '/healthz?probe=kubelet' });
    const text = await scrape();
    const labels = { method: 'POST', route: '/api/abtest/get', status: '404' };
    expect(sample(text, 'console_http_request_duration_seconds_count', labels)).toBe(1);
    expect(sample(text, 'console_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(1);
    expect(
      sample(text, 'console_http_request_duration_seconds_count', { method: 'GET', route: '/healthz' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('secret-looking-id');
    expect(text).not.toContain('configuration=dev');
    expect(text).not.toContain('probe=kubelet');
  });

  it('times the same requests alike with a logger (as in production) and without one', async () => {
    // With a logger, responses are timed where the log follows them to their end; without one, by a
    // hook per route. Both see the same calls: every count per method, route and status agrees.
    const discard = new Writable({ write: (_chunk, _encoding, done) => done() });
    const counts = async (logger: false | Record<string, unknown>) => {
      const app = await createTestApp({}, { logger });
      const session = await app.login('ops@example.com');
      const created = await app.post('/api/runtime-keys/create', { name: 'timed' }, session);
      const authorization = `Bearer ${created.json().payload.key}`;
      await app.post('/api/abtest/get?configuration=dev', { id: 'missing' }, session);
      await app.post('/api/abtest/get?configuration=dev', { id: 1 }, session);
      await app.request({ method: 'GET', url: '/healthz' });
      await app.request({ method: 'HEAD', url: '/healthz' });
      await app.request({ method: 'GET', url: '/no-such-route' });
      const first = await app.request({
        method: 'GET',
        url: '/runtime/v1/snapshot',
        headers: { authorization },
      });
      const etag = String(first.headers.etag);
      await app.request({
        method: 'GET',
        url: '/runtime/v1/snapshot',
        headers: { authorization, 'if-none-match': etag },
      });
      await app.request({
        method: 'GET',
        url: '/runtime/v1/snapshot',
        headers: { authorization: 'Bearer no' },
      });
      const text = (await app.request({ method: 'GET', url: '/metrics' })).body;
      return text
        .split('\n')
        .filter((line) =>
          /^(console_http_request_duration_seconds_count|console_runtime_requests_total)\{/.test(line),
        )
        .map((line) => line.replace(/environment="[^"]*"/, 'environment'))
        .sort();
    };
    const withoutLogger = await counts(false);
    const withLogger = await counts({ level: 'info', stream: discard });
    expect(withLogger).toEqual(withoutLogger);
    expect(withLogger).toEqual(
      expect.arrayContaining([
        'console_http_request_duration_seconds_count{method="POST",route="/api/abtest/get",status="404"} 1',
        'console_http_request_duration_seconds_count{method="POST",route="/api/abtest/get",status="400"} 1',
        'console_http_request_duration_seconds_count{method="GET",route="/runtime/v1/snapshot",status="304"} 1',
        'console_http_request_duration_seconds_count{method="GET",route="/runtime/v1/snapshot",status="401"} 1',
        'console_runtime_requests_total{environment,call="snapshot",status="200"} 1',
        'console_runtime_requests_total{environment,call="snapshot",status="304"} 1',
      ]),
    );
    expect(withLogger.join('\n')).not.toContain('no-such-route');
  });

  it('counts runtime snapshots (200 and 304) and resolutions per environment', async () => {
    const first = await runtime('/runtime/v1/snapshot');
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    for (let index = 0; index < 3; index++) {
      expect((await runtime('/runtime/v1/snapshot', { etag })).status).toBe(304);
    }
    const resolved = await runtime('/runtime/v1/resolve', { method: 'POST', body: { userId: 'player-1' } });
    expect(resolved.status).toBe(200);
    const text = await scrape();
    const dev = { environment: 'dev' };
    expect(sample(text, 'console_runtime_requests_total', { ...dev, call: 'snapshot', status: '200' })).toBe(
      1,
    );
    expect(sample(text, 'console_runtime_requests_total', { ...dev, call: 'snapshot', status: '304' })).toBe(
      3,
    );
    expect(sample(text, 'console_runtime_requests_total', { ...dev, call: 'resolve', status: '200' })).toBe(
      1,
    );
    expect(sample(text, 'console_runtime_requests_total', { environment: 'prod' })).toBeUndefined();
  });

  it('reports the revision served, open streams and WebSockets per environment', async () => {
    const served = t.app.runtimeCache.get('dev')!.revision;
    const stream: SseClient = await openStream(`${base}/runtime/v1/stream`, {
      authorization: `Bearer ${key.key}`,
    });
    open.push(stream);
    const client = await connectGameClient(base.replace(/^http/, 'ws'), 'principal=player-7', {
      authorization: `Bearer ${key.key}`,
    });
    open.push({ close: () => client.socket.terminate() });
    const text = await scrape();
    expect(sample(text, 'console_runtime_revision', { environment: 'dev' })).toBe(served);
    expect(sample(text, 'console_runtime_revision', { environment: 'prod' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'console_runtime_streams', { environment: 'dev' })).toBe(1);
    expect(sample(text, 'console_runtime_websockets', { environment: 'dev' })).toBe(1);
  });

  it('counts game servers per applied revision, how far behind they are, and times each publish', async () => {
    const current = t.app.runtimeCache.get('dev')!.revision;
    const report = (instance: string, revision: number) =>
      runtime('/runtime/v1/applied', { method: 'POST', body: { instance, revision } });
    expect((await report('game-1', current)).status).toBe(200);
    expect((await report('game-2', current)).status).toBe(200);
    let text = await scrape();
    const dev = { environment: 'dev' };
    expect(sample(text, 'console_runtime_game_servers', { ...dev, revision: String(current) })).toBe(2);
    expect(sample(text, 'console_runtime_game_servers_revisions_behind', dev)).toBe(0);

    // A change of what players receive publishes the next revision; game-2 catches up, game-1 does not.
    const changed = await t.post('/api/release/kv/set?configuration=dev', { keyValue: 'shop=on;' }, cookie);
    expect(changed.statusCode).toBe(200);
    const next = current + 1;
    // The process adopts the new revision when its NOTIFY arrives.
    // a cap against hanging only
    await expect.poll(() => t.app.runtimeCache.get('dev')!.revision, { timeout: 60_000 }).toBe(next);
    expect((await report('game-2', next)).status).toBe(200);
    text = await scrape();
    expect(sample(text, 'console_runtime_game_servers', { ...dev, revision: String(current) })).toBe(1);
    expect(sample(text, 'console_runtime_game_servers', { ...dev, revision: String(next) })).toBe(1);
    expect(sample(text, 'console_runtime_game_servers_revisions_behind', dev)).toBe(1);
    expect(
      sample(text, 'console_runtime_publish_duration_seconds_count', { ...dev, outcome: 'published' }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('reports the database pool, LISTEN reconnects, and the process’s own series', async () => {
    const text = await scrape();
    expect(sample(text, 'console_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'console_db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'console_db_pool_waiting')).toBe(0);
    expect(sample(text, 'console_db_listener_reconnects_total')).toBe(0);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');

    // The database drops the LISTEN connection (as on a failover); the listener comes back.
    const admin = new pg.Client({ connectionString: t.databaseUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
      );
      expect(rows.length).toBeGreaterThanOrEqual(1);
      for (const { pid } of rows) await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
    // a cap against hanging only
    await expect
      .poll(async () => sample(await scrape(), 'console_db_listener_reconnects_total'), { timeout: 60_000 })
      .toBe(1);
  });
});
