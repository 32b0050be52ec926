import { spawn } from 'node:child_process';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { freePort, startTcpProxy, type TcpProxy } from '../src/testing/index.ts';

// Helpers of the fault tests: a database that goes away under a running app, a server
// process that can be killed, and what a database holds for one environment, read directly so an
// outage of the app's path cannot hide it.

/** A TCP proxy in front of this run's PostgreSQL, closed after the file (after the file's apps). */
export async function startDatabaseProxy(): Promise<TcpProxy> {
  const admin = new URL(inject('adminUrl'));
  const proxy = await startTcpProxy(admin.hostname, Number(admin.port || 5432));
  afterAll(() => proxy.close());
  return proxy;
}

/** Runs work on a plain connection of its own to the database at url. */
export async function withConnection<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Every row the database holds for one environment: its environment row and the rows of every table
 * with an environment_id column (found in the catalogue, so tables added later are included), each row
 * as JSON text, sorted. Two dumps are equal exactly when nothing of the environment changed.
 */
export async function dumpEnvironment(url: string, environmentId: string): Promise<Record<string, string[]>> {
  return withConnection(url, async (client) => {
    const { rows: tables } = await client.query<{ table: string }>(
      `SELECT table_name AS "table" FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name = 'environment_id' ORDER BY table_name`,
    );
    const dump: Record<string, string[]> = {};
    const read = async (name: string, sql: string) => {
      const { rows } = await client.query<{ row: string }>(sql, [environmentId]);
      dump[name] = rows.map((row) => row.row).sort();
    };
    await read('environment', 'SELECT to_jsonb(t)::text AS row FROM "environment" t WHERE id = $1');
    for (const { table } of tables) {
      await read(table, `SELECT to_jsonb(t)::text AS row FROM "${table}" t WHERE environment_id = $1`);
    }
    return dump;
  });
}

/**
 * The sessions of the client's database (other than its own) waiting for a lock. Read afresh even
 * inside a transaction, where PostgreSQL would otherwise answer the first look at pg_stat_activity again.
 */
export async function sessionsWaitingForLocks(client: pg.Client): Promise<number[]> {
  await client.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await client.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND wait_event_type = 'Lock'`,
  );
  return rows.map((row) => row.pid);
}

/** The call's answer and how long it took, in milliseconds. */
export async function timed<T>(call: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await call();
  return { result, ms: performance.now() - start };
}

export interface ServerProcess {
  url: string;
  /** Sends the signal and waits until the process has exited. */
  stop(signal: NodeJS.Signals): Promise<void>;
  /** What it printed so far (stdout and stderr). */
  output(): string;
  readonly hasExited: boolean;
}

const SERVER_ENTRY = 'apps/server/src/server.ts';

/**
 * The console as `npm start` runs it (apps/server/src/server.ts under tsx, in one process so a signal
 * reaches the server itself), over an existing database, on a free local port. Resolves once it
 * listens; rejects with its output when it exits first.
 */
export async function startServerProcess(
  databaseUrl: string,
  env: NodeJS.ProcessEnv = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      AUTH_DEV_LOGIN: 'true',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let hasExited = false;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      hasExited = true;
      resolve();
    });
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
      if (output.includes('Live-ops console:')) resolve();
    });
    child.stderr.on('data', (chunk) => {
      output += String(chunk);
    });
    void exited.then(() => reject(new Error(`the server exited before listening:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    get hasExited() {
      return hasExited;
    },
    output: () => output,
    async stop(signal) {
      if (!hasExited) child.kill(signal);
      await exited;
    },
  };
}
