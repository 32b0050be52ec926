import pg from 'pg';
import { inject } from 'vitest';
import { closeAfterUse } from '../src/testing/close-after-use.ts';
import { startTcpProxy, type TcpProxy } from '../src/testing/index.ts';

// Helpers of the fault tests: a database that goes away under a running app, and what a database
// holds for one environment, read directly so an outage of the app's path cannot hide it. (A server
// process that can be killed: startServerProcess in src/testing.)

/** A TCP proxy in front of this run's PostgreSQL, closed after the apps opened since (close-after-use.ts). */
export async function startDatabaseProxy(): Promise<TcpProxy> {
  const admin = new URL(inject('adminUrl'));
  const proxy = await startTcpProxy(admin.hostname, Number(admin.port || 5432));
  closeAfterUse(() => proxy.close());
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
