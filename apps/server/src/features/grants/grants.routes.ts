import { runtimeEndpoints } from '@console/domain/runtime';
import type { FastifyInstance } from 'fastify';
import { registerRuntimeCall } from '../../http/runtime-call.ts';
import { collectGrants, listPendingGrants, readProgression } from './grants.service.ts';

/**
 * Game servers collect compensation grants and read progression, with a runtime key;
 * registered in the runtime context (delivery/delivery.routes.ts), which checked the key.
 */
export function registerGrantsCalls(app: FastifyInstance): void {
  const { grantsPending, grantsAck, progressionGet } = runtimeEndpoints;
  registerRuntimeCall(app, grantsPending, ({ ctx, body }) => listPendingGrants(ctx, body.userId));
  registerRuntimeCall(app, grantsAck, ({ ctx, body }) => collectGrants(ctx, body.ids));
  registerRuntimeCall(app, progressionGet, ({ ctx, body }) => readProgression(ctx, body.userId));
}
