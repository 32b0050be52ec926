// Decision (docs/decisions.md, Operations on the API contract): prod is where one click changes what
// players get, so screens ask before such a click there (plugin switch, transfer into it).
export const PROTECTED_ENVIRONMENTS: readonly string[] = ['prod'];

export function isProtectedEnvironment(environmentId: string): boolean {
  return PROTECTED_ENVIRONMENTS.includes(environmentId);
}
