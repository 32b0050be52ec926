import { type AnyEndpoint, payloadOf } from '@console/domain/api';
import { api } from '@console/domain/endpoints';
import { notFound } from '@console/domain/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { accessHooksOf, registerEndpoint } from '../../http/endpoint.ts';
import { sessionUserOf } from './auth.service.ts';
import { loginPathOf, registerNoOidcLogin, registerOidcLogin } from './oidc-login.routes.ts';

/**
 * Registers a declared sign-in call by hand: it sets or clears the session cookie, so its handler
 * needs the reply, which registerEndpoint's handlers do not get. Path, schemas and the right it needs
 * still come from the declaration.
 */
function registerSessionEndpoint<E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: { isOff?: boolean; rateLimit?: { max: number; timeWindow: string } },
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<z.output<E['response']>>,
): void {
  const { onRequest, preValidation } = accessHooksOf(app, endpoint);
  const refuseWhenOff = async () => {
    throw notFound(`Not found: POST ${endpoint.path}`);
  };
  app.route({
    method: 'POST',
    url: endpoint.path,
    config: {
      access: endpoint.access,
      scope: endpoint.scope,
      endpoint,
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    },
    // When the sign-in method is off: 404 before reading the body.
    onRequest: [...(options.isOff ? [refuseWhenOff] : []), ...(onRequest ? [onRequest] : [])],
    ...(preValidation ? { preValidation } : {}),
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
  const { settings } = app;

  registerEndpoint(app, api.auth.me, async ({ user }) => sessionUserOf(user!, await app.environments.list()));
  registerEndpoint(app, api.auth.session, ({ ctx }) => (ctx.actor.email ? { email: ctx.actor.email } : null));
  const provider = settings.oidc
    ? { name: settings.oidc.displayName, loginPath: loginPathOf(settings.oidc) }
    : null;
  registerEndpoint(app, api.auth.options, () => ({ devLogin: settings.devLogin, provider }));

  // Local and test sign-in without a provider; refused at start-up in production (settings.ts). Declared
  // like every call, so it is registered always and answers 404 (before reading the body) when off.
  const devLogin = api.auth.devLogin;
  registerSessionEndpoint(
    app,
    devLogin,
    { rateLimit: { max: 30, timeWindow: '1 minute' }, isOff: !settings.devLogin },
    async (request, reply) => {
      const { email } = request.body as z.output<typeof devLogin.body>;
      await app.sessions.start(request, reply, email, 'dev');
      return { email };
    },
  );

  // POST only. GET /logout is the web app's page, which asks before signing out.
  registerSessionEndpoint(app, api.auth.logout, {}, async (request, reply) => {
    await app.sessions.end(request, reply);
    return null;
  });

  registerSessionEndpoint(app, api.auth.signOutEverywhere, {}, async (request, reply) => {
    const sessionsEnded = await app.sessions.endAllOf(request.user!.email);
    await app.sessions.end(request, reply);
    return { sessionsEnded };
  });

  if (settings.oidc) registerOidcLogin(app, settings.oidc);
  else registerNoOidcLogin(app);
}
