import { DEFAULT_REVIEW_POLICY } from '@console/domain/change-request';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { readSettings } from '../../settings.ts';

// Who signed in, their roles per environment, protected environments (the Users screen).

const BOSS = 'boss@example.com';
const rolesOf = async (t: TestApp, cookie: string) =>
  (await t.post('/api/auth/me', undefined, cookie)).json().payload as {
    role: string;
    environments: { id: string; role: string; isProtected: boolean }[];
  };
const roleIn = async (t: TestApp, cookie: string, environment: string) =>
  (await rolesOf(t, cookie)).environments.find((entry) => entry.id === environment)?.role;

describe('users and roles', () => {
  let t: TestApp;
  let boss: string;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: ` ${BOSS.toUpperCase()} , other-boss@example.com` });
    boss = await t.login(BOSS);
  });

  it('makes ADMIN_EMAILS admins everywhere and everyone else a viewer at first sign-in', async () => {
    const viewer = await t.login('new@example.com');
    expect(await rolesOf(t, viewer)).toEqual({
      email: 'new@example.com',
      role: 'viewer',
      isConfiguredAdmin: false,
      environments: [
        { id: 'dev', role: 'viewer', isProtected: false, review: DEFAULT_REVIEW_POLICY },
        { id: 'stable', role: 'viewer', isProtected: false, review: DEFAULT_REVIEW_POLICY },
        { id: 'prod', role: 'viewer', isProtected: true, review: DEFAULT_REVIEW_POLICY },
      ],
    });
    expect(await rolesOf(t, boss)).toMatchObject({ role: 'admin', isConfiguredAdmin: true });
    const refused = await t.post('/api/release/kv/set', { keyValue: 'a=b;' }, viewer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'Requires operator rights in dev' });
  });

  it('lists who signed in with first and last seen, roles and live sessions', async () => {
    await t.login('listed@example.com');
    const list = (await t.post('/api/users/list', undefined, boss)).json().payload;
    expect(list.environments).toEqual([
      { id: 'dev', isProtected: false },
      { id: 'stable', isProtected: false },
      { id: 'prod', isProtected: true },
    ]);
    const listed = list.users.find((user: { email: string }) => user.email === 'listed@example.com');
    expect(listed).toEqual({
      email: 'listed@example.com',
      firstSeen: expect.any(Number),
      lastSeen: expect.any(Number),
      role: 'viewer',
      environments: {},
      isConfiguredAdmin: false,
      sessions: 1,
    });
    expect(list.users.map((user: { email: string }) => user.email)).toEqual(
      [...list.users.map((user: { email: string }) => user.email)].sort(),
    );
  });

  it("shows someone who is not an admin themselves and the admins, without the admins' activity", async () => {
    const viewer = await t.login('only-viewer@example.com');
    await t.login('someone-else@example.com');
    const envAdmin = await t.login('stable-admin@example.com');
    const given = await t.post(
      '/api/users/role/set',
      { email: 'stable-admin@example.com', environment: 'stable', role: 'admin' },
      boss,
    );
    expect(given.statusCode, given.body).toBe(200);

    const seen = (await t.post('/api/users/list', undefined, viewer)).json().payload;
    expect(seen.seesEveryone).toBe(false);
    expect(seen.environments.map((environment: { id: string }) => environment.id)).toEqual([
      'dev',
      'stable',
      'prod',
    ]);
    const emails = seen.users.map((user: { email: string }) => user.email);
    expect(emails).toContain('only-viewer@example.com');
    expect(emails).toContain(BOSS);
    expect(emails).toContain('stable-admin@example.com');
    expect(emails).not.toContain('someone-else@example.com');
    for (const user of seen.users) {
      if (user.email === 'only-viewer@example.com') {
        expect(user).toMatchObject({
          sessions: 1,
          firstSeen: expect.any(Number),
          lastSeen: expect.any(Number),
        });
      } else {
        expect(Object.keys(user).sort(), user.email).toEqual([
          'email',
          'environments',
          'isConfiguredAdmin',
          'role',
        ]);
      }
    }
    // An admin of one environment gives roles to anyone there: they see everyone, with activity.
    const all = (await t.post('/api/users/list', undefined, envAdmin)).json().payload;
    expect(all.seesEveryone).toBe(true);
    expect(all.users.map((user: { email: string }) => user.email)).toContain('someone-else@example.com');
    expect(all.users.every((user: { sessions?: number }) => typeof user.sessions === 'number')).toBe(true);
  });

  it("gives a role in one environment, at once for the user's live session, audited there", async () => {
    const cookie = await t.login('dev-op@example.com');
    expect((await t.post('/api/release/kv/set', { keyValue: 'a=b;' }, cookie)).statusCode).toBe(403);
    const set = await t.post(
      '/api/users/role/set',
      { email: 'dev-op@example.com', environment: 'dev', role: 'operator' },
      boss,
    );
    expect(set.json().payload).toMatchObject({ role: 'viewer', environments: { dev: 'operator' } });
    expect((await t.post('/api/release/kv/set', { keyValue: 'a=b;' }, cookie)).statusCode).toBe(200);
    expect(await roleIn(t, cookie, 'stable')).toBe('viewer');
    const entry = (await t.auditEntries(boss, 'dev')).find((audit) => audit.action === 'user.role.set');
    expect(entry).toMatchObject({
      target: 'dev-op@example.com',
      email: BOSS,
      attributes: { scope: 'environment', before: null, role: 'operator' },
    });
    // Removing the environment's own role: the console-wide one counts there again.
    await t.post(
      '/api/users/role/set',
      { email: 'dev-op@example.com', environment: 'dev', role: null },
      boss,
    );
    expect(await roleIn(t, cookie, 'dev')).toBe('viewer');
  });

  it('changes the console-wide role, audited once and listed in every environment', async () => {
    await t.login('wide@example.com');
    const set = await t.post('/api/users/role/set', { email: 'wide@example.com', role: 'operator' }, boss);
    expect(set.json().payload).toMatchObject({ role: 'operator', environments: {} });
    const listed = [];
    for (const environment of ['dev', 'stable', 'prod']) {
      const [entry] = await t.auditEntries(boss, environment, { consoleWide: true });
      expect(entry).toMatchObject({
        environment: null,
        action: 'user.role.set',
        target: 'wide@example.com',
        attributes: { scope: 'console', before: 'viewer', role: 'operator' },
      });
      listed.push(entry!.id);
      // An environment's own entries, without the console-wide ones, leave it out.
      expect((await t.auditEntries(boss, environment)).map((own) => own.id)).not.toContain(entry!.id);
    }
    expect(new Set(listed).size).toBe(1);
  });

  it('lets an operator change nothing in a protected environment, and an admin protect one', async () => {
    const operator = await t.login('stable-op@example.com');
    await t.post('/api/users/role/set', { email: 'stable-op@example.com', role: 'operator' }, boss);
    const kv = (cookie: string) =>
      t.post('/api/release/kv/set?configuration=stable', { keyValue: 'a=b;' }, cookie);
    expect((await kv(operator)).statusCode).toBe(200);
    const protect = await t.post(
      '/api/users/environment/protect',
      { environment: 'stable', isProtected: true },
      boss,
    );
    expect(protect.json()).toEqual({ payload: { id: 'stable', isProtected: true } });
    const refused = await kv(operator);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: 'Requires admin rights in stable (a protected environment)',
    });
    expect((await rolesOf(t, operator)).environments).toContainEqual({
      id: 'stable',
      role: 'operator',
      isProtected: true,
      review: DEFAULT_REVIEW_POLICY,
    });
    const [entry] = await t.auditEntries(boss, 'stable');
    expect(entry).toMatchObject({ action: 'environment.protect', attributes: { isProtected: true } });
    // Only an admin of that environment may change it.
    const byOperator = await t.post(
      '/api/users/environment/protect',
      { environment: 'stable', isProtected: false },
      operator,
    );
    expect(byOperator.json()).toMatchObject({ error: 'Requires admin rights in stable' });
    await t.post('/api/users/environment/protect', { environment: 'stable', isProtected: false }, boss);
    expect((await kv(operator)).statusCode).toBe(200);
  });

  it('needs admin rights in the environment a role is given in, console-wide for console-wide roles', async () => {
    const devAdmin = await t.login('dev-admin@example.com');
    await t.post(
      '/api/users/role/set',
      { email: 'dev-admin@example.com', environment: 'dev', role: 'admin' },
      boss,
    );
    await t.login('someone@example.com');
    const inDev = await t.post(
      '/api/users/role/set',
      { email: 'someone@example.com', environment: 'dev', role: 'operator' },
      devAdmin,
    );
    expect(inDev.statusCode).toBe(200);
    const inProd = await t.post(
      '/api/users/role/set',
      { email: 'someone@example.com', environment: 'prod', role: 'operator' },
      devAdmin,
    );
    expect(inProd.json()).toMatchObject({ error: 'Requires admin rights in prod' });
    const wide = await t.post(
      '/api/users/role/set',
      { email: 'someone@example.com', role: 'admin' },
      devAdmin,
    );
    expect(wide.json()).toMatchObject({ error: 'Requires console-wide admin rights' });
    const remove = await t.post('/api/users/remove', { email: 'someone@example.com' }, devAdmin);
    expect(remove.json()).toMatchObject({ error: 'Requires console-wide admin rights' });
  });

  it('refuses changes that could lock admins out, unknown users and bad input', async () => {
    const other = await t.login('other-admin@example.com');
    await t.post('/api/users/role/set', { email: 'other-admin@example.com', role: 'admin' }, boss);
    const own = await t.post(
      '/api/users/role/set',
      { email: 'other-admin@example.com', role: 'viewer' },
      other,
    );
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ error: 'Another admin must change the role for you' });
    const configured = await t.post('/api/users/role/set', { email: BOSS, role: 'viewer' }, other);
    expect(configured.json()).toMatchObject({
      error: 'boss@example.com is an admin through ADMIN_EMAILS; change the role there',
    });
    expect((await t.post('/api/users/remove', { email: 'other-admin@example.com' }, other)).statusCode).toBe(
      409,
    );
    // ADMIN_EMAILS' admins are configured: neither demoted (above) nor removed, so never signed out by it.
    const bossSessions = (await t.post('/api/users/list', undefined, boss))
      .json()
      .payload.users.find((user: { email: string }) => user.email === BOSS).sessions;
    const removeConfigured = await t.post('/api/users/remove', { email: BOSS }, other);
    expect(removeConfigured.statusCode).toBe(409);
    expect(removeConfigured.json()).toMatchObject({
      error: 'boss@example.com is an admin through ADMIN_EMAILS; remove them there',
    });
    expect((await t.post('/api/auth/me', undefined, boss)).statusCode).toBe(200);
    const listed = (await t.post('/api/users/list', undefined, boss)).json().payload.users;
    expect(listed.find((user: { email: string }) => user.email === BOSS).sessions).toBe(bossSessions);
    const unknown = await t.post(
      '/api/users/role/set',
      { email: 'nobody@example.com', role: 'operator' },
      boss,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'User nobody@example.com not found' });
    const badRole = await t.post(
      '/api/users/role/set',
      { email: 'other-admin@example.com', role: 'owner' },
      boss,
    );
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().error).toMatch(/^role: /);
    const noWideNull = await t.post(
      '/api/users/role/set',
      { email: 'other-admin@example.com', role: null },
      boss,
    );
    expect(noWideNull.json()).toMatchObject({ error: 'role: the console-wide role cannot be removed' });
    const badEnvironment = await t.post(
      '/api/users/role/set',
      { email: 'other-admin@example.com', environment: 'no such', role: 'viewer' },
      boss,
    );
    expect(badEnvironment.json()).toMatchObject({ error: 'environment: must be an environment id' });
    const unknownEnvironment = await t.post(
      '/api/users/role/set',
      { email: 'other-admin@example.com', environment: 'atlantis', role: 'viewer' },
      boss,
    );
    expect(unknownEnvironment.json()).toMatchObject({ error: 'Unknown environment atlantis' });
  });

  it('removes a user, audited once for every environment; signing in again starts afresh as a viewer', async () => {
    const cookie = await t.login('gone@example.com');
    await t.post('/api/users/role/set', { email: 'gone@example.com', role: 'operator' }, boss);
    const removed = await t.post('/api/users/remove', { email: 'gone@example.com' }, boss);
    expect(removed.json()).toEqual({ payload: { email: 'gone@example.com', sessionsEnded: 1 } });
    expect((await t.post('/api/auth/me', undefined, cookie)).statusCode).toBe(401);
    const list = (await t.post('/api/users/list', undefined, boss)).json().payload;
    expect(list.users.map((user: { email: string }) => user.email)).not.toContain('gone@example.com');
    const [entry] = await t.auditEntries(boss, 'prod', { consoleWide: true });
    expect(entry).toMatchObject({
      environment: null,
      action: 'user.remove',
      target: 'gone@example.com',
      attributes: { role: 'operator', sessionsEnded: 1 },
    });
    expect((await rolesOf(t, await t.login('gone@example.com'))).role).toBe('viewer');
  });
});

describe('roles at first sign-in', () => {
  it('make dev-login users admins on a local start without ADMIN_EMAILS', async () => {
    const t = await createTestApp();
    expect(await rolesOf(t, await t.login('first@example.com'))).toMatchObject({
      role: 'admin',
      isConfiguredAdmin: false,
    });
  });

  it('start everyone else with DEFAULT_ROLE when ADMIN_EMAILS is set', async () => {
    const t = await createTestApp({ ADMIN_EMAILS: BOSS, DEFAULT_ROLE: 'operator' });
    expect((await rolesOf(t, await t.login('first@example.com'))).role).toBe('operator');
  });

  it('are configured by checked variables; production requires ADMIN_EMAILS', () => {
    const production = {
      NODE_ENV: 'production',
      SESSION_SECRET: 's',
      GOOGLE_CLIENT_ID: 'i',
      GOOGLE_CLIENT_SECRET: 's',
      PUBLIC_URL: 'https://console.example.com',
    };
    expect(() => readSettings(production, 'postgres://x')).toThrow(
      'ADMIN_EMAILS must be set when NODE_ENV=production',
    );
    expect(readSettings({ ...production, ADMIN_EMAILS: 'a@b.c' }, 'postgres://x')).toMatchObject({
      adminEmails: ['a@b.c'],
      defaultRole: 'viewer',
      devLoginAdmins: false,
    });
    expect(() => readSettings({ DEFAULT_ROLE: 'admin' }, 'postgres://x')).toThrow(
      'DEFAULT_ROLE must be viewer or operator (admins come from ADMIN_EMAILS) (got "admin")',
    );
    expect(() => readSettings({ ADMIN_EMAILS: 'boss@example.com,not-an-email' }, 'postgres://x')).toThrow(
      'ADMIN_EMAILS must list e-mail addresses separated by commas; "not-an-email" is not one',
    );
    expect(readSettings({}, 'postgres://x')).toMatchObject({
      devLoginAdmins: true,
      sessionIdleMs: 60 * 60_000,
      sessionAbsoluteMs: 12 * 3_600_000,
    });
    expect(() => readSettings({ SESSION_IDLE_MINUTES: '0' }, 'postgres://x')).toThrow(
      'SESSION_IDLE_MINUTES must be a whole number from 1 to 10080 (got "0")',
    );
  });
});
