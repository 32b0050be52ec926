import type { Role } from '@console/domain/access';
import { containsSearchText, type SearchPage, searchInMemory } from '@console/domain/api';
import { notFound, ruleViolation } from '@console/domain/errors';
import type { UserSearchRequest } from '@console/domain/search';
import {
  type EnvironmentProtection,
  isAdminAnywhere,
  type ListedUser,
  type SetEnvironmentProtectedRequest,
  type SetUserRoleRequest,
  type UserListResponse,
  type UserSummary,
  userListSeenBy,
} from '@console/domain/users';
import type { ConsoleContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { unchanged } from '../../db/unit-of-work.ts';
import type { SignedInUser } from '../../http/session.ts';
import type { AppSettings } from '../../settings.ts';
import { updateEnvironmentProtected } from '../environment/environment.public.ts';
import {
  deleteEnvironmentRole,
  deleteUser,
  findUserRoles,
  listUsers as listUserRows,
  lockUser,
  updateConsoleRole,
  upsertEnvironmentRole,
} from './user.store.ts';

/** What the user services need besides the request's context (whose actor is the signed-in admin). */
export interface UsersDependencies {
  settings: AppSettings;
  now: () => number;
  /**
   * This process's sessions (http/session.ts): the cache, emptied once a role change or removal committed,
   * and a removed user's sessions ended in the removal's transaction. Sessions are the sign-in's: users
   * reach them through the app's sessions, so sign-in may use users and not the other way round.
   */
  sessions: { forget(): void; endAllOfIn(tx: Tx, userEmail: string): Promise<number> };
}

// An e-mail these services take names the user acted on (userEmail), never the actor: that one is the
// context's (docs/decisions/, Server layout, "What a service takes instead of an environment's id").

const userNotFound = (userEmail: string) => notFound(`User ${userEmail} not found`);

type UsersReading = Omit<UsersDependencies, 'sessions'>;

async function listAll(ctx: ConsoleContext, users: UsersReading): Promise<UserSummary[]> {
  const at = users.now();
  const rows = await listUserRows(ctx.db, {
    liveSince: new Date(at - users.settings.sessionIdleMs),
    createdAfter: new Date(at - users.settings.sessionAbsoluteMs),
  });
  return rows.map((row) => ({ ...row, isConfiguredAdmin: users.settings.adminEmails.includes(row.email) }));
}

/** The users list as the caller may see it (userListSeenBy: everyone for admins). */
export async function listUsers(
  ctx: ConsoleContext,
  users: UsersReading,
  environments: EnvironmentProtection[],
  caller: SignedInUser,
): Promise<UserListResponse> {
  const isAdmin = isAdminAnywhere(caller.grants, caller.grants.environments.values());
  return { ...userListSeenBy(await listAll(ctx, users), { email: caller.email, isAdmin }), environments };
}

/**
 * /api/users/search: the list the caller may see (as listUsers), searched by e-mail and role and paged
 * in memory; the console's users are its staff, a list read whole in one query.
 */
export async function searchUsers(
  ctx: ConsoleContext,
  users: UsersReading,
  caller: SignedInUser,
  request: UserSearchRequest,
): Promise<SearchPage<ListedUser> & { seesEveryone: boolean }> {
  const isAdmin = isAdminAnywhere(caller.grants, caller.grants.environments.values());
  const { users: seen, seesEveryone } = userListSeenBy(await listAll(ctx, users), {
    email: caller.email,
    isAdmin,
  });
  const { q, role } = request;
  const matching = seen.filter(
    (user) => (!q || containsSearchText(user.email, q)) && (role === undefined || user.role === role),
  );
  const page = searchInMemory(
    matching,
    request,
    (user) => ({
      value: request.sort === 'email' ? user.email : (user[request.sort] ?? 0),
      key: user.email,
    }),
    { valueKind: request.sort === 'email' ? 'text' : 'number', keyKind: 'text' },
    (user) => user,
  );
  return { ...page, seesEveryone };
}

/** A role change must leave someone able to administer: nobody changes their own, nor ADMIN_EMAILS'. */
function refuseUnchangeable(ctx: ConsoleContext, users: UsersReading, userEmail: string, what: string): void {
  if (users.settings.adminEmails.includes(userEmail)) {
    throw ruleViolation(`${userEmail} is an admin through ADMIN_EMAILS; ${what} there`);
  }
  if (userEmail === ctx.actor.email) throw ruleViolation(`Another admin must ${what} for you`);
}

export async function setUserRole(
  ctx: ConsoleContext,
  users: UsersDependencies,
  request: SetUserRoleRequest,
): Promise<UserSummary> {
  const { email: userEmail, environment, role } = request;
  refuseUnchangeable(ctx, users, userEmail, 'change the role');
  await ctx.mutate(async ({ tx, audit, afterCommit }) => {
    if (!(await lockUser(tx, userEmail))) throw userNotFound(userEmail);
    const roles = (await findUserRoles(tx, userEmail))!;
    if (environment === undefined) {
      // The schema refuses a console-wide null.
      const next = role as Role;
      await updateConsoleRole(tx, userEmail, next);
      const attributes = { scope: 'console' as const, before: roles.role, role: next };
      afterCommit(() => users.sessions.forget());
      // Console-wide: one entry, listed in every environment's log (docs/decisions/0062).
      audit({ environmentId: null, action: 'user.role.set', target: userEmail, attributes });
      return null;
    }
    afterCommit(() => users.sessions.forget());
    if (role === null) await deleteEnvironmentRole(tx, userEmail, environment);
    else await upsertEnvironmentRole(tx, userEmail, environment, role);
    audit({
      environmentId: environment,
      action: 'user.role.set',
      target: userEmail,
      attributes: { scope: 'environment', before: roles.environments.get(environment) ?? null, role },
    });
    return null;
  });
  const user = (await listAll(ctx, users)).find((summary) => summary.email === userEmail);
  if (!user) throw userNotFound(userEmail);
  return user;
}

/**
 * Forgets a user and ends their sessions, and empties this process's session cache after the commit.
 * ADMIN_EMAILS' admins are configured, not stored: removing one would only sign them out, again and again.
 */
export async function removeUser(
  ctx: ConsoleContext,
  users: UsersDependencies,
  userEmail: string,
): Promise<{ sessionsEnded: number }> {
  if (users.settings.adminEmails.includes(userEmail)) {
    throw ruleViolation(`${userEmail} is an admin through ADMIN_EMAILS; remove them there`);
  }
  if (userEmail === ctx.actor.email) throw ruleViolation('Another admin must remove you');
  return ctx.mutate(async ({ tx, audit, afterCommit }) => {
    if (!(await lockUser(tx, userEmail))) throw userNotFound(userEmail);
    const roles = (await findUserRoles(tx, userEmail))!;
    const sessionsEnded = await users.sessions.endAllOfIn(tx, userEmail);
    await deleteUser(tx, userEmail);
    afterCommit(() => users.sessions.forget());
    audit({
      environmentId: null,
      action: 'user.remove',
      target: userEmail,
      attributes: { role: roles.role, sessionsEnded },
    });
    return { sessionsEnded };
  });
}

/** Protects or unprotects an environment; this process's environment catalog is read again after the commit. */
export async function setEnvironmentProtected(
  ctx: ConsoleContext,
  environments: { invalidate(): void },
  { environment, isProtected }: SetEnvironmentProtectedRequest,
): Promise<EnvironmentProtection> {
  return ctx.mutate(async ({ tx, audit, afterCommit }) => {
    const before = await updateEnvironmentProtected(tx, environment, isProtected);
    if (before === null) throw notFound(`Unknown environment ${environment}`);
    if (before === isProtected) unchanged({ id: environment, isProtected });
    afterCommit(() => environments.invalidate());
    audit({
      environmentId: environment,
      action: 'environment.protect',
      target: environment,
      attributes: { isProtected },
    });
    return { id: environment, isProtected };
  });
}
