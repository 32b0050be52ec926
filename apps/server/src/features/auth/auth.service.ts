import { type EnvironmentProtection, type ReviewPolicy, roleIn, type SessionUser } from '@console/domain';
import type { SignedInUser } from '../../http/session.ts';

/** What /api/auth/me answers: the user's role console-wide and in every environment. */
export function sessionUserOf(
  user: SignedInUser,
  environments: (EnvironmentProtection & { review?: ReviewPolicy })[],
): SessionUser {
  return {
    email: user.email,
    role: roleIn(user.grants, null),
    isConfiguredAdmin: user.grants.isConfiguredAdmin,
    environments: environments.map(({ id, isProtected, review }) => ({
      id,
      role: roleIn(user.grants, id),
      isProtected,
      // Each environment's review policy, so screens know where changes are proposed (change requests)
      ...(review === undefined ? {} : { review }),
    })),
  };
}
