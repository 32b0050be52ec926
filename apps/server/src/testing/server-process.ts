import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { REPO_ROOT } from '../config.ts';
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
   * the process has exited, sending SIGKILL when it has not after STOP_TIMEOUT_MS.
   */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Resolves with the exit code once the process has exited (null when a signal ended it). */
  exited: Promise<number | null>;
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

  const stop = (signal: NodeJS.Signals = 'SIGTERM') => stopChild(child, exited, signal);
  try {
    await waitUntilReady(url, exited, options.readyTimeoutMs ?? READY_TIMEOUT_MS);
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
): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
