import { describe, expect, it } from 'vitest';
import {
  type EndpointAccess,
  missingRight,
  missingRightOf,
  type Role,
  type RoleGrants,
  roleIn,
  roleNeeded,
} from './access.ts';

const dev = { environment: 'dev', isProtected: false } as const;
const prod = { environment: 'prod', isProtected: true } as const;
const wide = { environment: null } as const;

describe('rights', () => {
  it.each<[EndpointAccess, Role, typeof dev | typeof prod | typeof wide, string | null]>([
    ['public', 'viewer', dev, null],
    ['read', 'viewer', prod, null],
    ['read', 'viewer', wide, null],
    ['change', 'viewer', dev, 'Requires operator rights in dev'],
    ['change', 'operator', dev, null],
    ['change', 'operator', prod, 'Requires admin rights in prod (a protected environment)'],
    ['change', 'admin', prod, null],
    ['change', 'viewer', wide, 'Requires console-wide operator rights'],
    ['change', 'operator', wide, null],
    ['admin', 'operator', dev, 'Requires admin rights in dev'],
    ['admin', 'operator', prod, 'Requires admin rights in prod'],
    ['admin', 'admin', dev, null],
    ['admin', 'operator', wide, 'Requires console-wide admin rights'],
    ['admin', 'admin', wide, null],
  ])('%s as %s in %o: %s', (access, role, place, expected) => {
    expect(missingRight(access, role, place)).toBe(expected);
  });

  it('needs no role for public calls and an operator for changes outside protected environments', () => {
    expect(roleNeeded('public', prod)).toBeNull();
    expect(roleNeeded('change', dev)).toBe('operator');
    expect(roleNeeded('change', prod)).toBe('admin');
    // A protected environment that requires review: an operator may propose its content changes
    expect(roleNeeded('change', { ...prod, requiresReview: true })).toBe('operator');
    expect(roleNeeded('change', { ...dev, requiresReview: true })).toBe('operator');
  });

  it("takes an environment's own role, else the console-wide one; configured admins are admins", () => {
    const grants: RoleGrants = {
      role: 'viewer',
      environments: new Map([['dev', 'admin']]),
      isConfiguredAdmin: false,
    };
    expect(roleIn(grants, 'dev')).toBe('admin');
    expect(roleIn(grants, 'prod')).toBe('viewer');
    expect(roleIn(grants, null)).toBe('viewer');
    expect(roleIn({ ...grants, isConfiguredAdmin: true }, 'prod')).toBe('admin');
  });

  it('answers the console-wide role in an environment named after a member of Object.prototype', () => {
    const grants: RoleGrants = {
      role: 'operator',
      environments: new Map([['dev', 'admin']]),
      isConfiguredAdmin: false,
    };
    for (const name of Object.getOwnPropertyNames(Object.prototype)) {
      expect(roleIn(grants, name), name).toBe('operator');
    }
    const given: RoleGrants = { ...grants, environments: new Map([['constructor', 'viewer']]) };
    expect(roleIn(given, 'constructor')).toBe('viewer');
  });
});

describe('missingRightOf (what the web disables)', () => {
  const user = {
    role: 'viewer',
    environments: [
      { id: 'dev', role: 'operator', isProtected: false },
      { id: 'prod', role: 'operator', isProtected: true },
    ],
  } as const;
  const call = (access: EndpointAccess, scope: 'environment' | 'global', field?: string) => ({
    access,
    scope,
    ...(field ? { accessEnvironmentField: field } : {}),
  });

  it('checks calls in their environment, global ones console-wide, and leaves unknown environments to the server', () => {
    expect(missingRightOf(user, call('change', 'environment'), 'dev')).toBeNull();
    expect(missingRightOf(user, call('change', 'environment'), 'prod')).toBe(
      'Requires admin rights in prod (a protected environment)',
    );
    expect(missingRightOf(user, call('change', 'global'), 'dev')).toBe(
      'Requires console-wide operator rights',
    );
    expect(missingRightOf(user, call('admin', 'global', 'environment'), 'dev')).toBe(
      'Requires admin rights in dev',
    );
    expect(missingRightOf(user, call('change', 'environment'), 'qa-new')).toBeNull();
  });
});
