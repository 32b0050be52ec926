import { emailSchema } from '@console/domain';
import oauth2, { type OAuth2Namespace } from '@fastify/oauth2';
import type { FastifyInstance } from 'fastify';
import type { GoogleConfig } from '../../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    googleOAuth2?: OAuth2Namespace;
  }
}

interface GoogleUserInfo {
  email?: string;
  email_verified?: boolean;
}

export const GOOGLE_LOGIN_PATH = '/oauth/login/google';

/** True when the e-mail's domain is allowed (an empty list allows every verified address). */
export function isAllowedEmail(email: string, allowedDomains: string[]): boolean {
  if (allowedDomains.length === 0) return true;
  const domain = email.split('@')[1]?.toLowerCase() ?? '';
  return allowedDomains.includes(domain);
}

export async function registerGoogleLogin(app: FastifyInstance, google: GoogleConfig): Promise<void> {
  await app.register(oauth2, {
    name: 'googleOAuth2',
    scope: ['openid', 'email', 'profile'],
    credentials: {
      client: { id: google.clientId, secret: google.clientSecret },
      auth: oauth2.GOOGLE_CONFIGURATION,
    },
    startRedirectPath: GOOGLE_LOGIN_PATH,
    callbackUri: `${app.config.publicUrl}${GOOGLE_LOGIN_PATH}/callback`,
    cookie: { secure: app.config.publicUrl.startsWith('https:'), sameSite: 'lax', path: '/' },
  });

  app.get(
    `${GOOGLE_LOGIN_PATH}/callback`,
    { config: { access: 'public' }, schema: { tags: ['auth'], summary: 'Google sign-in callback' } },
    async (request, reply) => {
      const { token } = await app.googleOAuth2!.getAccessTokenFromAuthorizationCodeFlow(request);
      const response = await fetch('https://openidconnect.googleapis.com/v1/userinfo', {
        headers: { authorization: `Bearer ${token.access_token}` },
      });
      const user = (await response.json()) as GoogleUserInfo;
      const email = emailSchema.safeParse(user.email);
      if (!response.ok || !email.success || !user.email_verified) {
        return reply.redirect('/login?error=google');
      }
      if (!isAllowedEmail(email.data, app.config.allowedEmailDomains)) {
        request.log.warn({ email: email.data }, 'google sign-in refused: domain not allowed');
        return reply.redirect('/login?error=domain');
      }
      await app.sessions.start(request, reply, email.data, 'google');
      return reply.redirect('/');
    },
  );
}
