import { type RuntimeEndpoint, runtimeQuerySchema } from '@console/domain/runtime';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { createRuntimeContext, type RuntimeContext } from '../context.ts';
import type { RuntimeKeyEntry } from '../features/delivery/delivery.public.ts';

export const RUNTIME_SECURITY_SCHEME = 'runtimeKey';

/**
 * The OpenAPI description of a runtime route, from its declaration (packages/domain runtime-endpoints):
 * documented there rather than validated per request, since `?configuration=` is checked against the
 * key's environment (delivery/key-auth.ts) and answers are prebuilt or built by the handler.
 */
export function documentation(endpoint: RuntimeEndpoint) {
  const schema = {
    summary: `${endpoint.summary} (runtime key)`,
    tags: ['runtime'],
    security: [{ [RUNTIME_SECURITY_SCHEME]: [] }],
    produces: [endpoint.produces],
  };
  const config = {
    swaggerTransform: ((document) =>
      jsonSchemaTransform({
        ...document,
        schema: {
          ...document.schema,
          querystring: endpoint.query ?? runtimeQuerySchema,
          // Only 200 here: the refusals are added from the declaration with the {"error", "code"} answer as
          // JSON, also for the stream, whose 200 alone is text/event-stream (http/openapi.ts).
          response: { 200: endpoint.response },
        },
      })) as typeof jsonSchemaTransform,
  };
  return { schema, config };
}

type WithBody = RuntimeEndpoint & { readonly body: z.ZodType };

export interface RuntimeCallContext<E extends WithBody> {
  /** The caller's runtime key: its environment is the only one the call acts on. */
  key: RuntimeKeyEntry;
  /**
   * What the call's services act in, built once per call from the checked key: the key's own environment,
   * its writes through the app instance's unit of work without an audit entry.
   */
  ctx: RuntimeContext;
  body: z.output<E['body']>;
  request: FastifyRequest;
}

/**
 * Registers a declared runtime POST in the runtime context (features/delivery/delivery.routes.ts), after
 * its key check: the body validated by the declared schema (400 naming the field), answered {payload}.
 */
export function registerRuntimeCall<E extends WithBody>(
  app: FastifyInstance,
  endpoint: E,
  handler: (context: RuntimeCallContext<E>) => Promise<unknown> | unknown,
): void {
  const { schema, config } = documentation(endpoint);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config,
    schema: { ...schema, body: endpoint.body },
    handler: async (request) => {
      const key = request.runtimeKey!;
      return {
        payload: await handler({
          key,
          ctx: createRuntimeContext(app.unitOfWork, { id: key.keyId }, key.environmentId),
          body: request.body as z.output<E['body']>,
          request,
        }),
      };
    },
  });
}
