import { Readable } from 'node:stream';
import { ENDPOINT_ACCESS, missingRight, roleIn } from '@console/domain/access';
import { type AnyEndpoint, configurationQuerySchema, payloadOf } from '@console/domain/api';
import { BYPASS_REASON_HEADER, checkBypassReason, parseBranchId } from '@console/domain/change-request';
import { ENVIRONMENT_ID_PATTERN } from '@console/domain/environment.constants';
import { badInput, forbidden, notLoggedIn } from '@console/domain/errors';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { EnvironmentContext } from '../context.ts';
import { runInReviewScope } from '../db/review-scope.ts';
import type { SignedInUser } from './session.ts';

export interface EndpointContext<E extends AnyEndpoint> {
  body: z.output<E['body']>;
  params: z.output<E['params']>;
  /** The signed-in user with their roles (null only on public routes). */
  user: SignedInUser | null;
  /**
   * The request's context (http/request-context.ts): the database, the environment of the call and the
   * signed-in user as its actor (e-mail '' only on public routes), what every service takes.
   */
  ctx: EnvironmentContext;
  log: FastifyBaseLogger;
}

export type EndpointHandler<E extends AnyEndpoint> = (
  context: EndpointContext<E>,
) => Promise<z.output<E['response']>> | z.output<E['response']>;

/**
 * Registers one declared call (packages/domain/src/endpoints): POST with JSON, `?configuration=`,
 * answered `{payload}`. This is the one place that says so; a feature adds only the handler.
 */
export function registerEndpoint<E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
): void {
  app.route({
    method: 'POST',
    url: endpoint.path,
    config: { access: endpoint.access, scope: endpoint.scope, endpoint },
    ...accessHooksOf(app, endpoint),
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.feature],
      querystring: configurationQuerySchema,
      body: endpoint.body,
      params: endpoint.params,
      response: { 200: payloadOf(endpoint.response) },
    },
    handler: async (request) => {
      const run = () =>
        Promise.resolve(
          handler({
            body: request.body as z.output<E['body']>,
            params: request.params as z.output<E['params']>,
            user: request.user,
            ctx: request.ctx,
            log: request.log,
          }),
        );
      const bypassReason = bypassReasonOf(request);
      const user = request.user;
      const proposerOnly = proposersOnly.get(request);
      const payload =
        (bypassReason === null && proposerOnly === undefined) || user === null
          ? await run()
          : await runInReviewScope(
              {
                bypassReason,
                ...(proposerOnly === undefined ? {} : { proposerOnly }),
                isAdminIn: (environment) => roleIn(user.grants, environment) === 'admin',
              },
              run,
            );
      return { payload };
    },
  });
}

/**
 * Break glass (docs/product.md, Change requests): the reason an admin gives in the x-bypass-reason header
 * to make a content change directly in a reviewed environment; null without the header. The unit of work
 * checks that the caller is an admin there and audits the bypass with the reason.
 */
function bypassReasonOf(request: FastifyRequest): string | null {
  const header = request.headers[BYPASS_REASON_HEADER];
  if (header === undefined) return null;
  const reason = Array.isArray(header) ? header.join(', ') : header;
  const problem = checkBypassReason(reason);
  if (problem !== null) throw badInput(problem);
  return reason.trim();
}

/**
 * The calls let through only because their protected environment requires review: an operator there may
 * propose a content change, and the unit of work refuses whatever the call changes (review-guard.ts).
 */
const proposersOnly = new WeakMap<FastifyRequest, { environmentId: string; missing: string }>();

/** A change request's branch takes its rights from the environment it branches. */
const rightsEnvironmentOf = (environment: string) => parseBranchId(environment)?.parent ?? environment;
/** A streamed answer: its content type, the file name a browser saves it as, and its text, chunk by chunk. */
export interface StreamedAnswer {
  contentType: string;
  fileName: string;
  body: AsyncIterable<string>;
}

/**
 * Registers a declared call whose answer is streamed (`produces` in the declaration): the same hooks
 * and validation as registerEndpoint, then the handler's text is written as it comes, with the
 * backpressure of the socket (the next chunk is read only when the one before was taken). Refusals
 * before the first chunk are the usual {"error"}; a failure later can only cut the answer short.
 */
export function registerStreamEndpoint<E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (context: EndpointContext<E>) => Promise<StreamedAnswer> | StreamedAnswer,
): void {
  app.route({
    method: 'POST',
    url: endpoint.path,
    config: {
      access: endpoint.access,
      scope: endpoint.scope,
      endpoint,
      // The OpenAPI document names the JSON form of the answer; http/openapi.ts adds the other types.
      swaggerTransform: ((document) =>
        jsonSchemaTransform({
          ...document,
          schema: { ...document.schema, response: { 200: endpoint.response } },
        })) as typeof jsonSchemaTransform,
    },
    ...accessHooksOf(app, endpoint),
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.feature],
      querystring: configurationQuerySchema,
      body: endpoint.body,
      params: endpoint.params,
      produces: [...(endpoint.produces ?? [])],
    },
    handler: async (request, reply) => {
      const answer = await handler({
        body: request.body as z.output<E['body']>,
        params: request.params as z.output<E['params']>,
        user: request.user,
        ctx: request.ctx,
        log: request.log,
      });
      const source = Readable.from(answer.body);
      source.on('error', (error) => request.log.error({ err: error }, 'streamed answer failed'));
      return reply
        .type(answer.contentType)
        .header('content-disposition', `attachment; filename="${answer.fileName}"`)
        .send(source);
    },
  });
}

type AccessHook = (request: FastifyRequest) => Promise<void>;

/**
 * The right a call declares (access in the endpoint table) is checked here, for every route,
 * before its handler: after the session and the environment (http/request-context.ts) and, for
 * calls whose right is needed in an environment named by the body (a transfer's destination), once
 * the body is parsed but before it is validated. A refusal is 403 naming the missing right.
 */
export function accessHooksOf(
  app: FastifyInstance,
  endpoint: AnyEndpoint,
): { onRequest?: AccessHook; preValidation?: AccessHook } {
  // Nothing declared means nobody: a declaration without a known right is refused to everyone.
  if (!(ENDPOINT_ACCESS as readonly string[]).includes(endpoint.access)) {
    return {
      onRequest: async () => {
        throw forbidden(`No right is declared for ${endpoint.path}`);
      },
    };
  }
  if (endpoint.access === 'public') return {};
  const check = async (request: FastifyRequest, environment: string | null) => {
    if (!request.user) throw notLoggedIn();
    const role = roleIn(request.user.grants, environment === null ? null : rightsEnvironmentOf(environment));
    if (environment === null) {
      const missing = missingRight(endpoint.access, role, { environment: null });
      if (missing !== null) throw forbidden(missing);
      return;
    }
    const place = { environment, isProtected: await app.environments.isProtected(environment) };
    const missingUnreviewed = missingRight(endpoint.access, role, place);
    if (missingUnreviewed === null) return;
    const requiresReview = place.isProtected && (await app.environments.requiresReview(environment));
    const missing = missingRight(endpoint.access, role, { ...place, requiresReview });
    if (missing !== null) throw forbidden(missing);
    proposersOnly.set(request, { environmentId: environment, missing: missingUnreviewed });
  };
  const ownEnvironment = (request: FastifyRequest) =>
    endpoint.scope === 'global' ? null : request.environmentId;
  const field = endpoint.accessEnvironmentField;
  if (field === undefined) return { onRequest: (request) => check(request, ownEnvironment(request)) };
  return {
    preValidation: async (request) => {
      const body = request.body;
      const named =
        typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[field] : undefined;
      if (named === undefined || named === null) return check(request, ownEnvironment(request));
      if (typeof named !== 'string' || !ENVIRONMENT_ID_PATTERN.test(named)) {
        throw badInput(`${field}: must be an environment id`);
      }
      return check(request, await app.resolveEnvironment(named));
    },
  };
}

/**
 * Every declared endpoint is registered, and every registered /api route is
 * declared. Checked once when the app is ready, so a missing handler fails at start, not in use.
 */
export function findContractMismatches(
  declared: readonly AnyEndpoint[],
  registered: readonly { method: string; url: string }[],
): string[] {
  const declaredPaths = new Set(declared.map((endpoint) => endpoint.path));
  const registeredApi = registered.filter((route) => route.url.startsWith('/api/'));
  // Declared calls outside /api (sign-in under /oauth) count as registered wherever they are.
  const registeredPaths = new Set(registered.map((route) => route.url));
  return [
    ...declared
      .filter((endpoint) => !registeredPaths.has(endpoint.path))
      .map((e) => `not registered: ${e.path}`),
    ...registeredApi
      .filter((route) => !declaredPaths.has(route.url))
      .map((route) => `not declared: ${route.method} ${route.url}`),
  ];
}
