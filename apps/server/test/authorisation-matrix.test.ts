import type { Role } from '@console/domain/access';
import type { AnyEndpoint } from '@console/domain/api';
import { ALL_ENDPOINTS, api } from '@console/domain/endpoints';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerEndpoint } from '../src/http/endpoint.ts';
import { openApiPath } from '../src/http/openapi.ts';
import { observedOperations } from '../src/testing/observed-statuses.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// The authorisation matrix, generated from the endpoint table. Every declared call is made by
// a viewer, an operator and an admin, in an unprotected (dev) and a protected (prod) environment, and
// must be refused 403 naming the missing right exactly when its declared right says so, and otherwise
// get past the check (whatever it answers then: a minimal body is often refused 400, an unknown id 404).
// Without a session every call but the public ones answers 401.

const ADMIN = 'admin@example.com';
const USERS: Record<Role, string> = {
  viewer: 'viewer@example.com',
  operator: 'operator@example.com',
  // An admin by a stored role (ADMIN_EMAILS' admin set it), not by the configuration.
  admin: 'stored-admin@example.com',
};
const ROLES = Object.keys(USERS) as Role[];
const PLACES = [
  { environment: 'dev', isProtected: false },
  { environment: 'prod', isProtected: true },
] as const;

/** The declared rights, spelled out here rather than taken from the server's own rule. */
function expectedRefusal(endpoint: AnyEndpoint, role: Role, place: (typeof PLACES)[number]): string | null {
  const isConsoleWide = endpoint.scope === 'global' && endpoint.accessEnvironmentField === undefined;
  const where = isConsoleWide ? 'console-wide' : `in ${place.environment}`;
  const message = (needed: string, note = '') =>
    isConsoleWide ? `Requires console-wide ${needed} rights` : `Requires ${needed} rights ${where}${note}`;
  switch (endpoint.access) {
    case 'public':
    case 'read':
      return null;
    case 'change':
      if (!isConsoleWide && place.isProtected) {
        return role === 'admin' ? null : message('admin', ' (a protected environment)');
      }
      return role === 'viewer' ? message('operator') : null;
    case 'propose':
      return role === 'viewer' ? message('operator') : null;
    case 'admin':
      return role === 'admin' ? null : message('admin');
  }
}

/** A path for the declaration: each `:param` (and a wildcard) filled with a plausible text. */
const pathOf = (endpoint: AnyEndpoint) =>
  endpoint.path
    .replace(/:count\b/, '2')
    .replace(/:[A-Za-z]+/g, 'x')
    .replace('*', 'no-such-kind/list');

/** The smallest body: empty, naming the environment when the right is needed in the body's. */
const bodyOf = (endpoint: AnyEndpoint, environment: string) =>
  endpoint.accessEnvironmentField ? { [endpoint.accessEnvironmentField]: environment } : {};

// Calls that end the caller's sessions are made by a second user with the same role, signed in for
// the call, so the matrix goes on (sign-in is rate-limited: the file stays under 30 a minute).
const ENDS_SESSION = new Set([api.auth.logout.path, api.auth.signOutEverywhere.path]);
const secondOf = (role: Role) => `second-${USERS[role]}`;

describe('authorisation matrix (every declared endpoint × role × protected and unprotected environment)', () => {
  let t: TestApp;
  const cookies = {} as Record<Role, string>;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: ADMIN, DEFAULT_ROLE: 'viewer' });
    const admin = await t.login(ADMIN);
    for (const role of ROLES) {
      cookies[role] = await t.login(USERS[role]);
      await t.login(secondOf(role));
      if (role === 'viewer') continue;
      for (const email of [USERS[role], secondOf(role)]) {
        const set = await t.post('/api/users/role/set', { email, role }, admin);
        expect(set.statusCode).toBe(200);
      }
    }
  });

  it('covers every declared endpoint, each with a known right', () => {
    expect(ALL_ENDPOINTS.length).toBeGreaterThan(200);
    for (const endpoint of ALL_ENDPOINTS) {
      expect({
        path: endpoint.path,
        access: ['public', 'read', 'change', 'propose', 'admin'].includes(endpoint.access),
      }).toEqual({ path: endpoint.path, access: true });
    }
  });

  it.each(ALL_ENDPOINTS.map((endpoint) => [endpoint.path, endpoint] as const))(
    '%s',
    async (_path, endpoint) => {
      const mismatches: string[] = [];
      for (const place of PLACES) {
        const url = `${pathOf(endpoint)}?configuration=${place.environment}`;
        const body = bodyOf(endpoint, place.environment);
        for (const role of ROLES) {
          const cookie = ENDS_SESSION.has(endpoint.path) ? await t.login(secondOf(role)) : cookies[role];
          const response = await t.post(url, body, cookie);
          const refusal = expectedRefusal(endpoint, role, place);
          const seen = `${response.statusCode} ${response.body.slice(0, 120)}`;
          const expected = refusal === null ? 'not 401/403' : `403 ${JSON.stringify({ error: refusal })}`;
          const isRight =
            refusal === null
              ? response.statusCode !== 401 && response.statusCode !== 403
              : response.statusCode === 403 && response.json().error === refusal;
          if (!isRight) mismatches.push(`${role} in ${place.environment}: expected ${expected}, got ${seen}`);
        }
        const anonymous = await t.post(url, body);
        const isPublic = endpoint.access === 'public';
        if (isPublic ? [401, 403].includes(anonymous.statusCode) : anonymous.statusCode !== 401) {
          mismatches.push(
            `no session in ${place.environment}: got ${anonymous.statusCode} ${anonymous.body}`,
          );
        }
      }
      expect(mismatches).toEqual([]);
    },
  );

  // The matrix calls every route, so the check of observed statuses against the OpenAPI document
  // (testing/observed-statuses.ts, after this file) covers every operator call: it did record them all.
  it('recorded every call it made for the check of statuses against the OpenAPI document', () => {
    const recorded = new Set(observedOperations());
    const missing = ALL_ENDPOINTS.map((endpoint) => `post ${openApiPath(endpoint.path)}`).filter(
      (key) => !key.includes('*') && !recorded.has(key),
    );
    expect(missing).toEqual([]);
  });
});

describe('a call without a declared right', () => {
  it('is refused to everyone, admins included', async () => {
    const t = await createTestApp();
    // What a declaration typed without `access` would be (the type refuses it; JavaScript would not).
    const undeclared = {
      ...api.ids.random,
      path: '/api/test/undeclared',
      access: undefined as unknown as 'read',
    };
    registerEndpoint(t.app, undeclared, () => 'should not run');
    const cookie = await t.login();
    const response = await t.post('/api/test/undeclared', {}, cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'No right is declared for /api/test/undeclared',
      code: 'FORBIDDEN',
    });
  });
});
