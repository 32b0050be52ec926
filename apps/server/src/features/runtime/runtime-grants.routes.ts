import {
  grantsAckRequestSchema,
  grantsAckResponseSchema,
  grantsPendingRequestSchema,
  grantsPendingResponseSchema,
  payloadOf,
  progressionGetRequestSchema,
  RUNTIME_PATHS,
  runtimeProgressionSchema,
} from '@console/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { collectGrants, listPendingGrants, readProgression } from './runtime-grants.service.ts';
import { authenticateRuntimeRequest, type RuntimeCaller } from './runtime-grants-auth.ts';

/** `?configuration=` is only checked against the key's environment (runtime-grants-auth.ts). */
export const runtimeQuerySchema = z.object({ configuration: z.string().max(64).optional() });

const callers = new WeakMap<FastifyRequest, RuntimeCaller>();

/** The caller authenticated by `authenticateRuntimeCalls` for this request. */
export function runtimeCallerOf(request: FastifyRequest): RuntimeCaller {
  const caller = callers.get(request);
  if (!caller) throw new Error('runtime route without runtime authentication');
  return caller;
}

/** Authenticates every route of the (encapsulated) plugin first: 401/403 before any 400 for the body. */
export function authenticateRuntimeCalls(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    callers.set(request, await authenticateRuntimeRequest(request));
  });
}

/** Game servers collect compensation grants and read progression (issue 13), with a runtime key. */
export async function runtimeGrantsRoutes(app: FastifyInstance) {
  authenticateRuntimeCalls(app);
  const tags = ['runtime'];

  app.post(
    RUNTIME_PATHS.grantsPending,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The player's compensation grants not collected yet (runtime key)",
        querystring: runtimeQuerySchema,
        body: grantsPendingRequestSchema,
        response: { 200: payloadOf(grantsPendingResponseSchema) },
      },
    },
    async (request) => {
      const { userId } = request.body as z.output<typeof grantsPendingRequestSchema>;
      return { payload: await listPendingGrants(app.db, runtimeCallerOf(request).environmentId, userId) };
    },
  );

  app.post(
    RUNTIME_PATHS.grantsAck,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Collect grants: answers the ids this call collected; each grant is collected once (runtime key)',
        querystring: runtimeQuerySchema,
        body: grantsAckRequestSchema,
        response: { 200: payloadOf(grantsAckResponseSchema) },
      },
    },
    async (request) => {
      const { ids } = request.body as z.output<typeof grantsAckRequestSchema>;
      return { payload: await collectGrants(app.db, runtimeCallerOf(request).environmentId, ids) };
    },
  );

  app.post(
    RUNTIME_PATHS.progressionGet,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The player's progression as set by an operator, or null (runtime key)",
        querystring: runtimeQuerySchema,
        body: progressionGetRequestSchema,
        response: { 200: payloadOf(runtimeProgressionSchema) },
      },
    },
    async (request) => {
      const { userId } = request.body as z.output<typeof progressionGetRequestSchema>;
      return { payload: await readProgression(app.db, runtimeCallerOf(request).environmentId, userId) };
    },
  );
}
