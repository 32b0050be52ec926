import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { prepareDatabase } from '../src/db/database.ts';
import { findServingRoleProblems, userOf } from '../src/db/database-roles.ts';
import { withCredentials } from '../src/db/embedded.ts';
import { MIGRATIONS_DIR } from '../src/settings.ts';
import { withConnection } from './faults.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// Least privilege: the app under test serves as the role production serves as (test-postgres.ts gives
// every test database the same grants db/database-roles.ts gives a real one). That role may read and
// write the application's tables and append to the audit log, and nothing more: it cannot rewrite or
// empty the audit log, switch off its trigger, or reach the machine through PostgreSQL.

const servingRole = inject('servingRole');
const REFUSED = { code: '42501' };

/** The error PostgreSQL answered the statement with (the test fails when it succeeded). */
async function refusalOf(client: pg.Client, sql: string): Promise<{ code?: string; message: string }> {
  try {
    await client.query(sql);
  } catch (error) {
    return error as { code?: string; message: string };
  }
  throw new Error(`accepted: ${sql}`);
}

describe.skipIf(servingRole === null)('the role the console serves as', () => {
  let t: TestApp;
  let cookie: string;
  let serving: pg.Client;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login('roles@example.com');
    serving = new pg.Client({ connectionString: t.servingUrl });
    await serving.connect();
  });
  afterAll(() => serving.end());

  const auditRows = () =>
    withConnection(
      t.databaseUrl,
      async (owner) => (await owner.query('SELECT id, email FROM audit_entry ORDER BY id')).rows,
    );

  it('is not the owner, owns nothing and holds no special rights; the app works as it', async () => {
    expect(userOf(t.servingUrl)).toBe(servingRole!.name);
    expect(userOf(t.servingUrl)).not.toBe(userOf(t.databaseUrl));
    expect(await findServingRoleProblems(t.databaseUrl, servingRole!.name)).toEqual([]);
    const created = await t.post('/api/configuration/save', { configurationId: 'by-serving-role' }, cookie);
    expect(created.statusCode).toBe(200);
  });

  it('cannot change, delete or truncate audit rows, only append them (through the app)', async () => {
    const before = await auditRows();
    expect(before.length).toBeGreaterThan(0);
    for (const sql of [
      "UPDATE audit_entry SET email = 'someone-else@example.com'",
      'DELETE FROM audit_entry',
      'TRUNCATE audit_entry',
      'TRUNCATE audit_entry CASCADE',
    ]) {
      const refusal = await refusalOf(serving, sql);
      expect(refusal, sql).toMatchObject(REFUSED);
      expect(refusal.message, sql).toMatch(/permission denied for table audit_entry/);
    }
    expect(await auditRows()).toEqual(before);
    await t.post('/api/configuration/save', { configurationId: 'appended' }, cookie);
    expect((await auditRows()).length).toBe(before.length + 1);
  });

  it('cannot read or write the audit seals and chain heads, nor hash as the seal does', async () => {
    for (const sql of [
      'SELECT * FROM audit_seal',
      "INSERT INTO audit_seal (entry_id, chain) VALUES (1, 'dev')",
      "UPDATE audit_chain_head SET hash = ''",
      'DELETE FROM audit_seal',
      'SELECT audit_entry_hash(e, $$dev$$, 1, $$$$) FROM audit_entry e',
      'ALTER TABLE audit_seal DISABLE TRIGGER audit_seal_at_commit',
    ]) {
      expect(await refusalOf(serving, sql), sql).toMatchObject(REFUSED);
    }
  });

  it('cannot switch off the append-only trigger, nor replicate around it', async () => {
    for (const sql of [
      'SET session_replication_role = replica',
      'ALTER TABLE audit_entry DISABLE TRIGGER audit_entry_append_only',
      'ALTER TABLE audit_entry DISABLE TRIGGER ALL',
      'DROP TRIGGER audit_entry_append_only ON audit_entry',
      'DROP FUNCTION refuse_audit_entry_change()',
    ]) {
      expect(await refusalOf(serving, sql), sql).toMatchObject(REFUSED);
    }
  });

  it('cannot run programs or read files as the database server, nor create tables or roles', async () => {
    await serving.query('CREATE TEMPORARY TABLE copied (line text)');
    for (const sql of [
      "COPY copied FROM PROGRAM 'id'",
      "COPY (SELECT 1) TO PROGRAM 'cat > /tmp/console-test-owned'",
      "COPY copied FROM '/etc/passwd'",
      "SELECT pg_read_file('/etc/passwd')",
      'CREATE TABLE public.planted (id int)',
      `ALTER ROLE ${serving.escapeIdentifier(servingRole!.name)} SUPERUSER`,
      'CREATE ROLE planted LOGIN',
    ]) {
      expect(await refusalOf(serving, sql), sql).toMatchObject(REFUSED);
    }
  });

  it('is refused at start-up when it could do more than serve (a superuser, or owning tables)', async () => {
    const name = `${inject('databasePrefix')}_too_strong`;
    await withConnection(t.databaseUrl, async (owner) => {
      const role = owner.escapeIdentifier(name);
      await owner.query(`CREATE ROLE ${role} LOGIN SUPERUSER PASSWORD 'too-strong'`);
      try {
        const asRole = { url: withCredentials(t.databaseUrl, name, 'too-strong'), ownerUrl: t.databaseUrl };
        await expect(prepareDatabase(asRole, MIGRATIONS_DIR)).rejects.toThrow(
          `The serving role ${name} (DATABASE_URL) must own nothing and have no special rights, but it is a superuser`,
        );
        await owner.query(`ALTER ROLE ${role} NOSUPERUSER`);
        await owner.query(`CREATE TABLE owned_by_serving (id int)`);
        await owner.query(`ALTER TABLE owned_by_serving OWNER TO ${role}`);
        await expect(prepareDatabase(asRole, MIGRATIONS_DIR)).rejects.toThrow(/it owns schemas or tables/);
        await owner.query('DROP TABLE owned_by_serving');
        await expect(prepareDatabase(asRole, MIGRATIONS_DIR)).resolves.toMatchObject({
          applied: [],
          serving: `serving as ${name}, which owns nothing; migrated as ${userOf(t.databaseUrl)}`,
        });
      } finally {
        await owner.query(`DROP OWNED BY ${role}`);
        await owner.query(`DROP ROLE ${role}`);
      }
    });
  });
});
