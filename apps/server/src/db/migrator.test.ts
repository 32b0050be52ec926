import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { MIGRATIONS_DIR } from '../settings.ts';
import { createDatabaseIfMissing } from './database.ts';
import { withDatabase } from './embedded.ts';
import {
  MigrationError,
  migrate,
  OUTSIDE_TRANSACTION_MARKER,
  readMigrations,
  splitStatements,
} from './migrator.ts';

describe('migrator', () => {
  let counter = 0;
  // Databases named with the run's prefix are dropped when the run ends.
  const emptyDatabase = async () => {
    const name = `${inject('databasePrefix')}_migrator_${counter++}`;
    await createDatabaseIfMissing(inject('adminUrl'), name);
    return withDatabase(inject('adminUrl'), name);
  };
  const query = async <T extends pg.QueryResultRow>(url: string, sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<T>(sql)).rows;
    } finally {
      await client.end();
    }
  };

  it('records each migration as Prisma Migrate does', async () => {
    const url = await emptyDatabase();
    const applied = await migrate(url, MIGRATIONS_DIR);
    const migrations = readMigrations(MIGRATIONS_DIR);
    expect(applied).toEqual(migrations.map((migration) => migration.name));
    const rows = await query<{
      migration_name: string;
      checksum: string;
      applied_steps_count: number;
      finished_at: Date;
    }>(
      url,
      'SELECT migration_name, checksum, applied_steps_count, finished_at FROM _prisma_migrations ORDER BY started_at',
    );
    expect(rows.map((row) => row.migration_name)).toEqual(applied);
    for (const [index, row] of rows.entries()) {
      expect(row.checksum).toBe(createHash('sha256').update(migrations[index]!.sql).digest('hex'));
      expect(row.checksum).toHaveLength(64);
      expect(row.applied_steps_count).toBe(1);
      expect(row.finished_at).toBeInstanceOf(Date);
    }
    expect(await migrate(url, MIGRATIONS_DIR)).toEqual([]);
  });

  it('applies each migration once when several servers start at the same moment', async () => {
    const url = await emptyDatabase();
    const results = await Promise.all([1, 2, 3, 4].map(() => migrate(url, MIGRATIONS_DIR)));
    const total = results.reduce((sum, names) => sum + names.length, 0);
    expect(total).toBe(readMigrations(MIGRATIONS_DIR).length);
    const rows = await query<{ count: string }>(
      url,
      'SELECT count(*)::text AS count FROM _prisma_migrations',
    );
    expect(Number(rows[0]!.count)).toBe(total);
  });

  it('stops with a clear message on a failing migration and leaves nothing of it behind', async () => {
    const url = await emptyDatabase();
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    mkdirSync(join(dir, '1_good'));
    writeFileSync(join(dir, '1_good', 'migration.sql'), 'CREATE TABLE good (id int PRIMARY KEY);');
    mkdirSync(join(dir, '2_bad'));
    writeFileSync(
      join(dir, '2_bad', 'migration.sql'),
      'CREATE TABLE half (id int PRIMARY KEY);\nSELECT * FROM missing_table;',
    );
    const failure = await migrate(url, dir).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MigrationError);
    expect((failure as Error).message).toBe(
      'Migration 2_bad failed: relation "missing_table" does not exist',
    );
    const tables = await query<{ table_name: string }>(
      url,
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    );
    expect(tables.map((row) => row.table_name)).toEqual(['_prisma_migrations', 'good']);
    const recorded = await query<{ migration_name: string }>(
      url,
      'SELECT migration_name FROM _prisma_migrations',
    );
    expect(recorded.map((row) => row.migration_name)).toEqual(['1_good']);
  });

  it('refuses to start when an applied migration was changed, naming it, and applies nothing', async () => {
    const url = await emptyDatabase();
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    const write = (name: string, sql: string) => {
      mkdirSync(join(dir, name), { recursive: true });
      writeFileSync(join(dir, name, 'migration.sql'), sql);
    };
    write('1_first', 'CREATE TABLE first (id int PRIMARY KEY);\n');
    write('2_second', 'CREATE TABLE second (id int PRIMARY KEY);\n');
    expect(await migrate(url, dir)).toEqual(['1_first', '2_second']);

    // Line endings alone (git on Windows) are not a change, as for Prisma Migrate.
    write('1_first', 'CREATE TABLE first (id int PRIMARY KEY);\r\n');
    expect(await migrate(url, dir)).toEqual([]);

    write('1_first', 'CREATE TABLE first (id bigint PRIMARY KEY);\n');
    write('3_third', 'CREATE TABLE third (id int PRIMARY KEY);\n');
    const failure = await migrate(url, dir).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MigrationError);
    expect((failure as Error).message).toBe(
      'Migration 1_first was changed after it was applied: its migration.sql no longer matches the checksum ' +
        'recorded in _prisma_migrations. Restore what was applied and put the change in a new migration.',
    );
    const recorded = await query<{ migration_name: string }>(
      url,
      'SELECT migration_name FROM _prisma_migrations ORDER BY migration_name',
    );
    expect(recorded.map((row) => row.migration_name)).toEqual(['1_first', '2_second']);

    write('2_second', 'CREATE TABLE second (id int PRIMARY KEY, name text);\n');
    expect(((await migrate(url, dir).catch((error: unknown) => error)) as Error).message).toMatch(
      /^Migrations 1_first, 2_second were changed after they were applied: /,
    );
  });

  it('runs a migration marked outside a transaction statement by statement, so CREATE INDEX CONCURRENTLY can run', async () => {
    const url = await emptyDatabase();
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    const write = (name: string, sql: string) => {
      mkdirSync(join(dir, name), { recursive: true });
      writeFileSync(join(dir, name, 'migration.sql'), sql);
    };
    write('1_table', 'CREATE TABLE big (id int PRIMARY KEY, name text);\n');
    write(
      '2_index',
      `${OUTSIDE_TRANSACTION_MARKER}\n-- why; not a statement\nCREATE INDEX CONCURRENTLY IF NOT EXISTS big_name_idx\n  ON big (name);\nCREATE INDEX CONCURRENTLY IF NOT EXISTS big_id_name_idx ON big (id, name);\n`,
    );
    // Several servers starting at once still apply it once (the lock is waited for without a snapshot).
    const results = await Promise.all([1, 2, 3].map(() => migrate(url, dir)));
    expect(results.flat().sort()).toEqual(['1_table', '2_index']);
    const indexes = await query<{ name: string; isValid: boolean }>(
      url,
      `SELECT c.relname AS name, i.indisvalid AS "isValid" FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
        WHERE c.relname LIKE 'big_%_idx' ORDER BY 1`,
    );
    expect(indexes).toEqual([
      { name: 'big_id_name_idx', isValid: true },
      { name: 'big_name_idx', isValid: true },
    ]);
    const recorded = await query<{ applied_steps_count: number; finished_at: Date | null }>(
      url,
      `SELECT applied_steps_count, finished_at FROM _prisma_migrations WHERE migration_name = '2_index'`,
    );
    expect(recorded).toEqual([{ applied_steps_count: 1, finished_at: expect.any(Date) }]);
  });

  it('records a failed migration outside a transaction as unfinished, with its reason, and refuses to go on', async () => {
    const url = await emptyDatabase();
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    mkdirSync(join(dir, '1_broken'));
    writeFileSync(
      join(dir, '1_broken', 'migration.sql'),
      `${OUTSIDE_TRANSACTION_MARKER}\nCREATE TABLE kept (id int PRIMARY KEY);\nCREATE INDEX CONCURRENTLY missing_idx ON missing (id);\n`,
    );
    const failure = (await migrate(url, dir).catch((error: unknown) => error)) as Error;
    expect(failure).toBeInstanceOf(MigrationError);
    expect(failure.message).toMatch(/^Migration 1_broken failed: relation "missing" does not exist/);
    const recorded = await query<{ logs: string; finished_at: Date | null }>(
      url,
      `SELECT logs, finished_at FROM _prisma_migrations WHERE migration_name = '1_broken'`,
    );
    expect(recorded).toEqual([{ logs: expect.stringContaining('missing'), finished_at: null }]);
    expect(((await migrate(url, dir).catch((error: unknown) => error)) as Error).message).toMatch(
      /^Migration 1_broken failed earlier and was never finished/,
    );
  });

  it('splits statements at a semicolon ending a line, leaving out comments, and refuses $$ bodies', () => {
    expect(splitStatements('-- a\nCREATE INDEX a\n  ON t (x);\nSELECT 1;  \nSELECT 2')).toEqual([
      'CREATE INDEX a\n  ON t (x)',
      'SELECT 1',
      'SELECT 2',
    ]);
    expect(() => splitStatements('DO $$ BEGIN END $$;')).toThrow(MigrationError);
  });
});
