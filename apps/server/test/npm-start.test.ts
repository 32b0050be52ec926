import { randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRunning, readPostmasterPid } from '../src/db/leftover-postgres.ts';
import { REPO_ROOT } from '../src/settings.ts';
import {
  freePort,
  newcomerEnv,
  runProcess,
  type ServerProcess,
  startNpmStart,
} from '../src/testing/index.ts';

// The README's first command as a newcomer runs it: `npm start` from the repository root with nothing set
// but the ports, its embedded PostgreSQL's data in a folder whose parents do not exist yet. It serves (dev
// login, /login, the API), then stops as a supervisor or a terminal stops it (SIGTERM or SIGINT to npm,
// Ctrl-C to the terminal's process group): npm exits 0 and every process it started, PostgreSQL included,
// is gone.

/** Caps against a hang: a start builds (cached), initialises a cluster and migrates it. */
const SLOW_MS = 240_000;
const BUILD_FILTERS = ['--filter=@console/server', '--filter=@console/web'];
/** Not created here: the console creates it and what lies below (traversable by the user PostgreSQL runs as). */
const temporary = join(tmpdir(), `console-npm-start-${randomUUID()}`);
const started: ServerProcess[] = [];
/** Every process a start ran, for the clean-up after a failed stop (npm gone, its children not). */
const seen = new Set<number>();

/**
 * The test run built everything first (`npm test`'s build step; alone: `npx turbo run build`), so the
 * build `npm start` runs is turbo's cache: nothing is rebuilt under the browser tests serving the web app.
 */
beforeAll(async () => {
  const dryRun = await runProcess(
    join(REPO_ROOT, 'node_modules/.bin/turbo'),
    ['run', 'generate', 'build', ...BUILD_FILTERS, '--dry=json'],
    { cwd: REPO_ROOT, env: newcomerEnv() },
  );
  expect(dryRun.code, dryRun.stderr).toBe(0);
  const tasks = (
    JSON.parse(dryRun.stdout) as { tasks: { taskId: string; command: string; cache: { status: string } }[] }
  ).tasks;
  const toBuild = tasks.filter((task) => task.command !== '<NONEXISTENT>' && task.cache.status !== 'HIT');
  expect(
    toBuild.map((task) => task.taskId),
    'not built since the last change: run `npx turbo run build` first',
  ).toEqual([]);
});

afterAll(() => {
  // After a failed test: npm, and what it started (each in its own process group) with it.
  const all = new Set([...seen, ...started.flatMap((server) => server.processTree())]);
  for (const pid of all) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
  rmSync(temporary, { recursive: true, force: true });
});

/** `npm start` on an empty data folder below folders that do not exist yet, on free ports. */
async function startAsNewcomer(name: string) {
  const dataDir = join(temporary, name, 'not', 'yet', 'postgres');
  const postgresPort = await freePort();
  const server = await startNpmStart({
    env: { EMBEDDED_PG_DIR: dataDir, EMBEDDED_PG_PORT: String(postgresPort) },
  });
  started.push(server);
  return { server, dataDir };
}

/** Stops it as given and checks the stop was clean: npm exits 0, and nothing it started runs on. */
async function expectCleanStop(
  { server, dataDir }: Awaited<ReturnType<typeof startAsNewcomer>>,
  signal: NodeJS.Signals,
  options: { toGroup?: boolean } = {},
) {
  const postmaster = readPostmasterPid(dataDir);
  expect(postmaster && isRunning(postmaster.pid), 'PostgreSQL runs on the data folder').toBe(true);
  // npm, the launcher, the server, PostgreSQL and its workers.
  const processes = server.processTree();
  for (const pid of processes) seen.add(pid);
  expect(processes.length).toBeGreaterThanOrEqual(5);
  await server.stop(signal, options);
  expect(await server.exited, server.output()).toBe(0);
  expect(server.output()).toContain(`${signal}: stopping`);
  expect(processes.filter(isRunning), 'processes left running').toEqual([]);
  expect(existsSync(join(dataDir, 'postmaster.pid')), 'PostgreSQL shut down cleanly').toBe(false);
  await expect(fetch(`${server.url}/readyz`)).rejects.toThrow();
}

// Concurrent: each start has its own data folder and ports, and waits mostly (initdb, migrations).
describe.concurrent('npm start, as the README says', () => {
  it('serves from nothing: dev login, the login page, the API; stops on SIGTERM to npm', {
    timeout: SLOW_MS,
  }, async () => {
    const newcomer = await startAsNewcomer('sigterm');
    const { server } = newcomer;
    // The build was turbo's cache.
    expect(server.output()).toContain('FULL TURBO');
    const signIn = await fetch(`${server.url}/oauth/login/dev`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'newcomer@example.com' }),
    });
    expect(signIn.status).toBe(200);
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    expect(cookie).toMatch(/=./);

    const login = await fetch(`${server.url}/login`);
    expect(login.status).toBe(200);
    const page = await login.text();
    expect(page).toContain('<div id="root">');
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(page)?.[1];
    expect(script, 'the built web app').toBeDefined();
    const bundle = await fetch(`${server.url}${script}`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toMatch(/javascript/);

    // The environments a first start creates.
    const list = await fetch(`${server.url}/api/configuration/list`, { method: 'POST', headers: { cookie } });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { payload: string[] }).payload).toEqual(
      expect.arrayContaining(['dev', 'stable', 'prod']),
    );

    await expectCleanStop(newcomer, 'SIGTERM');
  });

  it('stops on SIGINT to npm', { timeout: SLOW_MS }, async () => {
    await expectCleanStop(await startAsNewcomer('sigint'), 'SIGINT');
  });

  it("stops on a terminal's Ctrl-C: SIGINT to the whole process group", { timeout: SLOW_MS }, async () => {
    await expectCleanStop(await startAsNewcomer('ctrl-c'), 'SIGINT', { toGroup: true });
  });
});
