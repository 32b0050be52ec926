// Decision (docs/decisions/0044): prod is where one click changes what
// players get, so screens ask before such a click there (plugin switch, transfer into it).
// Environments carry their own protected flag (only admins change anything there); these
// are the ones seeded protected. Screens read the flag from /api/auth/me, not from this list.
export const PROTECTED_ENVIRONMENTS: readonly string[] = ['prod'];

/** Whether an environment is protected when it is first seeded. */
export function isProtectedEnvironment(environmentId: string): boolean {
  return PROTECTED_ENVIRONMENTS.includes(environmentId);
}
