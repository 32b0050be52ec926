import { join } from 'node:path';
import pg from 'pg';
import { type Env, REPO_ROOT } from '../config.ts';
import { startEmbeddedPostgres, withDatabase } from './embedded.ts';

export interface DatabaseHandle {
  url: string;
  /** Where it came from, for the start-up message. */
  description: string;
  stop(): Promise<void>;
}

const EMBEDDED_DATABASE = 'console';

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL whose data persists under .data/
 * (EMBEDDED_PG_PORT, default 54329), so `npm start` needs no database installed.
 * `ownsShutdownSignals`: the caller stops the handle itself on SIGINT/SIGTERM (embedded.ts).
 */
export async function openDatabase(
  env: Pick<Env, 'DATABASE_URL' | 'EMBEDDED_PG_DIR' | 'EMBEDDED_PG_PORT'>,
  options: { ownsShutdownSignals?: boolean } = {},
): Promise<DatabaseHandle> {
  if (env.DATABASE_URL) {
    return { url: env.DATABASE_URL, description: 'DATABASE_URL', stop: async () => {} };
  }
  const dataDir = env.EMBEDDED_PG_DIR ?? join(REPO_ROOT, '.data/postgres');
  const port = env.EMBEDDED_PG_PORT;
  const embedded = await startEmbeddedPostgres({ dataDir, port, persistent: true, ...options });
  await createDatabaseIfMissing(embedded.adminUrl, EMBEDDED_DATABASE);
  return {
    url: withDatabase(embedded.adminUrl, EMBEDDED_DATABASE),
    description: `embedded PostgreSQL on port ${port}, data in ${dataDir}`,
    stop: embedded.stop,
  };
}

export async function createDatabaseIfMissing(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}
