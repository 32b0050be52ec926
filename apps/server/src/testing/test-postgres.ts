import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ensureLoginRole, grantServingPrivileges } from '../db/database-roles.ts';
import { startEmbeddedPostgres, withCredentials, withDatabase } from '../db/embedded.ts';
import { migrate } from '../db/migrator.ts';
import { MIGRATIONS_DIR } from '../settings.ts';

/** A login role of the test server that owns nothing: apps under test serve as it, as in production. */
export interface ServingRole {
  name: string;
  password: string;
}

export interface TestPostgres {
  /** A URL on the server that may run CREATE/DROP DATABASE. */
  adminUrl: string;
  /** Name prefix of every database this run creates, so cleanup never touches others. */
  prefix: string;
  /** Absent when DATABASE_URL's user may not create roles: apps then serve as that user. */
  servingRole?: ServingRole;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const randomTag = () => Math.random().toString(36).slice(2, 10);

/**
 * The PostgreSQL tests run against: DATABASE_URL's server when set (only databases named with
 * this run's prefix are created and dropped there), else a throwaway embedded one in a temp dir.
 */
export async function startTestPostgres(env: NodeJS.ProcessEnv = process.env): Promise<TestPostgres> {
  const prefix = `console_test_${randomTag()}`;
  if (env.DATABASE_URL) {
    const adminUrl = env.DATABASE_URL;
    const servingRole = await createServingRole(adminUrl, prefix).catch(() => undefined);
    return {
      adminUrl,
      prefix,
      ...(servingRole ? { servingRole } : {}),
      stop: async () => {
        await dropDatabasesWithPrefix(adminUrl, prefix);
        if (servingRole) await dropRole(adminUrl, servingRole.name);
      },
    };
  }
  const embedded = await startEmbeddedPostgres({
    dataDir: mkdtempSync(join(tmpdir(), 'console-test-pg-')),
    port: await freePort(),
    persistent: false,
    superuserPassword: randomTag() + randomTag(),
    // stopped by the run's teardown; the runner's exit code (failed tests) must stand
    ownsExit: true,
  });
  const servingRole = await createServingRole(embedded.adminUrl, prefix);
  return { adminUrl: embedded.adminUrl, prefix, servingRole, stop: embedded.stop };
}

async function createServingRole(adminUrl: string, prefix: string): Promise<ServingRole> {
  const role = { name: `${prefix}_serving`, password: randomTag() + randomTag() };
  await ensureLoginRole(adminUrl, role.name, role.password);
  return role;
}

async function dropRole(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, (client) => client.query(`DROP ROLE IF EXISTS ${client.escapeIdentifier(name)}`));
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates and migrates the template every test database is cloned from, with the serving role's
 * privileges (a clone keeps them).
 */
export async function createTemplateDatabase(server: TestPostgres): Promise<string> {
  const name = `${server.prefix}_template`;
  await withAdmin(server.adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  await migrate(withDatabase(server.adminUrl, name), MIGRATIONS_DIR);
  if (server.servingRole)
    await grantServingPrivileges(withDatabase(server.adminUrl, name), server.servingRole.name);
  return name;
}

/**
 * A fresh database cloned from the template (fast: a file copy, no migrations). `url` signs in as the
 * owner (for tests that reach the database directly); `servingUrl` as the serving role, when there is one.
 */
export async function cloneDatabase(
  adminUrl: string,
  template: string,
  prefix: string,
  servingRole?: ServingRole,
): Promise<{ url: string; servingUrl: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomTag()}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
      break;
    } catch (error) {
      // Two clones of one template at the same instant collide; the second simply tries again.
      if (attempt >= 20 || !String(error).includes('being accessed by other users')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
  const url = withDatabase(adminUrl, name);
  return {
    url,
    servingUrl: servingRole ? withCredentials(url, servingRole.name, servingRole.password) : url,
    drop: () =>
      withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(
        () => {},
      ),
  };
}

async function dropDatabasesWithPrefix(adminUrl: string, prefix: string): Promise<void> {
  await withAdmin(adminUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1',
      [`${prefix}%`],
    );
    for (const row of rows) await client.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
  });
}
