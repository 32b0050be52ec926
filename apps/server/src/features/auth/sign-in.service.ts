import type { Role } from '@console/domain/access';
import type { SignInMethod } from '@console/domain/audit';
import type { ConsoleContext } from '../../context.ts';
import { upsertSignedInUser } from '../users/users.public.ts';
import { deleteExpiredSessions, deleteSession, insertSession } from './session.store.ts';

/** A sign-in as the session plugin records it (who signs in is the context's actor). */
export interface SignIn {
  method: SignInMethod;
  /** The console-wide role a new user starts with. */
  initialRole: Role;
  at: Date;
  /** The new session's id hash, and the one this browser held before (ended: rotation). */
  idHash: string;
  previousIdHash: string | null;
  /** Sessions idle since, or created before, these times have expired and are swept. */
  idleSince: Date;
  createdBefore: Date;
}

/**
 * Records a sign-in (dev login or OpenID Connect) in one transaction: the user (created with the
 * initial role on the first one), the rotated session, and its audit entry, console-wide. A user
 * created without this entry is refused by the database (docs/decisions/0061).
 */
export async function recordSignIn(ctx: ConsoleContext, signIn: SignIn): Promise<void> {
  const { email } = ctx.actor;
  await ctx.mutate(async ({ tx, audit }) => {
    const { role, isNewUser } = await upsertSignedInUser(tx, {
      email,
      initialRole: signIn.initialRole,
      at: signIn.at,
    });
    if (signIn.previousIdHash) await deleteSession(tx, signIn.previousIdHash);
    await deleteExpiredSessions(tx, { idleSince: signIn.idleSince, createdBefore: signIn.createdBefore });
    await insertSession(tx, { idHash: signIn.idHash, email, at: signIn.at });
    audit({
      environmentId: null,
      action: 'auth.sign-in',
      target: email,
      attributes: { method: signIn.method, isNewUser, role },
    });
  });
}
