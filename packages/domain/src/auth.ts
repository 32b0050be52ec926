import { z } from 'zod';
import { ROLES } from './access.ts';

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
export const authOptionsSchema = z.object({ devLogin: z.boolean(), google: z.boolean() });
export type AuthOptions = z.infer<typeof authOptionsSchema>;

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
  environments: z.array(z.object({ id: z.string(), role: roleSchema, isProtected: z.boolean() })),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const signOutEverywhereResponseSchema = z.object({ sessionsEnded: z.number().int() });
