import { BYPASS_REASON_HEADER } from '@console/domain/change-request';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, waitUntilLockWaiters } from '../../../test/helpers.ts';
import { validItem } from '../config/config.test-data.ts';
import { environmentContent } from '../transfer/environment-content.test-data.ts';

// Races of change requests, each queued on the environment's row held from outside (watching
// pg_stat_activity until every request waits) and then released together; and a request of 1,000
// changed items applied as one unit of work and one revision.

const ADMIN = 'race-admin@example.com';
const SECOND_ADMIN = 'race-second@example.com';
const OPERATOR = 'race-operator@example.com';

describe('change request races', () => {
  let t: TestApp;
  let admin: string;
  let secondAdmin: string;
  let operator: string;
  let content: ReturnType<typeof environmentContent>;
  let locker: pg.Client;
  let watcher: pg.Client;

  const ok = async (url: string, body: unknown, cookie: string, environment: string) => {
    const response = await t.post(`${url}?configuration=${encodeURIComponent(environment)}`, body, cookie);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json().payload;
  };
  const bypass = (url: string, body: unknown, environment: string) =>
    t.request({
      method: 'POST',
      url: `${url}?configuration=${environment}`,
      headers: { cookie: admin, 'content-type': 'application/json', [BYPASS_REASON_HEADER]: 'race' },
      payload: JSON.stringify(body),
    });

  beforeAll(async () => {
    t = await createTestApp({
      ADMIN_EMAILS: `${ADMIN},${SECOND_ADMIN}`,
      DEFAULT_ROLE: 'operator',
      // These races prove what wins and that nothing is half-applied; an apply of 1,000 items overran the
      // production timeouts on a loaded 2-core machine, and its 503 then hid what the test checks.
      DATABASE_STATEMENT_TIMEOUT_SECONDS: '60',
      DATABASE_TRANSACTION_TIMEOUT_SECONDS: '120',
    });
    admin = await t.login(ADMIN);
    secondAdmin = await t.login(SECOND_ADMIN);
    operator = await t.login(OPERATOR);
    content = environmentContent(t, admin);
    locker = new pg.Client({ connectionString: t.databaseUrl });
    watcher = new pg.Client({ connectionString: t.databaseUrl });
    await Promise.all([locker.connect(), watcher.connect()]);
  });
  afterAll(async () => {
    await Promise.all([locker?.end(), watcher?.end()]);
  });

  /** Runs the requests queued, in this order, behind the environment's row, then releases them. */
  async function queuedOnEnvironment<T>(environment: string, requests: (() => Promise<T>)[]): Promise<T[]> {
    await locker.query('BEGIN');
    await locker.query('SELECT 1 FROM environment WHERE id = $1 FOR UPDATE', [environment]);
    const pending: Promise<T>[] = [];
    try {
      for (const request of requests) {
        pending.push(request());
        await waitUntilLockWaiters(watcher, pending.length);
      }
    } finally {
      await locker.query('COMMIT');
    }
    return Promise.all(pending);
  }

  /** An approved request setting the key-value text, in a new reviewed environment. */
  async function approvedRequest(keyValue: string) {
    const environment = await content.newEnvironment('race');
    const policy = { isRequired: true, approvals: 1, allowSelfApproval: false, resetApprovalsOnChange: true };
    await ok('/api/change-request/policy/set', policy, admin, environment);
    const opened = await ok('/api/change-request/open', {}, operator, environment);
    await ok('/api/release/kv/set', { keyValue }, operator, opened.branch);
    await ok('/api/change-request/request-review', { id: opened.id }, operator, environment);
    await ok('/api/change-request/approve', { id: opened.id }, admin, environment);
    return { environment, id: opened.id as number, branch: opened.branch as string };
  }
  const keyValueOf = async (environment: string) =>
    (await ok('/api/release/kv/get', undefined, admin, environment)) as string;

  it('two approvers applying at once: one applies, the other gets a clear 409', async () => {
    const { environment, id } = await approvedRequest('both=1;');
    const before = await content.latestRevisionOf(environment);
    const apply = (cookie: string) => () =>
      t.post(`/api/change-request/apply?configuration=${environment}`, { id }, cookie);
    const answers = await queuedOnEnvironment(environment, [apply(admin), apply(secondAdmin)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json().error).toBe(`Change request ${id} is Applied: only an approved request is applied`);
    expect(await content.latestRevisionOf(environment)).toBe(before + 1);
  });

  it('an apply racing a live change of the same item never overwrites it', async () => {
    const { environment, id } = await approvedRequest('mine=1;');
    const answers = await queuedOnEnvironment(environment, [
      () => bypass('/api/release/kv/set', { keyValue: 'live=1;' }, environment),
      () => t.post(`/api/change-request/apply?configuration=${environment}`, { id }, admin),
    ]);
    const [live, apply] = answers;
    expect(live!.statusCode).toBe(200);
    const actions = (await t.auditEntries(admin, environment)).map((entry) => entry.action);
    if (apply!.statusCode === 200) {
      // The apply committed first: the live change came after it and holds
      expect(actions.indexOf('change-request.apply')).toBeGreaterThan(actions.indexOf('release.kv.set'));
      expect(await keyValueOf(environment)).toBe('live=1;');
    } else {
      // The live change committed first: the apply now conflicts and wrote nothing
      expect(apply!.statusCode).toBe(409);
      expect(apply!.json().error).toMatch(/conflicts with changes made live/);
      expect(await keyValueOf(environment)).toBe('live=1;');
      expect((await ok('/api/change-request/get', { id }, admin, environment)).status).toBe('approved');
    }
  });

  it('a direct change of another item racing an apply: both hold, one after the other', async () => {
    const { environment, id } = await approvedRequest('mine=2;');
    const duel = validItem('duel', 'race-direct', { description: 'direct', active: false });
    const [direct, apply, refused] = await queuedOnEnvironment(environment, [
      () => t.post(`/api/change-request/apply?configuration=${environment}`, { id }, admin),
      () => bypass('/api/config/duel/create', duel, environment),
      // Without a reason the same change is refused, whatever the apply does
      () =>
        t.post(
          `/api/config/duel/create?configuration=${environment}`,
          { ...duel, id: 'race-refused' },
          operator,
        ),
    ]);
    expect([direct!.statusCode, apply!.statusCode]).toEqual([200, 200]);
    expect(refused!.json().code).toBe('REVIEW_REQUIRED');
    expect(await keyValueOf(environment)).toBe('mine=2;');
    expect(JSON.stringify(await ok('/api/config/duel/list', {}, admin, environment))).toContain(
      'race-direct',
    );
  });

  it('applies a request of 1,000 changed items in one unit of work and one revision', async () => {
    const environment = await content.newEnvironment('big');
    const policy = { isRequired: true, approvals: 1, allowSelfApproval: false, resetApprovalsOnChange: true };
    await ok('/api/change-request/policy/set', policy, admin, environment);
    const opened = await ok('/api/change-request/open', {}, operator, environment);
    // 999 configurations in the branch: one made as its author makes it, copied 998 times in one statement
    await ok('/api/config/duel/create', validItem('duel', 'big-0'), operator, opened.branch);
    await locker.query(
      `INSERT INTO configuration (environment_id, id, kind, description, active, activation, data, last_modifier)
       SELECT environment_id, 'big-' || n, kind, description, active, activation, data, last_modifier
         FROM configuration, generate_series(1, 998) AS n WHERE environment_id = $1 AND id = 'big-0'`,
      [opened.branch],
    );
    await ok('/api/release/kv/set', { keyValue: 'big=1;' }, operator, opened.branch);
    const diff = await ok('/api/change-request/diff', { id: opened.id }, admin, environment);
    expect(diff.groups.Configurations).toHaveLength(999);
    await ok('/api/change-request/request-review', { id: opened.id }, operator, environment);
    await ok('/api/change-request/approve', { id: opened.id }, admin, environment);
    const before = await content.latestRevisionOf(environment);
    await ok('/api/change-request/apply', { id: opened.id, diffToken: diff.diffToken }, admin, environment);
    expect(await content.latestRevisionOf(environment)).toBe(before + 1);
    const [entry] = await t.auditEntries(admin, environment);
    expect(entry).toMatchObject({
      action: 'change-request.apply',
      attributes: { counts: { create: 999, update: 1, delete: 0 } },
    });
    const count = await locker.query(
      'SELECT count(*)::int AS n FROM configuration WHERE environment_id = $1',
      [environment],
    );
    expect(count.rows[0].n).toBe(999);
  });
});
