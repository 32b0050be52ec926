import { type AnyEndpoint, api, notFound, payloadOf } from '@console/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { registerEndpoint } from '../../http/endpoint.ts';
import { endSession, startSession } from '../../plugins/session.ts';
import { GOOGLE_LOGIN_PATH, registerGoogleLogin } from './google-login.ts';

/**
 * Registers a declared sign-in call by hand: it sets or clears the session cookie, so its handler
 * needs the reply, which registerEndpoint's handlers do not get. Path and schemas still come from
 * the declaration.
 */
function registerSessionEndpoint<E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: Pick<RouteShorthandOptions, 'onRequest'> & { rateLimit?: { max: number; timeWindow: string } },
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<z.output<E['response']>>,
): void {
  app.route({
    method: 'POST',
    url: endpoint.path,
    config: {
      access: endpoint.access,
      scope: endpoint.scope,
      endpoint,
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    },
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.feature],
      body: endpoint.body,
      response: { 200: payloadOf(endpoint.response) },
    },
    handler: async (request, reply) => ({ payload: await handler(request, reply) }),
  });
}

export async function authRoutes(app: FastifyInstance) {
  const { config } = app;

  registerEndpoint(app, api.auth.me, ({ email }) => ({ email }));
  registerEndpoint(app, api.auth.session, ({ email }) => (email ? { email } : null));
  registerEndpoint(app, api.auth.options, () => ({
    devLogin: config.devLogin,
    google: config.google !== undefined,
  }));

  // Local and test sign-in without Google; refused at start-up in production (config.ts). Declared
  // like every call, so it is registered always and answers 404 (before reading the body) when off.
  const devLogin = api.auth.devLogin;
  registerSessionEndpoint(
    app,
    devLogin,
    {
      rateLimit: { max: 30, timeWindow: '1 minute' },
      ...(config.devLogin
        ? {}
        : {
            onRequest: async () => {
              throw notFound(`Not found: POST ${devLogin.path}`);
            },
          }),
    },
    async (request, reply) => {
      const email = (request.body as z.output<typeof devLogin.body>).email.toLowerCase();
      startSession(request, reply, email);
      return { email };
    },
  );

  registerSessionEndpoint(app, api.auth.logout, {}, async (_request, reply) => {
    endSession(reply);
    return null;
  });

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
}
