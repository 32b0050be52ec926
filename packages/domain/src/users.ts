import { z } from 'zod';
import type { Role } from './access.ts';
import { emailSchema, roleSchema } from './auth.ts';
import { environmentIdSchema } from './environment.ts';

// The Users screen (Security menu) and what it calls.

/** One user who signed in, with the roles given to them. */
export const userSummarySchema = z.object({
  email: z.string(),
  firstSeen: z.number().int().describe('UTC milliseconds of the first sign-in'),
  lastSeen: z.number().int().describe('UTC milliseconds of the last sign-in or request'),
  /** Console-wide role: global calls, and environments without a role of their own. */
  role: roleSchema,
  /** Roles given for one environment, by environment id. */
  environments: z.record(z.string(), roleSchema),
  /** Admin through ADMIN_EMAILS: their roles cannot be changed here. */
  isConfiguredAdmin: z.boolean(),
  /** Sessions not yet ended or expired. */
  sessions: z.number().int(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/**
 * The role given to a user in one environment, or null. An own-property lookup: environment ids are
 * chosen by operators, and `environments.constructor` would otherwise answer an inherited member.
 */
export const roleGivenIn = (user: Pick<UserSummary, 'environments'>, environment: string): Role | null =>
  Object.hasOwn(user.environments, environment) ? user.environments[environment]! : null;

export const environmentProtectionSchema = z.object({ id: z.string(), isProtected: z.boolean() });
export type EnvironmentProtection = z.infer<typeof environmentProtectionSchema>;

/** A row of the list: without activity (first and last seen, sessions) for those who do not see everyone. */
export const listedUserSchema = userSummarySchema.partial({
  firstSeen: true,
  lastSeen: true,
  sessions: true,
});
export type ListedUser = z.infer<typeof listedUserSchema>;

export const userListResponseSchema = z.object({
  users: z.array(listedUserSchema),
  environments: z.array(environmentProtectionSchema),
  seesEveryone: z
    .boolean()
    .describe('false: the list holds the caller and the admins only, without their activity (not an admin)'),
});
export type UserListResponse = z.infer<typeof userListResponseSchema>;

/** Whether a user holds admin rights anywhere: console-wide, through ADMIN_EMAILS, or in an environment. */
export function isAdminAnywhere(
  user: { role: Role; isConfiguredAdmin: boolean },
  environmentRoles: Iterable<Role>,
): boolean {
  return user.isConfiguredAdmin || user.role === 'admin' || [...environmentRoles].includes('admin');
}

/**
 * The users list as a caller sees it. Admins (anywhere) change roles and remove users: they see everyone
 * with their activity. Anyone else needs only their own row and whom to ask for a right: the admins, with
 * their roles but not when they were seen or how many sessions they hold.
 */
export function userListSeenBy(
  users: readonly UserSummary[],
  caller: { email: string; isAdmin: boolean },
): { users: ListedUser[]; seesEveryone: boolean } {
  if (caller.isAdmin) return { users: [...users], seesEveryone: true };
  const seen = users
    .filter((user) => user.email === caller.email || isAdminAnywhere(user, Object.values(user.environments)))
    .map((user): ListedUser => {
      if (user.email === caller.email) return user;
      const { firstSeen: _first, lastSeen: _last, sessions: _sessions, ...roles } = user;
      return roles;
    });
  return { users: seen, seesEveryone: false };
}

/**
 * Sets a user's role in one environment, or console-wide when `environment` is absent. In an
 * environment, `role: null` removes its own role, so the console-wide one counts there again.
 */
export const setUserRoleRequestSchema = z
  .object({
    email: emailSchema,
    environment: environmentIdSchema.optional(),
    role: roleSchema.nullable(),
  })
  .refine((request) => request.role !== null || request.environment !== undefined, {
    error: 'the console-wide role cannot be removed',
    path: ['role'],
  });
export type SetUserRoleRequest = z.infer<typeof setUserRoleRequestSchema>;

export const removeUserRequestSchema = z.object({ email: emailSchema });
export const removeUserResponseSchema = z.object({ email: z.string(), sessionsEnded: z.number().int() });

export const setEnvironmentProtectedRequestSchema = z.object({
  environment: environmentIdSchema,
  isProtected: z.boolean({ error: 'isProtected must be true or false' }),
});
export type SetEnvironmentProtectedRequest = z.infer<typeof setEnvironmentProtectedRequestSchema>;
