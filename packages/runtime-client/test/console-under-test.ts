import { buildTestApp, cloneDatabase, startTcpProxy } from '@console/server/testing';
import { inject } from 'vitest';

type App = Awaited<ReturnType<typeof buildTestApp>>;

// The real console for the SDK's tests: the app over this test file's own database, listening on a
// random local port, with a TCP proxy in front that the game servers (the SDK) connect through, so a
// test can drop their connections or restart the console behind the same address. Operators call
// the console directly, as the web app does, with a dev login session.

export interface ConsoleUnderTest {
  /** Where game servers connect (through the proxy). */
  runtimeUrl: string;
  /** Where operators connect (the app itself). */
  consoleUrl(): string;
  /** Makes the console unreachable for game servers (their connections dropped, new ones refused). */
  cutRuntime(): void;
  restoreRuntime(): void;
  /** POST an operator call; answers its payload, throws with the body on any status but 200. */
  api<T = unknown>(path: string, body?: unknown, environment?: string): Promise<T>;
  /** POST an operator call; answers the raw response. */
  call(path: string, body?: unknown, environment?: string): Promise<Response>;
  /** A new runtime key of the environment (the secret). */
  createRuntimeKey(environment?: string, name?: string): Promise<{ id: string; key: string }>;
  /**
   * Closes the app (game servers' connections dropped) and starts a new one over the same database and
   * port; game servers reach it again unless cutRuntime() was in force before.
   */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startConsoleUnderTest(): Promise<ConsoleUnderTest> {
  const database = await cloneDatabase(
    inject('adminUrl'),
    inject('templateDatabase'),
    inject('databasePrefix'),
  );
  let app: App = await buildTestApp(database.url);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = portOf(app);
  const proxy = await startTcpProxy('127.0.0.1', port);
  const consoleUrl = () => `http://127.0.0.1:${port}`;
  let isCut = false;

  const login = await fetch(`${consoleUrl()}/oauth/login/dev`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'sdk-tests@example.com' }),
  });
  if (login.status !== 200) throw new Error(`dev login failed: ${await login.text()}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

  const call = (path: string, body?: unknown, environment = 'dev') =>
    fetch(`${consoleUrl()}${path}?configuration=${environment}`, {
      method: 'POST',
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const api = async <T>(path: string, body?: unknown, environment = 'dev'): Promise<T> => {
    const response = await call(path, body, environment);
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text}`);
    return (JSON.parse(text) as { payload: T }).payload;
  };

  return {
    runtimeUrl: `http://127.0.0.1:${proxy.port}`,
    consoleUrl,
    cutRuntime() {
      isCut = true;
      proxy.cut();
    },
    restoreRuntime() {
      isCut = false;
      proxy.restore();
    },
    api,
    call,
    createRuntimeKey: (environment = 'dev', name = `sdk ${Math.random().toString(36).slice(2, 8)}`) =>
      api<{ id: string; key: string }>('/api/runtime-keys/create', { name }, environment),
    async restart() {
      // Drop the game servers' connections first: a held stream would keep close() waiting.
      proxy.cut();
      await app.close();
      app = await buildTestApp(database.url);
      await app.listen({ port, host: '127.0.0.1' });
      if (!isCut) proxy.restore();
    },
    async close() {
      await proxy.close();
      await app.close();
      await database.drop().catch(() => {});
    },
  };
}

function portOf(app: App): number {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the console is not listening on a port');
  return address.port;
}
