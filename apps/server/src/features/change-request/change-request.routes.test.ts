import { BYPASS_REASON_HEADER, notInBranchMessage } from '@console/domain/change-request';
import { ErrorCode, reviewRequiredMessage } from '@console/domain/errors';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { validItem } from '../config/config.test-data.ts';
import { environmentContent, examplePlan } from '../transfer/environment-content.test-data.ts';

// Change requests over HTTP and PostgreSQL: the review policy, the refusal of direct content changes,
// the branch edited with the ordinary calls, review, three-way conflicts and the apply as one revision.

const ADMIN = 'cr-admin@example.com';
const SECOND_ADMIN = 'cr-second-admin@example.com';
const OPERATOR = 'cr-operator@example.com';

describe('change requests', () => {
  let t: TestApp;
  let admin: string;
  let secondAdmin: string;
  let operator: string;
  let content: ReturnType<typeof environmentContent>;
  const call = (url: string, body: unknown, cookie: string, environment: string) =>
    t.post(`${url}?configuration=${encodeURIComponent(environment)}`, body, cookie);
  const ok = async (url: string, body: unknown, cookie: string, environment: string) => {
    const response = await call(url, body, cookie, environment);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json().payload;
  };
  const policy = (isRequired: boolean, approvals = 1) => ({
    isRequired,
    approvals,
    allowSelfApproval: false,
    resetApprovalsOnChange: true,
  });

  /** A new environment with example content, requiring review, the operator an operator there. */
  async function reviewedEnvironment(approvals = 1): Promise<string> {
    const environment = await content.newEnvironment('cr');
    await content.fill(environment, examplePlan(environment.slice(0, 12)));
    await ok('/api/change-request/policy/set', policy(true, approvals), admin, environment);
    return environment;
  }

  const newConfig = (id: string) =>
    validItem('duel', id, { description: `Duel ${id}`, active: false }) as Record<string, unknown>;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: `${ADMIN},${SECOND_ADMIN}`, DEFAULT_ROLE: 'operator' });
    admin = await t.login(ADMIN);
    secondAdmin = await t.login(SECOND_ADMIN);
    operator = await t.login(OPERATOR);
    content = environmentContent(t, admin);
  });

  it('refuses a direct content change in a reviewed environment, for admins too, with the code', async () => {
    const environment = await reviewedEnvironment();
    for (const cookie of [operator, admin]) {
      const refused = await call('/api/config/duel/create', newConfig('direct-1'), cookie, environment);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe(ErrorCode.ReviewRequired);
      expect(refused.json().error).toBe(reviewRequiredMessage(environment));
    }
    // Player operations and runtime keys are not under review
    await ok('/api/runtime-keys/create', { name: 'server' }, admin, environment);
    // Nothing was written: the configuration does not exist
    const list = await ok('/api/config/duel/list', {}, admin, environment);
    expect(JSON.stringify(list)).not.toContain('direct-1');
  });

  it('lets an operator of a protected, reviewed environment propose content, and nothing else', async () => {
    const environment = await reviewedEnvironment();
    await ok('/api/users/environment/protect', { environment, isProtected: true }, admin, environment);
    const refused = await call('/api/config/duel/create', newConfig('protected-1'), operator, environment);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(ErrorCode.ReviewRequired);
    // A player operation is not proposed: in a protected environment it stays an admin's
    const grant = { userId: 'player-1', item: 'Coin', amount: 5 };
    const granted = await call('/api/compensation/send/consumable', grant, operator, environment);
    expect(granted.statusCode).toBe(403);
    expect(granted.json().error).toBe(`Requires admin rights in ${environment} (a protected environment)`);
    // Without review, the protected environment is an admin's again
    await ok('/api/change-request/policy/set', policy(false), admin, environment);
    const direct = await call('/api/config/duel/create', newConfig('protected-2'), operator, environment);
    expect(direct.statusCode).toBe(403);
    const list = await ok('/api/config/duel/list', {}, admin, environment);
    expect(JSON.stringify(list)).not.toContain('protected-');
  });

  it('lets an admin break glass with a reason, audited and listed', async () => {
    const environment = await reviewedEnvironment();
    const byOperator = await t.request({
      method: 'POST',
      url: `/api/config/duel/create?configuration=${environment}`,
      headers: { cookie: operator, 'content-type': 'application/json', [BYPASS_REASON_HEADER]: 'incident 7' },
      payload: JSON.stringify(newConfig('glass-1')),
    });
    expect(byOperator.statusCode).toBe(403);
    const empty = await t.request({
      method: 'POST',
      url: `/api/config/duel/create?configuration=${environment}`,
      headers: { cookie: admin, 'content-type': 'application/json', [BYPASS_REASON_HEADER]: '  ' },
      payload: JSON.stringify(newConfig('glass-1')),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(`${BYPASS_REASON_HEADER}: must give a reason`);
    const made = await t.request({
      method: 'POST',
      url: `/api/config/duel/create?configuration=${environment}`,
      headers: { cookie: admin, 'content-type': 'application/json', [BYPASS_REASON_HEADER]: 'incident 7' },
      payload: JSON.stringify(newConfig('glass-1')),
    });
    expect(made.statusCode, made.body).toBe(200);
    const bypasses = await ok('/api/change-request/bypasses', undefined, operator, environment);
    expect(bypasses.items).toMatchObject([
      { email: ADMIN, reason: 'incident 7', actions: ['config.create'] },
    ]);
    const entries = await t.auditEntries(admin, environment);
    expect(entries.map((entry) => entry.action).slice(0, 2)).toEqual([
      'change-request.bypass',
      'config.create',
    ]);
  });

  it('opens a branch, edits it with the ordinary calls, reviews and applies it as one revision', async () => {
    const environment = await reviewedEnvironment(2);
    const before = await content.latestRevisionOf(environment);
    const opened = await ok('/api/change-request/open', { title: 'Friday event' }, operator, environment);
    expect(opened).toMatchObject({ status: 'draft', author: OPERATOR, title: 'Friday event', environment });
    const branch: string = opened.branch;
    expect(branch).toBe(`${environment}~cr-${opened.id}`);
    // Opening again continues the draft
    expect((await ok('/api/change-request/open', {}, operator, environment)).id).toBe(opened.id);
    // The branch is hidden: not listed
    expect(await ok('/api/configuration/list', undefined, operator, 'dev')).not.toContain(branch);

    // The author edits the branch with the ordinary calls; no revision is published for it
    await ok('/api/config/duel/create', newConfig('cr-new-duel'), operator, branch);
    await ok('/api/release/kv/set', { keyValue: 'cr=1;' }, operator, branch);
    expect(await content.latestRevisionOf(environment)).toBe(before);
    // Another operator may not edit someone's branch
    const other = await t.login('cr-other@example.com');
    const stranger = await call('/api/release/kv/set', { keyValue: 'x=1;' }, other, branch);
    expect(stranger.statusCode).toBe(403);
    // Runtime keys are never made in a branch
    const key = await call('/api/runtime-keys/create', { name: 'k' }, admin, branch);
    expect(key.statusCode).toBe(409);
    expect(key.json().error).toBe(notInBranchMessage(branch));

    const diff = await ok('/api/change-request/diff', { id: opened.id }, admin, environment);
    expect(diff.conflicts).toEqual([]);
    expect(diff.groups.Configurations).toMatchObject([{ id: 'cr-new-duel', operation: 'create' }]);
    expect(diff.groups['Release info']).toMatchObject([{ operation: 'update' }]);
    expect(diff.fields.diff.release.length).toBeGreaterThan(0);

    // Not approvable before review; the author may not approve their own
    expect(
      (await call('/api/change-request/approve', { id: opened.id }, admin, environment)).statusCode,
    ).toBe(409);
    await ok('/api/change-request/request-review', { id: opened.id }, operator, environment);
    expect((await ok('/api/change-request/awaiting', undefined, admin, 'dev')).count).toBeGreaterThan(0);
    const selfApproval = await call('/api/change-request/approve', { id: opened.id }, operator, environment);
    expect(selfApproval.statusCode).toBe(403);
    const one = await ok('/api/change-request/approve', { id: opened.id, comment: 'ok' }, admin, environment);
    expect(one.status).toBe('in-review');
    const twice = await call('/api/change-request/approve', { id: opened.id }, admin, environment);
    expect(twice.statusCode).toBe(409);
    const two = await ok('/api/change-request/approve', { id: opened.id }, secondAdmin, environment);
    expect(two.status).toBe('approved');

    const applied = await ok(
      '/api/change-request/apply',
      { id: opened.id, diffToken: diff.diffToken },
      admin,
      environment,
    );
    expect(applied.status).toBe('applied');
    expect(applied.history.map((event: { status: string | null }) => event.status).filter(Boolean)).toEqual([
      'draft',
      'in-review',
      'approved',
      'applied',
    ]);
    // One revision, with all of it
    expect(await content.latestRevisionOf(environment)).toBe(before + 1);
    const release = await ok('/api/release/kv/get', undefined, admin, environment);
    expect(JSON.stringify(release)).toContain('cr=1;');
    const entries = await t.auditEntries(admin, environment);
    expect(entries[0]).toMatchObject({
      action: 'change-request.apply',
      target: String(opened.id),
      attributes: { author: OPERATOR, approvers: [ADMIN, SECOND_ADMIN], isScheduled: false },
    });
    // The branch is archived with its request
    expect((await call('/api/release/kv/set', { keyValue: 'late=1;' }, operator, branch)).statusCode).toBe(
      404,
    );
    // Applying again is a clear 409
    expect((await call('/api/change-request/apply', { id: opened.id }, admin, environment)).statusCode).toBe(
      409,
    );
  });

  it('finds three-way conflicts, keeps live-only changes and applies after each is resolved', async () => {
    const environment = await reviewedEnvironment();
    const opened = await ok('/api/change-request/open', { continueDraft: false }, operator, environment);
    await ok('/api/release/kv/set', { keyValue: 'mine=1;' }, operator, opened.branch);
    // Live changes since the branch was made (by break glass): one on the same item, one elsewhere
    const live = (url: string, body: unknown) =>
      t.request({
        method: 'POST',
        url: `${url}?configuration=${environment}`,
        headers: { cookie: admin, 'content-type': 'application/json', [BYPASS_REASON_HEADER]: 'hotfix' },
        payload: JSON.stringify(body),
      });
    expect((await live('/api/release/kv/set', { keyValue: 'live=1;' })).statusCode).toBe(200);
    expect((await live('/api/config/duel/create', newConfig('live-only'))).statusCode).toBe(200);

    const diff = await ok('/api/change-request/diff', { id: opened.id }, operator, environment);
    expect(diff.isBaseMoved).toBe(true);
    expect(diff.conflicts).toMatchObject([{ group: 'Release info' }]);
    expect(diff.groups.Configurations).toBeUndefined();
    await ok('/api/change-request/request-review', { id: opened.id }, operator, environment);
    const blocked = await call('/api/change-request/approve', { id: opened.id }, admin, environment);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error).toMatch(/unresolved conflicts/);

    const [conflict] = diff.conflicts;
    const resolved = await ok(
      '/api/change-request/resolve',
      { id: opened.id, group: conflict.group, itemId: conflict.id, choice: 'mine' },
      operator,
      environment,
    );
    expect(resolved.conflicts).toEqual([]);
    await ok('/api/change-request/approve', { id: opened.id }, admin, environment);
    await ok('/api/change-request/apply', { id: opened.id }, admin, environment);
    const release = JSON.stringify(await ok('/api/release/kv/get', undefined, admin, environment));
    expect(release).toContain('mine=1;');
    // The live-only configuration is never overwritten by the apply
    expect(JSON.stringify(await ok('/api/config/duel/list', {}, admin, environment))).toContain('live-only');
  });

  it('resolves a conflict by taking live: the branch holds the live item and the request no longer changes it', async () => {
    const environment = await content.newEnvironment('cr-live');
    await ok('/api/change-request/policy/set', policy(true), admin, environment);
    const opened = await ok('/api/change-request/open', { continueDraft: false }, operator, environment);
    await ok('/api/release/kv/set', { keyValue: 'mine=2;' }, operator, opened.branch);
    const live = await t.request({
      method: 'POST',
      url: `/api/release/kv/set?configuration=${environment}`,
      headers: { cookie: admin, 'content-type': 'application/json', [BYPASS_REASON_HEADER]: 'hotfix' },
      payload: JSON.stringify({ keyValue: 'live=2;' }),
    });
    expect(live.statusCode).toBe(200);
    const [conflict] = (await ok('/api/change-request/diff', { id: opened.id }, operator, environment))
      .conflicts;
    expect(conflict).toMatchObject({ group: 'Release info', live: { payload: expect.anything() } });
    const other = await t.login('cr-not-author@example.com');
    const byOther = await call(
      '/api/change-request/resolve',
      { id: opened.id, group: conflict.group, itemId: conflict.id, choice: 'live' },
      other,
      environment,
    );
    expect(byOther.statusCode).toBe(403);
    const resolved = await ok(
      '/api/change-request/resolve',
      { id: opened.id, group: conflict.group, itemId: conflict.id, choice: 'live' },
      operator,
      environment,
    );
    expect(resolved.conflicts).toEqual([]);
    expect(resolved.groups['Release info']).toBeUndefined();
    expect(await ok('/api/release/kv/get', undefined, operator, opened.branch)).toBe('live=2;');
  });

  it('takes the approvals back when the branch changes after an approval, as the policy says', async () => {
    const environment = await content.newEnvironment('cr-reset');
    await ok('/api/change-request/policy/set', policy(true, 2), admin, environment);
    const opened = await ok('/api/change-request/open', { continueDraft: false }, operator, environment);
    await ok('/api/release/kv/set', { keyValue: 'first=1;' }, operator, opened.branch);
    await ok('/api/change-request/request-review', { id: opened.id }, operator, environment);
    const approved = await ok('/api/change-request/approve', { id: opened.id }, admin, environment);
    expect(approved.approvals).toHaveLength(1);
    await ok('/api/release/kv/set', { keyValue: 'second=1;' }, operator, opened.branch);
    const after = await ok('/api/change-request/get', { id: opened.id }, operator, environment);
    expect(after).toMatchObject({ status: 'in-review', approvals: [] });
    expect(after.history.at(-1)).toMatchObject({ kind: 'approvals-reset', email: OPERATOR });
    // Without the reset in the policy, an approval stays
    await ok(
      '/api/change-request/policy/set',
      { ...policy(true, 2), resetApprovalsOnChange: false },
      admin,
      environment,
    );
    await ok('/api/change-request/approve', { id: opened.id }, admin, environment);
    await ok('/api/release/kv/set', { keyValue: 'third=1;' }, operator, opened.branch);
    expect(
      (await ok('/api/change-request/get', { id: opened.id }, operator, environment)).approvals,
    ).toHaveLength(1);
  });

  it('keeps a branch from changing once its environment is archived', async () => {
    const environment = await content.newEnvironment('cr-archived');
    const opened = await ok('/api/change-request/open', {}, operator, environment);
    await ok('/api/configuration/archive', { configurationId: environment }, admin, 'dev');
    const edit = await call('/api/release/kv/set', { keyValue: 'late=1;' }, operator, opened.branch);
    expect(edit.statusCode).toBe(404);
    expect(edit.json().error).toBe(`Unknown environment ${environment}`);
  });

  it('refuses a stale diff token and answers 400 naming the field for bad input', async () => {
    const environment = await reviewedEnvironment();
    const opened = await ok('/api/change-request/open', { continueDraft: false }, operator, environment);
    const bad = await call(
      '/api/change-request/comment',
      { id: opened.id, comment: '' },
      operator,
      environment,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/comment/);
    const policyBad = await call('/api/change-request/policy/set', policy(true, 4), admin, environment);
    expect(policyBad.statusCode).toBe(400);
    expect(policyBad.json().error).toMatch(/approvals/);
    const diff = await ok('/api/change-request/diff', { id: opened.id }, operator, environment);
    await ok('/api/release/kv/set', { keyValue: 'later=1;' }, operator, opened.branch);
    await ok('/api/change-request/request-review', { id: opened.id }, operator, environment);
    await ok('/api/change-request/approve', { id: opened.id }, admin, environment);
    const stale = await call(
      '/api/change-request/apply',
      { id: opened.id, diffToken: diff.diffToken },
      admin,
      environment,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('Change request changed since its diff was shown; look at it again');
  });
});
