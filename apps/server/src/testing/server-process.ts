import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { REPO_ROOT } from '../settings.ts';
import { freePort } from './test-postgres.ts';

export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  pid: number;
  /** Whether the process has exited (killed by a test, or by itself). */
  readonly hasExited: boolean;
  /** What the process printed so far (stdout and stderr, the last 64 KB), for a failing test's message. */
  output(): string;
  /**
   * Sends the signal (SIGTERM by default, as an orchestrator stops it; SIGKILL for a crash) and waits until
   * the process has exited, sending SIGKILL to it and every process it started when it has not after
   * STOP_TIMEOUT_MS (`npm start`: NPM_STOP_TIMEOUT_MS). `toGroup`: to its whole process group, as a
   * terminal's Ctrl-C does (`npm start` only, which leads a group of its own).
   */
  stop(signal?: NodeJS.Signals, options?: { toGroup?: boolean }): Promise<void>;
  /** Resolves with the exit code once the process has exited (null when a signal ended it). */
  exited: Promise<number | null>;
  /** The process and every process it started that run now, to check that a stop left none behind. */
  processTree(): number[];
}

export interface ServerProcessOptions {
  /** A migrated database (a test's clone); the process migrates and seeds it like `npm start` does. */
  databaseUrl: string;
  /** More variables (they win over the defaults below). */
  env?: NodeJS.ProcessEnv;
  /** How long to wait for /readyz (READY_TIMEOUT_MS unless given): only a guard against a hang. */
  readyTimeoutMs?: number;
  /**
   * A built server to run with plain node, as `npm start` does: the test run's bundle
   * (`inject('serverBundle')`, server-bundle-setup.ts) or `apps/server/dist/server.js`. Without it, the
   * sources run under tsx.
   */
  entry?: string;
}

const SERVER_ENTRY = resolve(REPO_ROOT, 'apps/server/src/server.ts');
const OUTPUT_LIMIT = 64 * 1024;
/**
 * Caps that only guard against a hang: a process loading the server (under tsx, compiling TypeScript), and
 * with an embedded database also initialising and migrating it, took over 90 s on a 2-core machine at a
 * load average of 15.
 */
const READY_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 10_000;
/**
 * `npm start` stops in turn npm, its launcher, the server (whose requests in flight have
 * SHUTDOWN_TIMEOUT_SECONDS, 10 s by default) and the embedded PostgreSQL: a cap above all of them.
 */
const NPM_STOP_TIMEOUT_MS = 60_000;
/** Every process a test starts signs sessions alike, so a session cookie of one is valid on the others. */
export const TEST_SESSION_SECRET = 'test-secret-test-secret';

/** Node's arguments that run the console: a built `entry` as `npm start` does, else the sources under tsx. */
export function serverProcessArgs(entry?: string): string[] {
  return entry ? ['--enable-source-maps', entry] : ['--import', 'tsx', SERVER_ENTRY];
}

/**
 * The console as its own OS process, as `npm start` runs it (`node dist/server.js` in one process, so a
 * signal reaches the server itself) when given a built `entry`, on a free port over the given database,
 * with dev login and quiet logs; resolves once /readyz answers 200, rejects with its output when it exits
 * first or is not ready within the timeout. For tests of several processes on one database (scale out)
 * and of a process killed mid-flight (crash recovery).
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, serverProcessArgs(options.entry), {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: options.databaseUrl,
      AUTH_DEV_LOGIN: 'true',
      SESSION_SECRET: TEST_SESSION_SECRET,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return watchUntilReady(child, url, {
    readyTimeoutMs: options.readyTimeoutMs ?? READY_TIMEOUT_MS,
    stopTimeoutMs: STOP_TIMEOUT_MS,
    leadsGroup: false,
  });
}

/**
 * What a newcomer's shell gives `npm start`: its PATH and HOME, and nothing of the test run's own
 * variables (NODE_ENV=test, a DATABASE_URL); with `env` added.
 */
export function newcomerEnv(env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const { PATH, HOME, TURBO_TELEMETRY_DISABLED, DO_NOT_TRACK } = process.env;
  return { PATH, HOME, TURBO_TELEMETRY_DISABLED, DO_NOT_TRACK, ...env };
}

/**
 * The README's first command: `npm start` from the repository root, on a free PORT, with only
 * newcomerEnv(env) (so without DATABASE_URL it runs its own embedded PostgreSQL: give EMBEDDED_PG_DIR and
 * EMBEDDED_PG_PORT), in a process group of its own so that a test can stop it as a terminal's Ctrl-C does
 * (`stop('SIGINT', { toGroup: true })`). Resolves once /readyz answers 200, as startServerProcess does.
 */
export async function startNpmStart(
  options: { env?: NodeJS.ProcessEnv; readyTimeoutMs?: number } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    env: newcomerEnv({ PORT: String(port), ...options.env }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  return watchUntilReady(child, `http://127.0.0.1:${port}`, {
    readyTimeoutMs: options.readyTimeoutMs ?? READY_TIMEOUT_MS,
    stopTimeoutMs: NPM_STOP_TIMEOUT_MS,
    leadsGroup: true,
  });
}

/** How a command that runs to its end ended, and what it printed. */
export interface ProcessResult {
  /** The exit code; null when a signal ended it. */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr as they came, interleaved. */
  output: string;
}

export interface RunProcessOptions {
  /** The repository's root unless given. */
  cwd?: string;
  /** The whole environment of the process (this one's unless given). */
  env?: NodeJS.ProcessEnv;
  /** How long it may run (RUN_TIMEOUT_MS unless given): only a guard against a hang. */
  timeoutMs?: number;
}

/**
 * A cap against a hang for a command that runs to its end (a build, `npm pack`, `npm install` from the
 * cache, a console that refuses to start): the slowest, an install, took minutes on a 2-core machine at a
 * load average of 15.
 */
const RUN_TIMEOUT_MS = 300_000;

/** Kills the process and every process it started that runs now. */
function killTree(pid: number | undefined): void {
  for (const each of processTreeOf(pid ?? 0)) {
    try {
      process.kill(each, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
}

/**
 * Starts a process of a test that talks to it while it runs (over its stdin and stdout): it and every
 * process it started are killed once it outlives `timeoutMs` (RUN_TIMEOUT_MS unless given), a guard against
 * a hang. `timedOut` says whether that happened.
 */
export function spawnTestProcess(
  command: string,
  args: readonly string[],
  options: RunProcessOptions & { stdio?: StdioOptions } = {},
): { child: ChildProcess; timedOut(): boolean } {
  const child = spawn(command, args, {
    cwd: options.cwd ?? REPO_ROOT,
    env: options.env ?? process.env,
    stdio: options.stdio ?? ['ignore', 'pipe', 'pipe'],
  });
  let hasTimedOut = false;
  const timer = setTimeout(() => {
    hasTimedOut = true;
    killTree(child.pid);
  }, options.timeoutMs ?? RUN_TIMEOUT_MS);
  child.once('exit', () => clearTimeout(timer));
  child.once('error', () => clearTimeout(timer));
  return { child, timedOut: () => hasTimedOut };
}

/**
 * Runs a command to its end and resolves with its exit code and output, whatever the code. Past its
 * timeout the process and every process it started are killed, and the call rejects with what they
 * printed. Every process the tests start goes through this, spawnTestProcess or startServerProcess /
 * startNpmStart, so none outlives a hung test.
 */
export function runProcess(
  command: string,
  args: readonly string[],
  options: RunProcessOptions = {},
): Promise<ProcessResult> {
  const { child, timedOut } = spawnTestProcess(command, args, options);
  let stdout = '';
  let stderr = '';
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    output += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    // A process it started that outlives it may hold the pipes open: its output ends with it then.
    child.once('exit', () => {
      setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
      }, 2_000).unref();
    });
    child.once('close', (code, signal) => {
      if (timedOut()) {
        const line = [command, ...args].join(' ');
        const timeoutMs = options.timeoutMs ?? RUN_TIMEOUT_MS;
        reject(
          new Error(
            `${line} did not end within ${timeoutMs} ms\n--- output ---\n${output.slice(-OUTPUT_LIMIT)}`,
          ),
        );
      } else resolve({ code, signal, stdout, stderr, output });
    });
  });
}

/** Keeps the child's output, and resolves once it is ready (stopping it and rejecting when it is not). */
async function watchUntilReady(
  child: ChildProcess,
  url: string,
  limits: { readyTimeoutMs: number; stopTimeoutMs: number; leadsGroup: boolean },
): Promise<ServerProcess> {
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let hasExited = false;
  const exited = new Promise<number | null>((done) =>
    child.once('exit', (code) => {
      hasExited = true;
      done(code);
    }),
  );

  const stop = (signal: NodeJS.Signals = 'SIGTERM', options: { toGroup?: boolean } = {}) => {
    if (options.toGroup && !limits.leadsGroup) throw new Error('only `npm start` leads a process group');
    return stopChild(child, exited, signal, options.toGroup ?? false, limits.stopTimeoutMs);
  };
  try {
    await waitUntilReady(url, exited, limits.readyTimeoutMs);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`);
  }
  return {
    url,
    pid: child.pid ?? 0,
    get hasExited() {
      return hasExited;
    },
    output: () => output,
    stop,
    exited,
    processTree: () => processTreeOf(child.pid ?? 0),
  };
}

async function waitUntilReady(url: string, exited: Promise<number | null>, timeoutMs: number): Promise<void> {
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exitCode !== undefined)
      throw new Error(`server process exited with code ${exitCode} before it was ready`);
    const isReady = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (isReady) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`server process not ready after ${timeoutMs} ms`);
}

async function stopChild(
  child: ChildProcess,
  exited: Promise<number | null>,
  signal: NodeJS.Signals,
  toGroup: boolean,
  timeoutMs: number,
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  // Taken before the signal: once the process has gone, what it started is no longer found below it.
  const tree = processTreeOf(child.pid ?? 0);
  if (toGroup && child.pid) process.kill(-child.pid, signal);
  else child.kill(signal);
  const timer = setTimeout(() => {
    for (const pid of new Set([...tree, ...processTreeOf(child.pid ?? 0)])) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }
  }, timeoutMs);
  await exited;
  clearTimeout(timer);
}

/** The process and its descendants that run now (Linux: from /proc). */
function processTreeOf(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // "pid (command) state ppid ...": the command may hold spaces and parentheses.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree = existsSync(`/proc/${root}`) ? [root] : [];
  for (let index = 0; index < tree.length; index += 1) tree.push(...(children.get(tree[index]!) ?? []));
  return tree;
}
