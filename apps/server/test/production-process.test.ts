import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { CreatedRuntimeKey } from '@console/domain/operations';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openStream, type SseClient } from '../src/features/delivery/delivery.test-helpers.ts';
import {
  cloneDatabase,
  type ServerProcess,
  startServerProcess,
  startTestOidcProvider,
  type TestOidcProvider,
} from '../src/testing/index.ts';

// The console as production runs it: the esbuild bundle under plain node (no tsx), signed in through a
// real OpenID Connect provider, logging everything (trace), then stopped with SIGTERM as an orchestrator
// does. Its whole output is read at the end: no secret it handled may be in it.

const OPERATOR = 'ops@studio.com';
const NICE_TOKEN = 'nice-secret-token-5f2a9c81';
const METRICS_TOKEN = 'metrics-secret-token-77d1e0b3';

/** Every secret the run handled, named, to say which one leaked. */
const secrets = new Map<string, string>();

const cookieValue = (setCookie: string | null, name: string) =>
  new RegExp(`(?:^|, )${name}=([^;]+)`).exec(setCookie ?? '')?.[1];

describe('the production build as a process', () => {
  let provider: TestOidcProvider;
  let server: ServerProcess;
  let drop: () => Promise<void>;
  let cookie = '';
  let key: CreatedRuntimeKey;

  beforeAll(async () => {
    provider = await startTestOidcProvider({ email: OPERATOR, email_verified: true });
    const database = await cloneDatabase(
      inject('adminUrl'),
      inject('templateDatabase'),
      inject('databasePrefix'),
    );
    drop = database.drop;
    server = await startServerProcess({
      databaseUrl: database.url,
      // The run's production bundle (build.mjs, built once for every test that runs the console as a
      // process: server-bundle-setup.ts).
      entry: inject('serverBundle'),
      env: {
        ...provider.env,
        AUTH_DEV_LOGIN: 'false',
        ADMIN_EMAILS: OPERATOR,
        LOG_LEVEL: 'trace',
        METRICS_TOKEN,
        SHUTDOWN_TIMEOUT_SECONDS: '20',
      },
    });
    secrets.set('OIDC client secret', provider.env.OIDC_CLIENT_SECRET);
    secrets.set('metrics token', METRICS_TOKEN);
  });
  afterAll(async () => {
    await server?.stop();
    await provider?.stop();
    await drop?.();
  });

  it('runs the bundle with node alone', () => {
    const bundle = readFileSync(inject('serverBundle'), 'utf8');
    expect(bundle).not.toMatch(/from ["']tsx/);
    expect(bundle).not.toMatch(/from ["']@console\//);
    expect(server.output()).toContain('Live-ops console:');
  });

  it('signs in through the provider and serves the API and the runtime', async () => {
    const start = await fetch(`${server.url}/oauth/login/oidc`, { redirect: 'manual' });
    const attempt = cookieValue(start.headers.get('set-cookie'), 'console_sign_in')!;
    const atProvider = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const callback = new URL(atProvider.headers.get('location')!);
    const back = await fetch(`${server.url}${callback.pathname}${callback.search}`, {
      redirect: 'manual',
      headers: { cookie: `console_sign_in=${attempt}` },
    });
    expect(back.headers.get('location')).toBe('/');
    const session = cookieValue(back.headers.get('set-cookie'), 'console_session')!;
    cookie = `console_session=${session}`;
    const signed = decodeURIComponent(attempt);
    const { codeVerifier } = JSON.parse(signed.slice(0, signed.lastIndexOf('.'))) as { codeVerifier: string };
    secrets.set('PKCE verifier of the sign-in attempt cookie', codeVerifier);
    secrets.set('authorization code', callback.searchParams.get('code')!);
    secrets.set('session cookie', session);

    const call = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const created = await call('/api/runtime-keys/create', { name: 'game servers' });
    expect(created.status).toBe(200);
    key = ((await created.json()) as { payload: CreatedRuntimeKey }).payload;
    secrets.set('runtime key', key.key);
    expect((await call('/api/nice/set', { niceConfig: { authToken: NICE_TOKEN } })).status).toBe(200);
    secrets.set('NICE token', NICE_TOKEN);
    // Refused calls are logged with more detail: a bad NICE token, a wrong key, a wrong metrics token.
    expect((await call('/api/nice/set', { niceConfig: { authToken: `${NICE_TOKEN} x` } })).status).toBe(400);
    const wrongKey = `rk_${'0'.repeat(40)}`;
    secrets.set('wrong runtime key', wrongKey);
    const refused = await fetch(`${server.url}/runtime/v1/snapshot`, {
      headers: { authorization: `Bearer ${wrongKey}` },
    });
    expect(refused.status).toBe(401);
    const byQuery = await fetch(`${server.url}/runtime/v1/snapshot?key=${key.key}`);
    expect(byQuery.status).toBeLessThan(500);
    const snapshot = await fetch(`${server.url}/runtime/v1/snapshot`, {
      headers: { authorization: `Bearer ${key.key}` },
    });
    expect(snapshot.status).toBe(200);
    const metrics = await fetch(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(
      /^console_runtime_requests_total\{environment="dev",call="snapshot",status="200"\} 1$/m,
    );
    const unscraped = await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer wrong' } });
    expect(unscraped.status).toBe(401);
  });

  it('on SIGTERM ends streams telling clients to reconnect, finishes the request in flight, and exits', async () => {
    const stream: SseClient = await openStream(`${server.url}/runtime/v1/stream`, {
      authorization: `Bearer ${key.key}`,
    });
    expect(stream.status).toBe(200);
    expect((await stream.nextEvent()).event).toBe('revision');

    // A request in flight: its body is half sent when the signal arrives.
    const body = JSON.stringify({ niceConfig: { authToken: NICE_TOKEN } });
    const inFlight = new Promise<{ status: number; text: string }>((done, fail) => {
      const outgoing = http.request(
        `${server.url}/api/nice/set`,
        {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => {
            text += chunk;
          });
          response.on('end', () => done({ status: response.statusCode ?? 0, text }));
        },
      );
      outgoing.on('error', fail);
      outgoing.write(body.slice(0, 10));
      // The rest of the body once the server stopped accepting new connections.
      isRefusingConnections(server.url).then(() => outgoing.end(body.slice(10)), fail);
    });
    // The half-sent request has reached the server before the signal.
    await new Promise((done) => setTimeout(done, 300));
    process.kill(server.pid, 'SIGTERM');

    const closing = await stream.next();
    // A `retry:` block may come first or with the event.
    const last = closing.event === undefined ? await stream.next() : closing;
    expect(last.event).toBe('closing');
    expect(Number(last.retry ?? closing.retry)).toBeGreaterThanOrEqual(250);
    await stream.ended;

    const answer = await inFlight;
    expect(answer).toEqual({ status: 200, text: JSON.stringify({ payload: { saved: true } }) });
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('SIGTERM: stopping');
  });

  it('never writes cookies, authorization headers, runtime keys, codes or the NICE token to its log', () => {
    const log = server.output();
    // The run did log its requests (trace), so an absence means something.
    expect(log).toMatch(/"url":"\/runtime\/v1\/snapshot\?key=\[redacted\]"|\/api\/nice\/set/);
    expect(secrets.size).toBe(8);
    const leaked = [...secrets].filter(([, secret]) => log.includes(secret)).map(([name]) => name);
    expect(leaked).toEqual([]);
  });
});

/** Resolves once new connections to the server are refused (it stopped listening). */
async function isRefusingConnections(url: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const isRefused = await fetch(`${url}/healthz`).then(
      () => false,
      () => true,
    );
    if (isRefused) return;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error('the server still accepts connections 10 s after SIGTERM');
}
