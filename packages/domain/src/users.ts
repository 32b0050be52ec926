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

export const userListResponseSchema = z.object({
  users: z.array(userSummarySchema),
  environments: z.array(environmentProtectionSchema),
});
export type UserListResponse = z.infer<typeof userListResponseSchema>;

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
