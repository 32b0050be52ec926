// Roles and the rights calls need (decisions: "Roles and sessions"). No zod here: the web's
// shell imports these rules (docs/decisions/0021); roleSchema is in auth.ts.

/** What a user may do in one environment, from least to most. */
export const ROLES = ['viewer', 'operator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The right a call needs, declared with it in the endpoint table (`access`):
 * - 'public': no session (sign-in, health);
 * - 'read': any signed-in user (every role reads);
 * - 'change': an operator where the environment is not protected, an admin where it is; an operator
 *   again where it is protected and requires review, since there a content change can only be proposed
 *   (the unit of work refuses it with the review-required code, and refuses the rest to non-admins);
 * - 'propose': an operator, in a protected environment too (a change request proposes, an admin approves);
 * - 'admin': an admin (roles, runtime keys, NICE, environment settings).
 * Checked in the call's environment, or console-wide for calls of global scope.
 */
export const ENDPOINT_ACCESS = ['public', 'read', 'change', 'propose', 'admin'] as const;
export type EndpointAccess = (typeof ENDPOINT_ACCESS)[number];

const RANK: Record<Role, number> = { viewer: 0, operator: 1, admin: 2 };

export const isRoleAtLeast = (role: Role, least: Role): boolean => RANK[role] >= RANK[least];

/**
 * Where a right is checked: one environment (with whether it is protected), or the console as a
 * whole (global calls: creating environments, users), where the user's console-wide role counts.
 */
export type AccessPlace =
  | { environment: string; isProtected: boolean; requiresReview?: boolean }
  | { environment: null };

/** The least role that holds a right at a place; null for 'public'. */
export function roleNeeded(access: EndpointAccess, place: AccessPlace): Role | null {
  switch (access) {
    case 'public':
      return null;
    case 'read':
      return 'viewer';
    case 'change':
      return place.environment !== null && place.isProtected && place.requiresReview !== true
        ? 'admin'
        : 'operator';
    case 'propose':
      return 'operator';
    case 'admin':
      return 'admin';
  }
}

/**
 * Why `role` may not use a call needing `access` at `place`, in the words the 403 answers and the
 * web's disabled controls show; null when it may.
 */
export function missingRight(access: EndpointAccess, role: Role, place: AccessPlace): string | null {
  const needed = roleNeeded(access, place);
  if (needed === null || isRoleAtLeast(role, needed)) return null;
  if (place.environment === null) return `Requires console-wide ${needed} rights`;
  const protectedNote = place.isProtected && access === 'change' ? ' (a protected environment)' : '';
  return `Requires ${needed} rights in ${place.environment}${protectedNote}`;
}

/** A user's roles as the session (and the web) sees them. */
export interface RoleGrants {
  /** Console-wide: for calls of global scope, and in environments without a role of their own. */
  role: Role;
  /**
   * Roles given for one environment, by environment id. A Map, never a plain object: an id is chosen
   * by an operator, and a plain object would answer `constructor` or `toString` with an inherited member.
   */
  environments: ReadonlyMap<string, Role>;
  /** Admin through ADMIN_EMAILS: admin everywhere, whatever is stored. */
  isConfiguredAdmin: boolean;
}

/** The role a user holds in an environment (null: console-wide). */
export function roleIn(grants: RoleGrants, environment: string | null): Role {
  if (grants.isConfiguredAdmin) return 'admin';
  if (environment === null) return grants.role;
  return grants.environments.get(environment) ?? grants.role;
}

/** What the web knows of the signed-in user (`/api/auth/me`, SessionUser in auth.ts). */
export interface UserRights {
  role: Role;
  environments: readonly {
    id: string;
    role: Role;
    isProtected: boolean;
    review?: { isRequired: boolean } | undefined;
  }[];
}

/**
 * Why the user may not make a call in an environment (the call's own, or the one its body names), in
 * the server's words; null when they may, or when the environment is not known to them yet (the
 * server decides then).
 */
export function missingRightOf(
  user: UserRights,
  endpoint: { access: EndpointAccess; scope: 'environment' | 'global'; accessEnvironmentField?: string },
  environment: string,
): string | null {
  if (endpoint.scope === 'global' && endpoint.accessEnvironmentField === undefined) {
    return missingRight(endpoint.access, user.role, { environment: null });
  }
  const known = user.environments.find((entry) => entry.id === environment);
  if (!known) return null;
  return missingRight(endpoint.access, known.role, {
    environment,
    isProtected: known.isProtected,
    requiresReview: known.review?.isRequired === true,
  });
}
