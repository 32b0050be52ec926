import { api, appliedRequestSchema, payloadOf, RUNTIME_PATHS } from '@console/domain';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { registerEndpoint } from '../../http/endpoint.ts';
import { authenticateRuntimeCalls, runtimeCallerOf, runtimeQuerySchema } from './runtime-grants.routes.ts';
import { listGameServers, recordAppliedRevision } from './runtime-instances.service.ts';

/** Game servers report their applied revision (runtime key), in a context of their own. */
async function runtimeAppliedRoute(app: FastifyInstance) {
  authenticateRuntimeCalls(app);
  app.post(
    RUNTIME_PATHS.applied,
    {
      config: { access: 'public' },
      schema: {
        tags: ['runtime'],
        summary: 'Report the revision a game server instance applied (runtime key; pickup confirmation)',
        querystring: runtimeQuerySchema,
        body: appliedRequestSchema,
        response: { 200: payloadOf(appliedRequestSchema) },
      },
    },
    async (request) => {
      const report = request.body as z.output<typeof appliedRequestSchema>;
      const { environmentId } = runtimeCallerOf(request);
      return { payload: await recordAppliedRevision(app.db, environmentId, report, request.ip) };
    },
  );
}

/** Pickup confirmation: game servers report, operators see per environment who runs which revision. */
export async function runtimeInstancesRoutes(app: FastifyInstance) {
  await app.register(runtimeAppliedRoute);
  registerEndpoint(app, api.connections.gameServers, ({ db, environmentId }) =>
    listGameServers(db, environmentId),
  );
}
