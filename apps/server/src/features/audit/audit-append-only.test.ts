import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

const REFUSED = /audit entries cannot be changed or deleted/;

describe('the audit log cannot be rewritten', () => {
  let t: TestApp;
  let cookie: string;
  let sql: pg.Client;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login('auditor@example.com');
    sql = new pg.Client({ connectionString: t.databaseUrl });
    await sql.connect();
  });
  afterAll(() => sql.end());

  const entriesOf = async (environment: string) =>
    (await sql.query('SELECT id, action, email FROM audit_entry WHERE environment_id = $1', [environment]))
      .rows;

  it('refuses UPDATE and DELETE of audit rows in the database, whoever sends them', async () => {
    await t.post('/api/configuration/save', { configurationId: 'kept', description: 'x' }, cookie);
    const before = await entriesOf('kept');
    expect(before).toEqual([
      { id: expect.any(Number), action: 'environment.create', email: 'auditor@example.com' },
    ]);
    await expect(sql.query("UPDATE audit_entry SET email = 'someone-else@example.com'")).rejects.toThrow(
      REFUSED,
    );
    await expect(
      sql.query("UPDATE audit_entry SET attributes = '{}' WHERE environment_id = 'kept'"),
    ).rejects.toThrow(REFUSED);
    await expect(sql.query('DELETE FROM audit_entry WHERE id = $1', [before[0].id])).rejects.toThrow(REFUSED);
    // Deleting the environment would cascade to its entries: refused as well.
    await expect(sql.query("DELETE FROM environment WHERE id = 'kept'")).rejects.toThrow(REFUSED);
    expect(await entriesOf('kept')).toEqual(before);
  });

  it('still appends: audited changes go on being written', async () => {
    const response = await t.post('/api/configuration/save', { configurationId: 'kept-2' }, cookie);
    expect(response.statusCode).toBe(200);
    expect((await entriesOf('kept-2')).map((entry) => entry.action)).toEqual(['environment.create']);
  });
});
