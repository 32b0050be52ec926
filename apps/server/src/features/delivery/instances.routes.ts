import { api } from '@console/domain/endpoints';
import { runtimeEndpoints } from '@console/domain/runtime';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import { registerRuntimeCall } from '../../http/runtime-call.ts';
import { listGameServers, recordAppliedRevision } from './instances.service.ts';

/** Game servers report their applied revision (runtime key), in the runtime context (delivery.routes.ts). */
export function registerAppliedCall(app: FastifyInstance): void {
  registerRuntimeCall(app, runtimeEndpoints.applied, ({ ctx, body, request }) =>
    recordAppliedRevision(ctx, body, request.ip, app.runtimeCache.get(ctx.environmentId)?.revision ?? 0),
  );
}

/** Pickup confirmation: operators see per environment who runs which revision (the console's side). */
export async function runtimeInstancesRoutes(app: FastifyInstance) {
  registerEndpoint(app, api.connections.gameServers, ({ ctx }) => listGameServers(ctx));
}
