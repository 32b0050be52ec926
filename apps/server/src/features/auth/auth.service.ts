import { roleIn } from '@console/domain/access';
import type { SessionUser } from '@console/domain/auth';
import type { ReviewPolicy } from '@console/domain/change-request';
import type { EnvironmentProtection } from '@console/domain/users';
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
