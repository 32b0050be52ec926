import { type AuditEntry, checkAuditEvent, isAuditAction } from '@console/domain/audit';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { inject } from 'vitest';
import { closeAfterUse } from '../src/testing/close-after-use.ts';
import {
  buildTestApp,
  cloneDatabase,
  httpClient,
  type TestAppOptions,
  type TestRequest,
  type TestResponse,
} from '../src/testing/index.ts';

export type { TestRequest, TestResponse };

/**
 * vi.waitFor's options for waiting on an event outside a test (in beforeAll, where expect.poll cannot be
 * used): a cap that only guards against a hang (vi.waitFor's default 1 s is a budget on a busy machine).
 */
export const UNTIL_EVENT = { timeout: 20_000, interval: 50 } as const;

export interface TestApp {
  /** The app itself, for what is not a request (its database, stores, routes a test adds). */
  app: FastifyInstance;
  /** http://127.0.0.1:<port>, where the app listens (from the first request or this call on). */
  url(): Promise<string>;
  /** Sends a request over a real socket; takes `inject`'s options and answers its shape. */
  request(options: TestRequest): Promise<TestResponse>;
  /** The file's database, reached directly as its owner (not through `connectVia`). */
  databaseUrl: string;
  /** The same database as the role the app serves as (owns nothing: db/database-roles.ts). */
  servingUrl: string;
  /** A session cookie header for that operator (dev login over HTTP, like the browser does). */
  login(email?: string): Promise<string>;
  /** POST JSON as the console does; `cookie` from login(). */
  post(url: string, body?: unknown, cookie?: string): Promise<TestResponse>;
  /**
   * The environment's latest 100 audit entries, newest first, read over HTTP as the console does; with
   * `consoleWide`, the console-wide ones among them, as the Audit Log screen shows them.
   */
  auditEntries(
    cookie: string,
    environment?: string,
    options?: { consoleWide?: boolean },
  ): Promise<AuditEntry[]>;
}

export interface CreateTestAppOptions extends TestAppOptions {
  /** The URL the app connects with, from its database's URL (fault tests: through a TCP proxy). */
  connectVia?: (databaseUrl: string) => string;
}

/**
 * A real app on a database of its own, closed and dropped after the test that made it, or after the file
 * when a hook made it (close-after-use.ts). Its requests cross a real socket (see httpClient): the app
 * listens on a free local port from the first request.
 */
export async function createTestApp(
  env: NodeJS.ProcessEnv = {},
  { connectVia = (url) => url, ...options }: CreateTestAppOptions = {},
): Promise<TestApp> {
  const database = await cloneDatabase(
    inject('adminUrl'),
    inject('templateDatabase'),
    inject('databasePrefix'),
    inject('servingRole') ?? undefined,
  );
  // The app serves as the production role does: it may read and write, but owns nothing.
  const app = await buildTestApp(connectVia(database.servingUrl), env, options);
  closeAfterUse(async () => {
    await app.close();
    await database.drop();
  });
  const client = httpClient(app);
  // A console with PUBLIC_URL serves only requests addressed to it (http/cross-site.ts).
  const host = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).host : undefined;
  const post = (url: string, body?: unknown, cookie?: string) =>
    client.request({
      method: 'POST',
      url,
      headers: {
        ...(host ? { host } : {}),
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  return {
    app,
    url: client.url,
    request: client.request,
    databaseUrl: database.url,
    servingUrl: database.servingUrl,
    post,
    auditEntries: async (cookie, environment = 'dev', { consoleWide = false } = {}) => {
      const entries = (
        await post(
          `/api/audit/list?configuration=${environment}`,
          { offset: 0, limit: 100, consoleWide },
          cookie,
        )
      ).json().payload as AuditEntry[];
      // Every test that reads the log also checks that what the services wrote fits the typed union
      // (entries a test inserts itself under a made-up action are left alone).
      for (const entry of entries) {
        const problem = isAuditAction(entry.action) ? checkAuditEvent(entry.action, entry.attributes) : null;
        if (problem) throw new Error(`audit entry ${entry.id} does not fit its typed event: ${problem}`);
      }
      return entries;
    },
    login: async (email = 'operator@example.com') => {
      const response = await post('/oauth/login/dev', { email });
      if (response.statusCode !== 200) throw new Error(`dev login failed: ${response.body}`);
      const setCookie = response.headers['set-cookie'];
      const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
      return (first ?? '').split(';')[0] ?? '';
    },
  };
}

/**
 * Waits until `count` statements of this test's database wait for a lock (requests queued behind a row a
 * test holds from outside), polling through `watcher`; the cap of 500 polls only guards against a hang.
 */
export async function waitUntilLockWaiters(watcher: pg.Client, count: number): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const { rows } = await watcher.query<{ waiting: number }>(
      "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
    );
    if ((rows[0]?.waiting ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`fewer than ${count} requests waiting for the lock`);
}
