import type { Role } from '@console/domain/access';
import type { Db, Tx } from '../../db/client.ts';

/** A session as the request path reads it: one query by the id's hash, with the user's roles. */
export interface SessionRow {
  email: string;
  created: Date;
  lastSeen: Date;
  /** The user's console-wide role. */
  role: Role;
  /** Roles given for one environment. */
  roles: Record<string, Role>;
}

export async function findSession(db: Db, idHash: string): Promise<SessionRow | null> {
  const rows = await db.$queryRaw<SessionRow[]>`
    SELECT s.email, s.created, s.last_seen AS "lastSeen", u.role,
           COALESCE((SELECT jsonb_object_agg(r.environment_id, r.role) FROM user_role r WHERE r.email = s.email),
                    '{}'::jsonb) AS roles
      FROM session s JOIN console_user u ON u.email = s.email
     WHERE s.id_hash = ${idHash}`;
  return rows[0] ?? null;
}

/** Records the session's last request; answers its user's e-mail, null when the session is gone. */
export async function touchSession(db: Db | Tx, idHash: string, at: Date): Promise<string | null> {
  const rows = await db.$queryRaw<{ email: string }[]>`
    UPDATE session SET last_seen = ${at} WHERE id_hash = ${idHash} RETURNING email`;
  return rows[0]?.email ?? null;
}

export async function insertSession(tx: Tx, session: { idHash: string; email: string; at: Date }) {
  await tx.session.create({
    data: { idHash: session.idHash, email: session.email, created: session.at, lastSeen: session.at },
  });
}

export async function deleteSession(db: Db | Tx, idHash: string): Promise<void> {
  await db.session.deleteMany({ where: { idHash } });
}

/** Ends every session of a user; answers how many there were. */
export async function deleteSessionsOf(db: Db | Tx, email: string): Promise<number> {
  return (await db.session.deleteMany({ where: { email } })).count;
}

/** Forgets sessions past their lifetimes (sign-in sweeps them, so the table does not grow). */
export async function deleteExpiredSessions(
  db: Db | Tx,
  { idleSince, createdBefore }: { idleSince: Date; createdBefore: Date },
): Promise<void> {
  await db.session.deleteMany({
    where: { OR: [{ lastSeen: { lte: idleSince } }, { created: { lte: createdBefore } }] },
  });
}
