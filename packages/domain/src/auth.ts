import { z } from 'zod';
import { ROLES } from './access.ts';
import { reviewPolicySchema } from './change-request/review-policy.ts';

export const roleSchema = z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` });

/** RFC 5321's limit on a forward path: no longer e-mail can be delivered, so none is accepted. */
export const EMAIL_MAX_LENGTH = 254;

/** An e-mail as sign-in and user administration take it: valid, bounded, lower-cased. */
export const emailSchema = z
  .string({ error: 'must be an e-mail address' })
  .max(EMAIL_MAX_LENGTH, { error: `must be at most ${EMAIL_MAX_LENGTH} characters` })
  .pipe(z.email({ error: 'must be an e-mail address' }))
  .transform((email) => email.toLowerCase());

export const devLoginRequestSchema = z.object({ email: emailSchema });
export const operatorSchema = z.object({ email: z.string() });
export type Operator = z.infer<typeof operatorSchema>;
/** The OpenID Connect provider the login page offers: its button's name and where it starts. */
export const signInProviderSchema = z.object({ name: z.string(), loginPath: z.string() });
export type SignInProvider = z.infer<typeof signInProviderSchema>;
export const authOptionsSchema = z.object({
  devLogin: z.boolean(),
  /** null when the server has no provider configured (local dev login only). */
  provider: signInProviderSchema.nullable(),
});
export type AuthOptions = z.infer<typeof authOptionsSchema>;

/** The button's text for a provider: one sentence written once for the login page and its tests. */
export const signInButtonText = (provider: SignInProvider) => `Sign in with ${provider.name}`;

/**
 * Why a sign-in through the provider did not start a session: the server redirects to
 * `/login?error=<code>` and the login page shows the message. A forged, replayed or expired callback is
 * told apart from the provider's refusal only as far as helps the operator to act.
 */
export const SIGN_IN_REFUSALS = {
  'not-configured': 'Single sign-on is not configured on this server.',
  'email-not-verified':
    'Your e-mail address is not verified by the sign-in provider. Verify it there, then sign in again.',
  'domain-not-allowed': 'Your e-mail address’s domain may not sign in to this console.',
  'no-email': 'The sign-in provider did not tell the console your e-mail address.',
  expired: 'This sign-in expired or was started in another browser. Please sign in again.',
  failed: 'The sign-in provider’s answer could not be verified. Please sign in again.',
  cancelled: 'The sign-in was cancelled at the provider.',
  unavailable: 'The sign-in provider cannot be reached right now. Please try again shortly.',
  misconfigured:
    'The sign-in provider is misconfigured on this server: what it publishes does not match OIDC_ISSUER_URL. Ask the console’s administrator to correct it.',
} as const satisfies Record<string, string>;
export type SignInRefusal = keyof typeof SIGN_IN_REFUSALS;

/** True when the e-mail's domain is allowed to sign in (an empty list allows every verified address). */
export function isAllowedEmailDomain(email: string, allowedDomains: readonly string[]): boolean {
  if (allowedDomains.length === 0) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return allowedDomains.includes(domain);
}

/**
 * The signed-in user with their rights (`/api/auth/me`): the web disables what they may not do
 * (access.ts says why, with the same words as the server's 403).
 */
export const sessionUserSchema = z.object({
  email: z.string(),
  /** Console-wide role: for global calls, and in environments without a role of their own. */
  role: roleSchema,
  /** Admin through ADMIN_EMAILS: admin everywhere, whatever roles are stored. */
  isConfiguredAdmin: z.boolean(),
  environments: z.array(
    z.object({
      id: z.string(),
      role: roleSchema,
      isProtected: z.boolean(),
      /** Its review policy (change requests); absent from consoles before review policies. */
      review: reviewPolicySchema.optional(),
    }),
  ),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const signOutEverywhereResponseSchema = z.object({ sessionsEnded: z.number().int() });
