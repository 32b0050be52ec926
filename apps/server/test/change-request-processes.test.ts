import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { validItem } from '../src/features/config/config.test-data.ts';
import { cloneDatabase, type ServerProcess, startServerProcess } from '../src/testing/index.ts';
import { waitUntilLockWaiters } from './helpers.ts';

// A scheduled change request survives the console: scheduled, the console killed with SIGKILL before its
// time and started again, it is applied exactly once; with two consoles on one database, once. Each
// console is its own process (the run's server bundle); waits are for the event, capped against a hang.
// Killed in the middle of an apply, the environment is entirely as before; applied again, entirely after.

const ADMIN = 'processes-admin@example.com';
const OPERATOR = 'processes-operator@example.com';
const UNTIL_APPLIED = { timeout: 90_000, interval: 200 } as const;

describe('a scheduled change request across console processes', () => {
  let databaseUrl: string;
  let drop: () => Promise<void>;
  const started: ServerProcess[] = [];
  const cookies: Record<string, string> = {};
  let counter = 0;

  const startConsole = async () => {
    const server = await startServerProcess({
      databaseUrl,
      entry: inject('serverBundle'),
      env: {
        ADMIN_EMAILS: ADMIN,
        DEFAULT_ROLE: 'operator',
        JOB_WORKERS: 'true',
        // What these tests prove is all-or-nothing across a kill and a restart, not how fast an apply of
        // hundreds of items is: the production timeouts (5 s a statement, 15 s a transaction) were overrun
        // by such an apply on a loaded 2-core machine, and a 503 then stood for the fault under test.
        DATABASE_STATEMENT_TIMEOUT_SECONDS: '60',
        DATABASE_TRANSACTION_TIMEOUT_SECONDS: '120',
      },
    });
    started.push(server);
    return server;
  };
  const login = async (server: ServerProcess, email: string) => {
    const response = await fetch(`${server.url}/oauth/login/dev`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    cookies[email] = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  };
  const call = async (server: ServerProcess, email: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: {
        cookie: cookies[email]!,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await response.json()) as { payload?: unknown; error?: string };
    expect(response.status, `${path}: ${JSON.stringify(answer)}`).toBe(200);
    return answer.payload as Record<string, unknown>;
  };

  /** A new reviewed environment with an approved request, scheduled `aheadMs` from now. */
  async function scheduledRequest(server: ServerProcess, aheadMs: number) {
    const environment = `proc-${++counter}-${Date.now().toString(36)}`;
    await call(server, ADMIN, '/api/configuration/save?configuration=dev', { configurationId: environment });
    const at = (path: string) => `${path}?configuration=${encodeURIComponent(environment)}`;
    const policy = { isRequired: true, approvals: 1, allowSelfApproval: false, resetApprovalsOnChange: true };
    await call(server, ADMIN, at('/api/change-request/policy/set'), policy);
    const opened = await call(server, OPERATOR, at('/api/change-request/open'), {});
    const id = opened.id as number;
    const branch = `/api/release/kv/set?configuration=${encodeURIComponent(opened.branch as string)}`;
    await call(server, OPERATOR, branch, { keyValue: `p=${counter};` });
    await call(server, OPERATOR, at('/api/change-request/request-review'), { id });
    await call(server, ADMIN, at('/api/change-request/approve'), { id });
    await call(server, ADMIN, at('/api/change-request/schedule'), { id, at: Date.now() + aheadMs });
    return { environment, id, at };
  }
  const statusOf = async (server: ServerProcess, request: { id: number; at: (path: string) => string }) =>
    (await call(server, OPERATOR, request.at('/api/change-request/get'), { id: request.id })).status;
  const appliesOf = async (server: ServerProcess, request: { at: (path: string) => string }) => {
    const entries = (await call(server, ADMIN, request.at('/api/audit/list'), {})) as unknown as {
      action: string;
    }[];
    return entries.filter((entry) => entry.action === 'change-request.apply').length;
  };

  beforeAll(async () => {
    const database = await cloneDatabase(
      inject('adminUrl'),
      inject('templateDatabase'),
      inject('databasePrefix'),
    );
    databaseUrl = database.url;
    drop = database.drop;
  });
  afterAll(async () => {
    await Promise.all(started.map((server) => server.stop('SIGKILL')));
    await drop?.();
  });

  it('is applied exactly once after the console was killed before its time', async () => {
    const first = await startConsole();
    await login(first, ADMIN);
    await login(first, OPERATOR);
    const request = await scheduledRequest(first, 6_000);
    await first.stop('SIGKILL');
    // Killed before its time: still scheduled, nothing applied
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query('SELECT status FROM change_request WHERE id = $1', [request.id]);
    await client.end();
    expect(rows).toEqual([{ status: 'scheduled' }]);
    const second = await startConsole();
    await expect.poll(() => statusOf(second, request), UNTIL_APPLIED).toBe('applied');
    expect(await appliesOf(second, request)).toBe(1);
  });

  it('is applied once by two consoles on one database', async () => {
    const a = started.at(-1)!.hasExited ? await startConsole() : started.at(-1)!;
    const b = await startConsole();
    const request = await scheduledRequest(a, 2_000);
    await expect.poll(() => statusOf(b, request), UNTIL_APPLIED).toBe('applied');
    expect(await appliesOf(a, request)).toBe(1);
  });

  it('killed mid-apply, leaves the environment entirely before; applied after a restart, entirely after', async () => {
    const server = started.find((candidate) => !candidate.hasExited) ?? (await startConsole());
    const environment = `proc-kill-${Date.now().toString(36)}`;
    const at = (path: string) => `${path}?configuration=${encodeURIComponent(environment)}`;
    await call(server, ADMIN, '/api/configuration/save?configuration=dev', { configurationId: environment });
    const policy = { isRequired: true, approvals: 1, allowSelfApproval: false, resetApprovalsOnChange: true };
    await call(server, ADMIN, at('/api/change-request/policy/set'), policy);
    const opened = await call(server, OPERATOR, at('/api/change-request/open'), {});
    const id = opened.id as number;
    const inBranch = (path: string) => `${path}?configuration=${encodeURIComponent(opened.branch as string)}`;
    await call(server, OPERATOR, inBranch('/api/release/kv/set'), { keyValue: 'killed=1;' });
    await call(server, OPERATOR, inBranch('/api/config/duel/create'), validItem('duel', 'kill-0'));
    const owner = new pg.Client({ connectionString: databaseUrl });
    await owner.connect();
    try {
      // 300 configurations in the branch, copies of the one its author made
      await owner.query(
        `INSERT INTO configuration (environment_id, id, kind, description, active, activation, data, last_modifier)
         SELECT environment_id, 'kill-' || n, kind, description, active, activation, data, last_modifier
           FROM configuration, generate_series(1, 300) AS n WHERE environment_id = $1 AND id = 'kill-0'`,
        [opened.branch],
      );
      await call(server, OPERATOR, at('/api/change-request/request-review'), { id });
      await call(server, ADMIN, at('/api/change-request/approve'), { id });
      // Hold the row one of the apply's later writes needs, so the apply waits half-way through its writes
      const blocker = new pg.Client({ connectionString: databaseUrl });
      await blocker.connect();
      await blocker.query('BEGIN');
      await blocker.query(
        `INSERT INTO configuration (environment_id, id, kind, description, active, activation, data, last_modifier)
         SELECT $1, 'kill-150', kind, description, active, activation, data, last_modifier
           FROM configuration WHERE environment_id = $2 AND id = 'kill-150'`,
        [environment, opened.branch],
      );
      const applying = fetch(`${server.url}${at('/api/change-request/apply')}`, {
        method: 'POST',
        headers: { cookie: cookies[ADMIN]!, 'content-type': 'application/json' },
        body: JSON.stringify({ id }),
      }).catch(() => null);
      await waitUntilLockWaiters(owner, 1);
      await server.stop('SIGKILL');
      await applying;
      await blocker.query('ROLLBACK');
      await blocker.end();
      const before = await owner.query(
        `SELECT (SELECT count(*)::int FROM configuration WHERE environment_id = $1) AS configurations,
                (SELECT key_value FROM release_info WHERE environment_id = $1) AS "keyValue",
                (SELECT status FROM change_request WHERE id = $2) AS status`,
        [environment, id],
      );
      expect(before.rows[0]).toMatchObject({ configurations: 0, status: 'approved' });
      expect(before.rows[0].keyValue).not.toBe('killed=1;');

      const again = await startConsole();
      await call(again, ADMIN, at('/api/change-request/apply'), { id });
      const after = await owner.query(
        `SELECT (SELECT count(*)::int FROM configuration WHERE environment_id = $1) AS configurations,
                (SELECT key_value FROM release_info WHERE environment_id = $1) AS "keyValue"`,
        [environment],
      );
      const branchCount = await owner.query(
        'SELECT count(*)::int AS n FROM configuration WHERE environment_id = $1',
        [opened.branch],
      );
      expect(after.rows[0]).toEqual({ configurations: branchCount.rows[0].n, keyValue: 'killed=1;' });
    } finally {
      await owner.end();
    }
  });
});
