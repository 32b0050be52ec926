import { BYPASS_REASON_HEADER } from '@console/domain/change-request';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { environmentContent } from '../transfer/environment-content.test-data.ts';

// A scheduled change request is applied by the job queue at its time (jobs: true runs this app's
// workers): a job sent in the schedule's unit of work. Waiting is for the event, capped only against a hang.

const ADMIN = 'schedule-admin@example.com';
const SCHEDULER = 'schedule-scheduler@example.com';
const OPERATOR = 'schedule-operator@example.com';
const UNTIL_APPLIED = { timeout: 60_000, interval: 100 } as const;

describe('scheduled change requests', () => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  let scheduler: string;
  let content: ReturnType<typeof environmentContent>;
  const ok = async (url: string, body: unknown, cookie: string, environment: string) => {
    const response = await t.post(`${url}?configuration=${environment}`, body, cookie);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json().payload;
  };

  beforeAll(async () => {
    t = await createTestApp(
      { ADMIN_EMAILS: `${ADMIN},${SCHEDULER}`, DEFAULT_ROLE: 'operator' },
      { jobs: true },
    );
    admin = await t.login(ADMIN);
    operator = await t.login(OPERATOR);
    scheduler = await t.login(SCHEDULER);
    content = environmentContent(t, admin);
  });

  /** An approved request in a new reviewed environment that sets the key-value text. */
  async function approvedRequest(keyValue: string) {
    const environment = await content.newEnvironment('sched');
    const policy = { isRequired: true, approvals: 1, allowSelfApproval: false, resetApprovalsOnChange: true };
    await ok('/api/change-request/policy/set', policy, admin, environment);
    const opened = await ok('/api/change-request/open', {}, operator, environment);
    await ok('/api/release/kv/set', { keyValue }, operator, opened.branch);
    await ok('/api/change-request/request-review', { id: opened.id }, operator, environment);
    await ok('/api/change-request/approve', { id: opened.id }, admin, environment);
    return { environment, id: opened.id as number };
  }
  const statusOf = async (environment: string, id: number) =>
    (await ok('/api/change-request/get', { id }, operator, environment)).status;

  it('applies at the scheduled time, as the admin who scheduled it, in one revision', async () => {
    const { environment, id } = await approvedRequest('at=2;');
    const before = await content.latestRevisionOf(environment);
    const at = Date.now() + 2_000;
    const scheduled = await ok('/api/change-request/schedule', { id, at }, admin, environment);
    expect(scheduled).toMatchObject({ status: 'scheduled', scheduledAt: at });
    await expect.poll(() => statusOf(environment, id), UNTIL_APPLIED).toBe('applied');
    expect(await content.latestRevisionOf(environment)).toBe(before + 1);
    const applies = (await t.auditEntries(admin, environment)).filter(
      (entry) => entry.action === 'change-request.apply',
    );
    expect(applies).toMatchObject([{ email: ADMIN, attributes: { isScheduled: true } }]);
    expect(JSON.stringify(await ok('/api/release/kv/get', undefined, admin, environment))).toContain('at=2;');
  });

  it('applies as the admin who scheduled it, not as the one who approved it', async () => {
    const { environment, id } = await approvedRequest('by=2;');
    await ok('/api/change-request/schedule', { id, at: Date.now() + 2_000 }, scheduler, environment);
    await expect.poll(() => statusOf(environment, id), UNTIL_APPLIED).toBe('applied');
    const applies = (await t.auditEntries(admin, environment)).filter(
      (entry) => entry.action === 'change-request.apply',
    );
    expect(applies).toMatchObject([
      { email: SCHEDULER, attributes: { approvers: [ADMIN], isScheduled: true } },
    ]);
  });

  it('applies nothing and fails with the reason when it conflicts at its time', async () => {
    const { environment, id } = await approvedRequest('mine=1;');
    const before = await content.latestRevisionOf(environment);
    await ok('/api/change-request/schedule', { id, at: Date.now() + 2_000 }, admin, environment);
    const live = await t.request({
      method: 'POST',
      url: `/api/release/kv/set?configuration=${environment}`,
      headers: { cookie: admin, 'content-type': 'application/json', [BYPASS_REASON_HEADER]: 'hotfix' },
      payload: JSON.stringify({ keyValue: 'live=1;' }),
    });
    expect(live.statusCode).toBe(200);
    await expect.poll(() => statusOf(environment, id), UNTIL_APPLIED).toBe('failed');
    const failed = await ok('/api/change-request/get', { id }, operator, environment);
    expect(failed.failure).toMatch(/conflicts with changes made live/);
    // Only the bypass published; the request added nothing
    expect(await content.latestRevisionOf(environment)).toBe(before + 1);
    expect(JSON.stringify(await ok('/api/release/kv/get', undefined, admin, environment))).toContain(
      'live=1;',
    );
  });

  it('refuses a time in the past and a request that is not approved', async () => {
    const { environment, id } = await approvedRequest('x=1;');
    const past = await t.post(
      `/api/change-request/schedule?configuration=${environment}`,
      { id, at: Date.now() - 1_000 },
      admin,
    );
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toBe('at: must be in the future');
    await ok('/api/change-request/reject', { id, comment: 'not now' }, admin, environment);
    const rejected = await t.post(
      `/api/change-request/schedule?configuration=${environment}`,
      { id, at: Date.now() + 60_000 },
      admin,
    );
    expect(rejected.statusCode).toBe(409);
  });
});
