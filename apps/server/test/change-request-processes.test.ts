import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cloneDatabase, type ServerProcess, startServerProcess } from '../src/testing/index.ts';

// A scheduled change request survives the console: scheduled, the console killed with SIGKILL before its
// time and started again, it is applied exactly once; with two consoles on one database, once. Each
// console is its own process (the run's server bundle); waits are for the event, capped against a hang.

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
      env: { ADMIN_EMAILS: ADMIN, DEFAULT_ROLE: 'operator', JOB_WORKERS: 'true' },
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
});
