import type { EndpointAccess as Access } from '@console/domain';
import { configurationQuerySchema, payloadOf } from '@console/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.ts';

export interface RouteContext<Body, Params> {
  body: Body;
  params: Params;
  /** The logged-in operator's e-mail ('' only on public routes). */
  email: string;
  environmentId: string;
  db: Db;
  log: FastifyBaseLogger;
}

interface PostRouteOptions<B extends z.ZodType, P extends z.ZodType, R extends z.ZodType> {
  url: string;
  summary: string;
  tags: string[];
  body?: B;
  params?: P;
  response: R;
  access?: Access;
  scope?: 'environment' | 'global';
  handler: (context: RouteContext<z.output<B>, z.output<P>>) => Promise<z.output<R>> | z.output<R>;
}

const noBody = z.union([z.object({}), z.null()]).optional();
const noParams = z.object({});

/**
 * Every API call of the console is a POST with JSON answered `{payload}`: this is the one place
 * that says so. Routes stay thin: their schemas come from @console/domain, their handler calls a service.
 */
export function postRoute<B extends z.ZodType, P extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  options: PostRouteOptions<B, P, R>,
): void {
  app.route({
    method: 'POST',
    url: options.url,
    config: {
      access: options.access ?? 'operator',
      scope: options.scope ?? 'environment',
      legacyRoute: true,
    },
    schema: {
      summary: options.summary,
      tags: options.tags,
      querystring: configurationQuerySchema,
      body: options.body ?? noBody,
      params: options.params ?? noParams,
      response: { 200: payloadOf(options.response) },
    },
    handler: async (request) => {
      const payload = await options.handler({
        body: request.body as z.output<B>,
        params: request.params as z.output<P>,
        email: request.operator?.email ?? '',
        environmentId: request.environmentId,
        db: app.db,
        log: request.log,
      });
      return { payload };
    },
  });
}
