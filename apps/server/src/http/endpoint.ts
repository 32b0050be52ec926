import { type AnyEndpoint, configurationQuerySchema, payloadOf } from '@console/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';

export interface EndpointContext<E extends AnyEndpoint> {
  body: z.output<E['body']>;
  params: z.output<E['params']>;
  /** The logged-in operator's e-mail ('' only on public routes). */
  email: string;
  environmentId: string;
  db: Db;
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
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.feature],
      querystring: configurationQuerySchema,
      body: endpoint.body,
      params: endpoint.params,
      response: { 200: payloadOf(endpoint.response) },
    },
    handler: async (request) => {
      const payload = await handler({
        body: request.body as z.output<E['body']>,
        params: request.params as z.output<E['params']>,
        email: request.operator?.email ?? '',
        environmentId: request.environmentId,
        db: app.db,
        log: request.log,
      });
      return { payload };
    },
  });
}

/**
 * spec of the contract: every declared endpoint is registered, and every registered /api route is
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
