import { emailSchema, isAllowedEmailDomain, type SignInRefusal } from '@console/domain/auth';
import { consoleReturnPath, RETURN_TO_MAX_LENGTH, RETURN_TO_PARAM } from '@console/domain/return-path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { OidcSettings } from '../../settings.ts';
import { createOidcProvider, SignInFailure } from './oidc-provider.ts';

/** The 401 page's "Go to Login" leads here, whichever provider is configured. */
export const GOOGLE_LOGIN_PATH = '/oauth/login/google';
const LOGIN_PATH_PREFIX = '/oauth/login';

/**
 * The attempt's state, nonce and PKCE verifier, signed, for the one trip to the provider and back, with the
 * console page to return to afterwards.
 */
const ATTEMPT_COOKIE = 'console_sign_in';
const ATTEMPT_MAX_AGE_SECONDS = 10 * 60;

const attemptSchema = z.object({
  state: z.string().min(1).max(200),
  nonce: z.string().min(1).max(200),
  codeVerifier: z.string().min(43).max(128),
  returnTo: z.string().max(RETURN_TO_MAX_LENGTH).optional(),
});
type Attempt = z.infer<typeof attemptSchema>;

/** Where a provider's sign-in starts: `/oauth/login/google` for Google's shorthand, else `/oauth/login/oidc`. */
export const loginPathOf = (oidc: OidcSettings) => `${LOGIN_PATH_PREFIX}/${oidc.slug}`;

const refuse = (reply: FastifyReply, reason: SignInRefusal) => reply.redirect(`/login?error=${reason}`);

/** The attempt the browser brought back, or null when it is missing, not ours, or not one. */
function attemptOf(request: FastifyRequest): Attempt | null {
  const cookie = request.cookies[ATTEMPT_COOKIE];
  if (!cookie) return null;
  const unsigned = request.unsignCookie(cookie);
  if (!unsigned.valid || unsigned.value === null) return null;
  try {
    const parsed = attemptSchema.safeParse(JSON.parse(unsigned.value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The page `?returnTo=` names when it is one of the console's own (the login page's rule), else `/`. */
const returnPathOf = (request: FastifyRequest) =>
  consoleReturnPath((request.query as Record<string, unknown> | undefined)?.[RETURN_TO_PARAM]);

/** The query string of a request's URL, with its '?', or ''. */
const queryOf = (url: string) => {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start);
};

/**
 * Sign-in through the configured OpenID Connect provider. A callback starts a session only when it
 * carries the attempt this browser began (signed cookie, cleared at once so a replay finds none) and
 * openid-client accepts the provider's answer to it; everything else goes back to the login page with
 * the reason, never a 5xx.
 */
export function registerOidcLogin(app: FastifyInstance, oidc: OidcSettings): void {
  const loginPath = loginPathOf(oidc);
  const callbackPath = `${loginPath}/callback`;
  const provider = createOidcProvider(oidc, `${app.settings.publicUrl}${callbackPath}`);
  const cookieOptions = {
    httpOnly: true,
    // Lax: the provider's redirect back is a top-level navigation, which carries it.
    sameSite: 'lax' as const,
    secure: app.settings.publicUrl.startsWith('https:'),
    path: LOGIN_PATH_PREFIX,
  };
  const route = { config: { access: 'public' as const } };

  app.get(
    loginPath,
    { ...route, schema: { tags: ['auth'], summary: `Sign in with ${oidc.displayName} (redirects there)` } },
    async (request, reply) => {
      let begun: Awaited<ReturnType<typeof provider.begin>>;
      try {
        begun = await provider.begin();
      } catch (error) {
        if (error instanceof SignInFailure && error.reason === 'misconfigured') {
          request.log.warn({ err: error }, 'sign-in provider misconfigured');
          return refuse(reply, 'misconfigured');
        }
        request.log.warn({ err: error }, 'sign-in provider cannot be reached');
        return refuse(reply, 'unavailable');
      }
      const attempt: Attempt = { ...begun.attempt, returnTo: returnPathOf(request) };
      reply.setCookie(ATTEMPT_COOKIE, JSON.stringify(attempt), {
        ...cookieOptions,
        signed: true,
        maxAge: ATTEMPT_MAX_AGE_SECONDS,
      });
      return reply.redirect(begun.url.href);
    },
  );

  app.get(
    callbackPath,
    { ...route, schema: { tags: ['auth'], summary: `Where ${oidc.displayName} returns after sign-in` } },
    async (request, reply) => {
      const attempt = attemptOf(request);
      // One attempt, one callback: whatever happens next, this browser holds no attempt any more.
      reply.clearCookie(ATTEMPT_COOKIE, cookieOptions);
      if (!attempt) return refuse(reply, 'expired');
      let identity: Awaited<ReturnType<typeof provider.complete>>;
      try {
        identity = await provider.complete(queryOf(request.url), attempt);
      } catch (error) {
        const reason = error instanceof SignInFailure ? error.reason : 'failed';
        request.log.warn({ reason, detail: (error as Error).message }, 'sign-in refused');
        return refuse(reply, reason);
      }
      const email = emailSchema.safeParse(identity.email);
      if (!email.success) return refuse(reply, 'no-email');
      if (!identity.isEmailVerified) {
        request.log.warn({ email: email.data }, 'sign-in refused: e-mail not verified');
        return refuse(reply, 'email-not-verified');
      }
      if (!isAllowedEmailDomain(email.data, app.settings.allowedEmailDomains)) {
        request.log.warn({ email: email.data }, 'sign-in refused: domain not allowed');
        return refuse(reply, 'domain-not-allowed');
      }
      await app.sessions.start(request, reply, email.data, 'oidc');
      // The page the sign-in began from, checked again: the cookie is signed, the rule is cheap.
      return reply.redirect(consoleReturnPath(attempt.returnTo));
    },
  );

  // The 401 page's link names Google; with another provider it leads to that one's sign-in.
  if (loginPath !== GOOGLE_LOGIN_PATH) {
    app.get(
      GOOGLE_LOGIN_PATH,
      { ...route, schema: { tags: ['auth'], summary: `Sign in (redirects to ${loginPath})` } },
      async (request, reply) => {
        const back = returnPathOf(request);
        const query = back === '/' ? '' : `?${new URLSearchParams({ [RETURN_TO_PARAM]: back })}`;
        return reply.redirect(`${loginPath}${query}`);
      },
    );
  }
}

/** Without a provider, the 401 page's "Go to Login" still leads somewhere useful: the login page. */
export function registerNoOidcLogin(app: FastifyInstance): void {
  app.get(
    GOOGLE_LOGIN_PATH,
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], summary: 'Sign-in (redirects to /login when no provider is configured)' },
    },
    async (_request, reply) => refuse(reply, 'not-configured'),
  );
}
