import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { REPO_ROOT } from '../config.ts';
import { freePort } from './test-postgres.ts';

export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  pid: number;
  /** What the process printed so far (stdout and stderr, the last 64 KB), for a failing test's message. */
  output(): string;
  /** SIGTERM, as an orchestrator stops it; SIGKILL when it has not exited after 10 s. */
  stop(): Promise<void>;
  /** Resolves with the exit code once the process has exited (null when a signal ended it). */
  exited: Promise<number | null>;
}

export interface ServerProcessOptions {
  /** A migrated database (a test's clone); the process migrates and seeds it like `npm start` does. */
  databaseUrl: string;
  /** More variables (they win over the defaults below). */
  env?: NodeJS.ProcessEnv;
  /** How long to wait for /readyz; generous, since the process compiles TypeScript on a busy machine. */
  readyTimeoutMs?: number;
  /** A built server (`apps/server/dist/server.js`) to run with plain node instead of the sources under tsx. */
  entry?: string;
}

const SERVER_ENTRY = resolve(REPO_ROOT, 'apps/server/src/server.ts');
const OUTPUT_LIMIT = 64 * 1024;
/** Every process a test starts signs sessions alike, so a session cookie of one is valid on the others. */
export const TEST_SESSION_SECRET = 'test-secret-test-secret';

/**
 * The console as its own OS process (`tsx apps/server/src/server.ts`) on a free port over the given
 * database, with dev login and quiet logs; resolves once /readyz answers 200. For tests of several
 * processes on one database (scale out).
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = options.entry ? ['--enable-source-maps', options.entry] : ['--import', 'tsx', SERVER_ENTRY];
  const child = spawn(process.execPath, args, {
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
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));

  const stop = () => stopChild(child, exited);
  try {
    await waitUntilReady(url, exited, options.readyTimeoutMs ?? 60_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`);
  }
  return { url, pid: child.pid ?? 0, output: () => output, stop, exited };
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
    const isReady = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (isReady) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`server process not ready after ${timeoutMs} ms`);
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
