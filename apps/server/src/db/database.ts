import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type pg from 'pg';
import { type EnvSettings, REPO_ROOT } from '../settings.ts';
import { openConnection } from './connection.ts';
import {
  ensureLoginRole,
  findServingRoleProblems,
  grantServingPrivileges,
  userOf,
} from './database-roles.ts';
import { EMBEDDED_SUPERUSER, startEmbeddedPostgres, withCredentials, withDatabase } from './embedded.ts';
import { migrate } from './migrator.ts';

export interface DatabaseHandle {
  /** The URL the console serves with: a role that owns nothing, when one is configured. */
  url: string;
  /** The URL migrations run with: the database's owner (the serving URL when no owner is given). */
  ownerUrl: string;
  /** The console started this database itself (the embedded PostgreSQL). */
  isEmbedded: boolean;
  /** Where it came from, for the start-up message. */
  description: string;
  stop(): Promise<void>;
}

const EMBEDDED_DATABASE = 'console';
/** The embedded database's serving role. */
export const EMBEDDED_SERVING_ROLE = 'console_app';
/** The superuser password clusters created before random passwords had. */
const LEGACY_SUPERUSER_PASSWORD = 'postgres';

interface EmbeddedCredentials {
  superuserPassword: string;
  servingPassword: string;
}

const randomPassword = () => randomBytes(24).toString('base64url');

/**
 * The embedded cluster's passwords, kept beside its data directory (`<dir>.credentials.json`, readable
 * by the console's user only), created on first use: before the cluster, so a start that fails half-way
 * never loses them. The folder holding both is created here, with its missing parents: a fresh clone has no
 * `.data/`, and EMBEDDED_PG_DIR may name a folder below others that do not exist yet.
 */
export function embeddedCredentialsOf(dataDir: string): EmbeddedCredentials {
  const file = `${dataDir.replace(/[/\\]+$/, '')}.credentials.json`;
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as EmbeddedCredentials;
  mkdirSync(dirname(file), { recursive: true });
  const created = { superuserPassword: randomPassword(), servingPassword: randomPassword() };
  writeFileSync(file, `${JSON.stringify(created, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  return created;
}

/**
 * Signs in as the superuser with the stored password; a cluster created before passwords were random
 * still has the old fixed one, which is replaced by the stored one here.
 */
async function connectAsSuperuser(adminUrl: string, password: string): Promise<void> {
  const tryWith = (secret: string) => openConnection(withCredentials(adminUrl, EMBEDDED_SUPERUSER, secret));
  let client: pg.Client;
  try {
    client = await tryWith(password);
  } catch (error) {
    if ((error as { code?: string }).code !== '28P01') throw error;
    client = await tryWith(LEGACY_SUPERUSER_PASSWORD);
    await client.query(
      `ALTER ROLE ${client.escapeIdentifier(EMBEDDED_SUPERUSER)} PASSWORD ${client.escapeLiteral(password)}`,
    );
  }
  await client.end();
}

/**
 * DATABASE_URL when set (with DATABASE_OWNER_URL, if given, for migrations); otherwise the embedded
 * PostgreSQL whose data persists under .data/ (EMBEDDED_PG_PORT, default 54329), so `npm start` needs no
 * database installed. The embedded one serves as EMBEDDED_SERVING_ROLE and migrates as its superuser.
 * `ownsShutdownSignals`: the caller stops the handle itself on SIGINT/SIGTERM (embedded.ts).
 */
export async function openDatabase(
  env: Pick<EnvSettings, 'DATABASE_URL' | 'DATABASE_OWNER_URL' | 'EMBEDDED_PG_DIR' | 'EMBEDDED_PG_PORT'>,
  options: { ownsShutdownSignals?: boolean } = {},
): Promise<DatabaseHandle> {
  if (env.DATABASE_URL) {
    return {
      url: env.DATABASE_URL,
      ownerUrl: env.DATABASE_OWNER_URL ?? env.DATABASE_URL,
      isEmbedded: false,
      description: env.DATABASE_OWNER_URL ? 'DATABASE_URL (migrated as DATABASE_OWNER_URL)' : 'DATABASE_URL',
      stop: async () => {},
    };
  }
  const dataDir = env.EMBEDDED_PG_DIR ?? join(REPO_ROOT, '.data/postgres');
  const port = env.EMBEDDED_PG_PORT;
  const credentials = embeddedCredentialsOf(dataDir);
  const embedded = await startEmbeddedPostgres({
    dataDir,
    port,
    persistent: true,
    superuserPassword: credentials.superuserPassword,
    ...options,
  });
  try {
    await connectAsSuperuser(embedded.adminUrl, credentials.superuserPassword);
    await createDatabaseIfMissing(embedded.adminUrl, EMBEDDED_DATABASE);
    await ensureLoginRole(embedded.adminUrl, EMBEDDED_SERVING_ROLE, credentials.servingPassword);
  } catch (error) {
    await embedded.stop().catch(() => {});
    throw error;
  }
  const ownerUrl = withDatabase(embedded.adminUrl, EMBEDDED_DATABASE);
  return {
    url: withCredentials(ownerUrl, EMBEDDED_SERVING_ROLE, credentials.servingPassword),
    ownerUrl,
    isEmbedded: true,
    description: `embedded PostgreSQL on 127.0.0.1:${port}, data in ${dataDir}${embedded.leftover ? ` (${embedded.leftover})` : ''}`,
    stop: embedded.stop,
  };
}

/**
 * Applies pending migrations as the owner and, when the console serves as another role, gives that
 * role its privileges and refuses to go on when it could do more than serve (database-roles.ts).
 * Answers the migrations applied and a line on who serves, for the start-up message.
 */
export async function prepareDatabase(
  database: Pick<DatabaseHandle, 'url' | 'ownerUrl'>,
  migrationsDir: string,
): Promise<{ applied: string[]; serving: string }> {
  const applied = await migrate(database.ownerUrl, migrationsDir);
  const servingRole = userOf(database.url);
  if (servingRole === userOf(database.ownerUrl)) {
    return {
      applied,
      serving: `serving as the database's owner ${servingRole} (set DATABASE_OWNER_URL to migrate as the owner and serve as a role that owns nothing)`,
    };
  }
  await grantServingPrivileges(database.ownerUrl, servingRole);
  const problems = await findServingRoleProblems(database.ownerUrl, servingRole);
  if (problems.length > 0) {
    throw new Error(
      `The serving role ${servingRole} (DATABASE_URL) must own nothing and have no special rights, but ${problems.join(', ')}`,
    );
  }
  return {
    applied,
    serving: `serving as ${servingRole}, which owns nothing; migrated as ${userOf(database.ownerUrl)}`,
  };
}

export async function createDatabaseIfMissing(adminUrl: string, name: string): Promise<void> {
  const client = await openConnection(adminUrl);
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}
