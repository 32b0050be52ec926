import type { AuditEntry } from '@console/domain/audit';

const SIGN_IN_METHOD_LABELS: Record<string, string> = {
  dev: 'dev login',
  oidc: 'the identity provider',
};

/**
 * What the Action cell says under the action: a console-wide entry is marked so (it is listed in every
 * environment's log), and a sign-in says how it was made.
 */
export function auditActionCaption(entry: AuditEntry): string | null {
  if (entry.action === 'auth.sign-in') {
    const method = SIGN_IN_METHOD_LABELS[String(entry.attributes.method)] ?? 'an unknown method';
    return `Signed in with ${method}`;
  }
  return entry.environment === null ? 'Console-wide' : null;
}
