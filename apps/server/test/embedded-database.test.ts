import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, prepareDatabase } from '../src/db/database.ts';
import { startEmbeddedPostgres, withCredentials } from '../src/db/embedded.ts';
import { isRunning, readPostmasterPid } from '../src/db/leftover-postgres.ts';
import { MIGRATIONS_DIR, parseEnvSettings, REPO_ROOT } from '../src/settings.ts';
import {
  freePort,
  runProcess,
  type ServerProcess,
  serverProcessArgs,
  startServerProcess,
} from '../src/testing/index.ts';
import { withConnection } from './faults.ts';

// The embedded PostgreSQL of `npm start`, each test with its own data directory and port: it serves as
// a role that owns nothing, with random passwords kept beside the data directory, on the loopback
// address only; a console killed with SIGKILL starts again (the PostgreSQL it left running is stopped
// first); liveness fails when that database stops answering; a PostgreSQL that cannot start says why.

/** Server processes on a busy two-core machine: initdb takes a while. */
const SLOW_MS = 240_000;
const directories: string[] = [];
const processes: ServerProcess[] = [];

function newDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-embedded-'));
  directories.push(dataDir);
  return dataDir;
}

afterAll(async () => {
  for (const server of processes) await server.stop('SIGKILL').catch(() => {});
  for (const dataDir of directories) {
    const left = readPostmasterPid(dataDir);
    if (left && isRunning(left.pid)) process.kill(left.pid, 'SIGQUIT');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}.credentials.json`, { force: true });
  }
});

/** The console as `npm start` runs it, on its own embedded database (DATABASE_URL unset). */
async function startEmbeddedConsole(dataDir: string, port: number, env: NodeJS.ProcessEnv = {}) {
  const server = await startServerProcess({
    databaseUrl: '',
    entry: inject('serverBundle'),
    env: { EMBEDDED_PG_DIR: dataDir, EMBEDDED_PG_PORT: String(port), ...env },
  });
  processes.push(server);
  return server;
}

const signIn = async (url: string, email: string) => {
  const response = await fetch(`${url}/oauth/login/dev`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(response.status).toBe(200);
  return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
};
const call = (url: string, path: string, cookie: string, body?: unknown) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

// Concurrent: each test has its own data directory, port and processes, and most of their time is
// waiting (initdb, a console starting, liveness noticing a dead database), which overlaps.
describe.concurrent('the embedded PostgreSQL', () => {
  it('serves as a role that owns nothing, with random passwords beside its data, on loopback only', {
    timeout: SLOW_MS,
  }, async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const env = parseEnvSettings({ EMBEDDED_PG_DIR: dataDir, EMBEDDED_PG_PORT: String(port) });
    const database = await openDatabase(env);
    try {
      expect(new URL(database.url).username).toBe('console_app');
      expect(new URL(database.ownerUrl).username).toBe('postgres');
      expect(database.isEmbedded).toBe(true);
      const credentials = `${dataDir}.credentials.json`;
      expect(statSync(credentials).mode & 0o777).toBe(0o600);
      const { serving } = await prepareDatabase(database, MIGRATIONS_DIR);
      expect(serving).toBe('serving as console_app, which owns nothing; migrated as postgres');
      await withConnection(database.ownerUrl, async (owner) => {
        expect((await owner.query('SHOW listen_addresses')).rows[0].listen_addresses).toBe('127.0.0.1');
      });
      // The fixed password of earlier versions opens nothing.
      const fixed = new pg.Client({
        connectionString: withCredentials(database.ownerUrl, 'postgres', 'postgres'),
      });
      await expect(fixed.connect()).rejects.toMatchObject({ code: '28P01' });
      await withConnection(database.url, async (client) => {
        await expect(client.query('TRUNCATE audit_entry')).rejects.toMatchObject({ code: '42501' });
      });
    } finally {
      await database.stop();
    }
    // A second start reads the same passwords.
    const again = await openDatabase(env);
    await again.stop();
  });

  it('replaces the fixed superuser password of a cluster an earlier version created', {
    timeout: SLOW_MS,
  }, async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const earlier = await startEmbeddedPostgres({ dataDir, port, persistent: true });
    await earlier.stop();
    const database = await openDatabase(
      parseEnvSettings({ EMBEDDED_PG_DIR: dataDir, EMBEDDED_PG_PORT: String(port) }),
    );
    try {
      const fixed = new pg.Client({
        connectionString: withCredentials(database.ownerUrl, 'postgres', 'postgres'),
      });
      await expect(fixed.connect()).rejects.toMatchObject({ code: '28P01' });
      await withConnection(database.ownerUrl, (owner) => owner.query('SELECT 1'));
    } finally {
      await database.stop();
    }
  });

  it('starts again after the console was killed with SIGKILL, stopping the PostgreSQL it left running', {
    timeout: SLOW_MS,
  }, async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const first = await startEmbeddedConsole(dataDir, port);
    const cookie = await signIn(first.url, 'crash@example.com');
    const created = await call(first.url, '/api/abtest/create', cookie, {
      id: 'survives',
      description: 'x',
      type: 0,
    });
    expect(created.status).toBe(200);

    await first.stop('SIGKILL');
    const left = readPostmasterPid(dataDir);
    expect(left && isRunning(left.pid), 'the killed console left its PostgreSQL running').toBe(true);

    // Liveness is checked below: a bound of 10 s instead of the default 30 s cuts the wait for /healthz to
    // fail by 20 s, and is still above what one probe given up on leaves unanswered while the database is
    // up (a probe every 5 s, each given up on after the 1 s connect limit plus a second: about 7 s).
    const second = await startEmbeddedConsole(dataDir, port, { EMBEDDED_PG_LIVENESS_SECONDS: '10' });
    expect(second.output()).toContain(
      `stopped the PostgreSQL (process ${left!.pid}) an earlier start left running`,
    );
    expect(isRunning(left!.pid)).toBe(false);
    const again = await signIn(second.url, 'crash@example.com');
    const got = await call(second.url, '/api/abtest/get', again, { id: 'survives' });
    expect(got.status).toBe(200);

    // Liveness: once its own database stops answering for longer than the bound, /healthz says so
    // (a supervisor then restarts the console, and with it the database); /readyz too.
    const running = readPostmasterPid(dataDir)!;
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
    process.kill(running.pid, 'SIGKILL');
    const deadline = Date.now() + 60_000;
    let health = await fetch(`${second.url}/healthz`);
    while (health.status === 200) {
      expect(Date.now(), '/healthz fails within the bound').toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 250));
      health = await fetch(`${second.url}/healthz`);
    }
    expect(health.status).toBe(503);
    expect(((await health.json()) as { error: string }).error).toMatch(
      /^The embedded database has not answered for \d+ s; restart the console$/,
    );
    expect((await fetch(`${second.url}/readyz`)).status).toBe(503);
    await second.stop('SIGTERM');
  });

  it('says what PostgreSQL said when it cannot start', { timeout: SLOW_MS }, async () => {
    const dataDir = newDataDir();
    // The port is taken by another program on the loopback address PostgreSQL listens on.
    const taken = createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      const { code, output } = await runProcess(process.execPath, serverProcessArgs(inject('serverBundle')), {
        cwd: REPO_ROOT,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          EMBEDDED_PG_DIR: dataDir,
          EMBEDDED_PG_PORT: String(port),
          PORT: String(await freePort()),
        },
      });
      expect(code).toBe(1);
      expect(output).toContain(
        `The console could not start: The embedded PostgreSQL (data in ${dataDir}, port ${port}) did not start:`,
      );
      expect(output).toMatch(/could not (bind|create)[^\n]*(Address already in use|TCP\/IP sockets)/);
      expect(output).not.toContain('undefined');
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
