import type { Role } from '@console/domain/access';
import type { UserSummary } from '@console/domain/users';
import type { Db, Tx } from '../../db/client.ts';

/**
 * Records a sign-in: a new user gets `initialRole` console-wide, a known one keeps theirs. Answers the
 * role they have now and whether they are new (the row was inserted, not updated).
 */
export async function upsertSignedInUser(
  tx: Tx,
  { email, initialRole, at }: { email: string; initialRole: Role; at: Date },
): Promise<{ role: Role; isNewUser: boolean }> {
  const rows = await tx.$queryRaw<{ role: Role; isNewUser: boolean }[]>`
    INSERT INTO console_user (email, role, first_seen, last_seen) VALUES (${email}, ${initialRole}, ${at}, ${at})
    ON CONFLICT (email) DO UPDATE SET last_seen = EXCLUDED.last_seen
    RETURNING role, (xmax = 0) AS "isNewUser"`;
  return rows[0]!;
}

/** Records a user's last request (their session's activity). */
export async function touchUser(db: Db | Tx, email: string, at: Date): Promise<void> {
  await db.consoleUser.updateMany({ where: { email }, data: { lastSeen: at } });
}

export async function findUserRoles(db: Db | Tx, email: string) {
  const user = await db.consoleUser.findUnique({
    where: { email },
    select: { role: true, roles: { select: { environmentId: true, role: true } } },
  });
  return user
    ? {
        role: user.role as Role,
        environments: new Map(user.roles.map((row) => [row.environmentId, row.role as Role])),
      }
    : null;
}

/**
 * Everyone who signed in, by e-mail, with their roles and how many sessions they hold: one statement
 * (the roles and the live sessions' count read per user from their indexes), one round trip per list.
 */
export async function listUsers(
  db: Db,
  { liveSince, createdAfter }: { liveSince: Date; createdAfter: Date },
): Promise<Omit<UserSummary, 'isConfiguredAdmin'>[]> {
  const users = await db.$queryRaw<
    {
      email: string;
      role: string;
      firstSeen: Date;
      lastSeen: Date;
      environments: Record<string, string>;
      sessions: number;
    }[]
  >`
    SELECT u.email, u.role, u.first_seen AS "firstSeen", u.last_seen AS "lastSeen",
           COALESCE((SELECT jsonb_object_agg(r.environment_id, r.role) FROM user_role r WHERE r.email = u.email),
                    '{}'::jsonb) AS "environments",
           (SELECT count(*)::int FROM session s
             WHERE s.email = u.email AND s.last_seen > ${liveSince} AND s.created > ${createdAfter}) AS "sessions"
      FROM console_user u
     ORDER BY u.email`;
  return users.map((user) => ({
    email: user.email,
    role: user.role as Role,
    firstSeen: user.firstSeen.getTime(),
    lastSeen: user.lastSeen.getTime(),
    environments: user.environments as Record<string, Role>,
    sessions: user.sessions,
  }));
}

export async function updateConsoleRole(tx: Tx, email: string, role: Role): Promise<void> {
  await tx.consoleUser.update({ where: { email }, data: { role } });
}

export async function upsertEnvironmentRole(tx: Tx, email: string, environmentId: string, role: Role) {
  await tx.userRole.upsert({
    where: { email_environmentId: { email, environmentId } },
    create: { email, environmentId, role },
    update: { role },
  });
}

export async function deleteEnvironmentRole(tx: Tx, email: string, environmentId: string): Promise<void> {
  await tx.userRole.deleteMany({ where: { email, environmentId } });
}

/** Forgets a user; their roles and sessions go with them (ON DELETE CASCADE). */
export async function deleteUser(tx: Tx, email: string): Promise<void> {
  await tx.consoleUser.delete({ where: { email } });
}

/** Locks the user's row for the rest of the transaction (two admins changing one user serialise). */
export async function lockUser(tx: Tx, email: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ email: string }[]>`
    SELECT email FROM console_user WHERE email = ${email} FOR UPDATE`;
  return rows.length === 1;
}
