import { authOptionsSchema, devLoginRequestSchema, operatorSchema } from '@console/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { postRoute } from '../../http/route.ts';
import { endSession, startSession } from '../../plugins/session.ts';
import { GOOGLE_LOGIN_PATH, registerGoogleLogin } from './google-login.ts';

export async function authRoutes(app: FastifyInstance) {
  const { config } = app;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  postRoute(app, {
    url: '/api/auth/me',
    summary: 'The logged-in operator',
    tags: ['auth'],
    scope: 'global',
    response: operatorSchema,
    handler: ({ email }) => ({ email }),
  });

  typed.post(
    '/oauth/options',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Which sign-in methods this server offers',
        response: { 200: z.object({ payload: authOptionsSchema }) },
      },
    },
    async () => ({ payload: { devLogin: config.devLogin, google: config.google !== undefined } }),
  );

  if (config.devLogin) {
    // Local and test sign-in without Google; refused at start-up in production (config.ts).
    typed.post(
      '/oauth/login/dev',
      {
        config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags: ['auth'],
          summary: 'Sign in locally without Google (AUTH_DEV_LOGIN=true only)',
          body: devLoginRequestSchema,
          response: { 200: z.object({ payload: operatorSchema }) },
        },
      },
      async (request, reply) => {
        const email = request.body.email.toLowerCase();
        startSession(request, reply, email);
        return { payload: { email } };
      },
    );
  }

  if (config.google) {
    await registerGoogleLogin(app, config.google);
  } else {
    // Without Google credentials the 401 page's 'Go to Login' still leads somewhere useful.
    app.get(
      GOOGLE_LOGIN_PATH,
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Google sign-in (redirects to /login when Google is not configured)',
        },
      },
      async (_request, reply) => reply.redirect('/login?error=google-not-configured'),
    );
  }

  app.get(
    '/logout',
    { config: { access: 'public' }, schema: { tags: ['auth'], summary: 'End the session and go to /login' } },
    async (_request, reply) => {
      endSession(reply);
      return reply.redirect('/login');
    },
  );
  app.post(
    '/logout',
    { config: { access: 'public' }, schema: { tags: ['auth'], summary: 'End the session' } },
    async (_request, reply) => {
      endSession(reply);
      return { payload: null };
    },
  );
}
