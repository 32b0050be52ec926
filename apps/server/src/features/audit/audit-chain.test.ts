import { join } from 'node:path';
import type { AuditProblem, AuditVerifyResponse } from '@console/domain/audit';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../../../test/faults.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { REPO_ROOT } from '../../settings.ts';
import { runProcess } from '../../testing/server-process.ts';

// The sealed chain (docs/decisions/0059): entries the console writes are
// sealed at commit; an entry inserted by any other path (here as the serving role, whose credentials
// the console holds), or changed or deleted afterwards (here as the owner, with the append-only
// trigger switched off), is named by `npm run audit:verify` and by POST /api/audit/verify.

const TSX = join(REPO_ROOT, 'node_modules/.bin/tsx');
const ENTRY = join(REPO_ROOT, 'apps/server/src/features/audit/audit-verify.cli.ts');
const ADMIN = 'chain-admin@example.com';

/** `npm run audit:verify` as npm runs it, over a URL; its output and exit code. */
async function verifyByCli(url: string): Promise<{ stdout: string; code: number }> {
  const { stdout, code } = await runProcess(TSX, [ENTRY], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: url },
  });
  return { stdout, code: code ?? 1 };
}

describe('the sealed audit chain', () => {
  let t: TestApp;
  let admin: string;
  let serving: pg.Client;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: ADMIN });
    admin = await t.login(ADMIN);
    serving = new pg.Client({ connectionString: t.servingUrl });
    await serving.connect();
  });
  afterAll(() => serving.end());

  const verify = async (cookie = admin) => {
    const response = await t.post('/api/audit/verify', undefined, cookie);
    expect(response.statusCode).toBe(200);
    return response.json().payload as AuditVerifyResponse;
  };
  const kv = (environment: string, value: string) =>
    t.post(`/api/release/kv/set?configuration=${environment}`, { keyValue: `k=${value};` }, admin);
  const asOwner = <T>(work: (owner: pg.Client) => Promise<T>) => withConnection(t.databaseUrl, work);

  it('holds after changes in environments and console-wide, checked by the CLI as the serving role', async () => {
    expect((await kv('dev', 'a')).statusCode).toBe(200);
    expect((await kv('stable', 'b')).statusCode).toBe(200);
    await t.login('chain-viewer@example.com');
    const result = await verify();
    expect(result).toMatchObject({ isIntact: true, findings: 0, problems: [] });
    expect(result.entries).toBeGreaterThanOrEqual(4);
    const cli = await verifyByCli(t.servingUrl);
    expect(cli).toEqual({ stdout: expect.stringContaining('Audit log intact'), code: 0 });
  });

  it('is checked by console-wide admins only', async () => {
    const viewer = await t.login('chain-viewer@example.com');
    const refused = await t.post('/api/audit/verify', undefined, viewer);
    expect(refused.statusCode).toBe(403);
  });

  it('writers racing in one environment, in two, and console-wide leave every chain unbroken', async () => {
    const writes = Array.from({ length: 24 }, (_, index) =>
      index % 6 === 5
        ? t.login(`racer-${index}@example.com`)
        : kv(index % 2 === 0 ? 'dev' : 'stable', `r${index}`).then((response) => response.statusCode),
    );
    // A rollback and a resume take the publish lock before writing their entry, the others after.
    const pinning = [
      t.post('/api/runtime/revision/republish?configuration=dev', { revision: 1 }, admin),
      t.post('/api/runtime/revision/resume?configuration=dev', undefined, admin),
    ];
    const answers = await Promise.all(writes);
    expect(answers.filter((answer) => answer === 200)).toHaveLength(20);
    const [republished, resumed] = await Promise.all(pinning);
    expect(republished!.statusCode).toBe(200);
    // Refused when it ran before the rollback pinned anything
    expect([200, 409]).toContain(resumed!.statusCode);
    expect(await verify()).toMatchObject({ isIntact: true, problems: [] });
    const positions = await asOwner(
      async (owner) =>
        (
          await owner.query<{ chain: string; positions: string[]; head: string }>(
            `SELECT s.chain, array_agg(s.position ORDER BY s.position) AS positions, h.position AS head
               FROM audit_seal s JOIN audit_chain_head h ON h.chain = s.chain GROUP BY s.chain, h.position`,
          )
        ).rows,
    );
    for (const chain of positions) {
      const expected = Array.from({ length: Number(chain.head) }, (_, index) => String(index + 1));
      expect(chain.positions, chain.chain).toEqual(expected);
    }
  });

  it('names an entry the serving role inserts itself, an entry changed and entries deleted by the owner', async () => {
    const forged = await serving.query<{ id: number }>(
      `INSERT INTO audit_entry (environment_id, action, target, email, attributes)
       VALUES ('prod', 'release.kv.set', 'kv', 'forged@example.com', '{"keyValue":"x=1;"}') RETURNING id`,
    );
    const forgedId = forged.rows[0]!.id;
    // Viewers read it like any entry: only the check tells it apart.
    const listed = await t.auditEntries(admin, 'prod');
    expect(listed[0]).toMatchObject({ id: forgedId, email: 'forged@example.com' });

    for (const value of ['c1', 'c2', 'c3', 'c4']) expect((await kv('prod', value)).statusCode).toBe(200);
    const prod = await asOwner(
      async (owner) =>
        (
          await owner.query<{ id: number; position: string }>(
            `SELECT e.id, s.position FROM audit_entry e JOIN audit_seal s ON s.entry_id = e.id
              WHERE e.environment_id = 'prod' ORDER BY s.position`,
          )
        ).rows,
    );
    const [changed, deleted, sealGone, last] = prod.slice(-4).map((row) => row.id);
    await asOwner(async (owner) => {
      await owner.query('ALTER TABLE audit_entry DISABLE TRIGGER audit_entry_append_only');
      await owner.query(`UPDATE audit_entry SET email = 'someone-else@example.com' WHERE id = $1`, [changed]);
      await owner.query('DELETE FROM audit_entry WHERE id = ANY($1)', [[deleted, sealGone, last]]);
      // As a restore that lost the rows would: the entry and its seal gone.
      await owner.query('DELETE FROM audit_seal WHERE entry_id = ANY($1)', [[sealGone, last]]);
      await owner.query('ALTER TABLE audit_entry ENABLE TRIGGER audit_entry_append_only');
    });
    const position = (id: number | undefined) => Number(prod.find((row) => row.id === id)!.position);

    const result = await verify();
    const expected: Partial<AuditProblem>[] = [
      { kind: 'inserted', entryId: forgedId, environment: 'prod' },
      { kind: 'changed', entryId: changed!, environment: 'prod', firstPosition: position(changed) },
      { kind: 'missing', entryId: deleted!, environment: 'prod', firstPosition: position(deleted) },
      {
        kind: 'missing',
        entryId: null,
        environment: 'prod',
        firstPosition: position(sealGone),
        lastPosition: position(last),
        afterEntry: deleted!,
        beforeEntry: null,
      },
    ];
    expect(result.isIntact).toBe(false);
    expect(result.findings).toBe(expected.length);
    expect(result.problems).toHaveLength(expected.length);
    for (const problem of expected) expect(result.problems).toContainEqual(expect.objectContaining(problem));

    const cli = await verifyByCli(t.servingUrl);
    expect(cli.code).toBe(1);
    expect(cli.stdout).toContain(`Audit log not intact: 4 findings`);
    expect(cli.stdout).toContain(`Entry ${forgedId} was inserted: it was not written by the console`);
    expect(cli.stdout).toContain(`Entry ${changed} was changed after it was written`);
    expect(cli.stdout).toContain(`Entry ${deleted} is missing`);
    expect(cli.stdout).toContain(
      `The entries at positions ${position(sealGone)}-${position(last)} of the chain of prod are missing, after entry ${deleted}`,
    );
  });

  it('lets the serving role change roles only with their audit entry, written by the console', async () => {
    await t.login('promoted@example.com');
    for (const sql of [
      "UPDATE console_user SET role = 'admin' WHERE email = 'promoted@example.com'",
      "INSERT INTO user_role (email, environment_id, role) VALUES ('promoted@example.com', 'prod', 'admin')",
      "INSERT INTO console_user (email, role) VALUES ('planted@example.com', 'admin')",
      "DELETE FROM console_user WHERE email = 'promoted@example.com'",
    ]) {
      await expect(serving.query(sql), sql).rejects.toMatchObject({
        code: '42501',
        message: expect.stringMatching(/^roles change only with their audit entry/),
      });
    }
    // Nor with an entry that says otherwise (another role), nor one it inserts itself: only
    // audit_append's entries count, and only for what they say.
    await serving.query('BEGIN');
    await serving.query(
      `SELECT audit_append('[{"environment":null,"email":"x@example.com","action":"user.role.set",
        "target":"promoted@example.com","attributes":{"scope":"console","before":"viewer","role":"viewer"}}]')`,
    );
    await serving.query("UPDATE console_user SET role = 'admin' WHERE email = 'promoted@example.com'");
    await expect(serving.query('COMMIT')).rejects.toMatchObject({ code: '42501' });
    await serving.query('BEGIN');
    await serving.query(
      `INSERT INTO audit_entry (environment_id, action, target, email, attributes)
       VALUES (NULL, 'user.role.set', 'promoted@example.com', 'x@example.com', '{}')`,
    );
    await serving.query("UPDATE console_user SET role = 'admin' WHERE email = 'promoted@example.com'");
    await expect(serving.query('COMMIT')).rejects.toMatchObject({ code: '42501' });
    const roles = await asOwner(
      async (owner) =>
        (await owner.query("SELECT role FROM console_user WHERE email = 'promoted@example.com'")).rows,
    );
    expect(roles).toEqual([{ role: 'viewer' }]);
    // Through the console: audited, console-wide, in the chain.
    const set = await t.post(
      '/api/users/role/set',
      { email: 'promoted@example.com', role: 'operator' },
      admin,
    );
    expect(set.statusCode).toBe(200);
    const [entry] = await t.auditEntries(admin, 'dev', { consoleWide: true });
    expect(entry).toMatchObject({
      environment: null,
      action: 'user.role.set',
      target: 'promoted@example.com',
    });
    expect((await verify()).problems.map((problem) => problem.entryId)).not.toContain(entry!.id);
  });

  it('answers the first 100 findings with their count; the CLI prints them all', async () => {
    const before = (await verify()).findings;
    await serving.query(
      `INSERT INTO audit_entry (environment_id, action, target, email)
       SELECT 'dev', 'release.kv.set', 'kv', 'forged@example.com' FROM generate_series(1, 120)`,
    );
    const result = await verify();
    expect(result.findings).toBe(before + 120);
    expect(result.problems).toHaveLength(100);
    const cli = await verifyByCli(t.servingUrl);
    expect(cli.stdout.split('\n').filter((line) => line.startsWith('- '))).toHaveLength(before + 120);
  });
});
