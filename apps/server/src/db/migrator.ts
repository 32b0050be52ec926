import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { openConnection } from './connection.ts';

// The lock id Prisma Migrate itself takes, so this migrator and `prisma migrate deploy` exclude each other.
const PRISMA_ADVISORY_LOCK = 72707369;

const CREATE_BOOKKEEPING = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

/**
 * The first line of a migration that must run outside a transaction (CREATE INDEX CONCURRENTLY): its
 * statements run one by one, each committing by itself. Such a file holds plain statements only, each
 * ending with `;` at the end of a line (no function bodies).
 */
export const OUTSIDE_TRANSACTION_MARKER = '-- migrate: outside a transaction';

const isOutsideTransaction = (migration: Migration) =>
  migration.sql
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/, 1)[0]
    ?.trim() === OUTSIDE_TRANSACTION_MARKER;

/** The statements of a migration run outside a transaction, comments left out. */
export function splitStatements(sql: string): string[] {
  if (sql.includes('$$'))
    throw new MigrationError('A migration run outside a transaction cannot hold $$ bodies');
  return sql
    .split(/\r?\n/)
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n')
    .split(/;[ \t]*(?:\r?\n|$)/)
    .map((statement) => statement.trim())
    .filter(Boolean);
}

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** The migrations in Prisma's layout (`<timestamp>_<name>/migration.sql`), in order. */
export function readMigrations(migrationsDir: string): Migration[] {
  return readdirSync(migrationsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(migrationsDir, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(migrationsDir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: sha256(sql) };
    });
}

/**
 * Applies pending migrations, each in its own transaction, recording them in `_prisma_migrations`
 * exactly as Prisma Migrate does. An advisory lock makes concurrent starts apply each migration once.
 * Returns the names it applied.
 */
export async function migrate(databaseUrl: string, migrationsDir: string): Promise<string[]> {
  const migrations = readMigrations(migrationsDir);
  const client = await openConnection(databaseUrl);
  try {
    await takeMigrationLock(client);
    // Only when missing: a role that serves but does not own (db/database-roles.ts) may check that the
    // database is up to date, but not create tables.
    const { rows: bookkeeping } = await client.query<{ isPresent: boolean }>(
      `SELECT to_regclass('public."_prisma_migrations"') IS NOT NULL AS "isPresent"`,
    );
    if (!bookkeeping[0]?.isPresent) await client.query(CREATE_BOOKKEEPING);
    const { rows } = await client.query<{
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
    }>('SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL');
    const failed = rows.find((row) => row.finished_at === null);
    if (failed) {
      throw new MigrationError(
        `Migration ${failed.migration_name} failed earlier and was never finished; fix the database and mark it rolled back before starting again`,
      );
    }
    const changed = changedMigrations(migrations, rows);
    if (changed.length > 0) throw new MigrationError(describeChanged(changed));
    const applied = new Set(rows.map((row) => row.migration_name));
    const appliedNow: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.name)) continue;
      await applyOne(client, migration);
      appliedNow.push(migration.name);
    }
    return appliedNow;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_ADVISORY_LOCK]).catch(() => {});
    await client.end();
  }
}

/**
 * Waits for the advisory lock by trying it again and again rather than in one blocking statement: a
 * statement waiting holds a snapshot, which CREATE INDEX CONCURRENTLY in the lock holder's migration would
 * wait for in turn (a deadlock). Between tries this session holds nothing.
 */
async function takeMigrationLock(client: pg.Client): Promise<void> {
  for (;;) {
    const { rows } = await client.query<{ isTaken: boolean }>(
      'SELECT pg_try_advisory_lock($1) AS "isTaken"',
      [PRISMA_ADVISORY_LOCK],
    );
    if (rows[0]?.isTaken) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Applied migrations whose file no longer has the recorded checksum. As Prisma Migrate does, a file
 * that differs only in line endings (LF or CRLF, as git may check it out) still matches.
 */
function changedMigrations(
  migrations: readonly Migration[],
  applied: readonly { migration_name: string; checksum: string }[],
): string[] {
  const byName = new Map(migrations.map((migration) => [migration.name, migration]));
  return applied
    .filter((row) => {
      const migration = byName.get(row.migration_name);
      return migration !== undefined && !matchesChecksum(migration.sql, row.checksum);
    })
    .map((row) => row.migration_name);
}

function describeChanged(names: readonly string[]): string {
  const [subject, file] =
    names.length === 1
      ? [`Migration ${names[0]} was changed after it was applied`, 'its migration.sql no longer matches']
      : [
          `Migrations ${names.join(', ')} were changed after they were applied`,
          'their files no longer match',
        ];
  return `${subject}: ${file} the checksum recorded in _prisma_migrations. Restore what was applied and put the change in a new migration.`;
}

function matchesChecksum(sql: string, checksum: string): boolean {
  return [sql, sql.replaceAll('\r\n', '\n'), sql.replaceAll('\n', '\r\n')].some(
    (variant) => sha256(variant) === checksum.toLowerCase(),
  );
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

async function applyOne(client: pg.Client, migration: Migration): Promise<void> {
  if (isOutsideTransaction(migration)) return applyOutsideTransaction(client, migration);
  const id = randomUUID();
  try {
    await client.query('BEGIN');
    await client.query(
      'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())',
      [id, migration.checksum, migration.name],
    );
    await client.query(migration.sql);
    await client.query(
      'UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1',
      [id],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    const reason = error instanceof Error ? error.message : String(error);
    const isRefused = (error as { code?: string }).code === '42501';
    const hint = isRefused ? ' (migrations run as the database owner: set DATABASE_OWNER_URL)' : '';
    throw new MigrationError(`Migration ${migration.name} failed: ${reason}${hint}`);
  }
}

/**
 * A migration outside a transaction: recorded as started, then each statement by itself, then finished.
 * A failure leaves it recorded unfinished with its reason (as Prisma Migrate does), so the next start
 * refuses until someone has looked.
 */
async function applyOutsideTransaction(client: pg.Client, migration: Migration): Promise<void> {
  const id = randomUUID();
  const statements = splitStatements(migration.sql);
  await client.query(
    'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())',
    [id, migration.checksum, migration.name],
  );
  try {
    for (const statement of statements) await client.query(statement);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await client
      .query('UPDATE "_prisma_migrations" SET logs = $2 WHERE id = $1', [id, reason])
      .catch(() => {});
    throw new MigrationError(`Migration ${migration.name} failed: ${reason}`);
  }
  await client.query(
    'UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1',
    [id],
  );
}
