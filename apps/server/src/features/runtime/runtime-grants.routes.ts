import { runtimeEndpoints } from '@console/domain/runtime';
import type { FastifyInstance } from 'fastify';
import { runtimeContextOf } from './runtime-auth.ts';
import { registerRuntimeCall } from './runtime-call.ts';
import { collectGrants, listPendingGrants, readProgression } from './runtime-grants.service.ts';

/**
 * Game servers collect compensation grants and read progression, with a runtime key;
 * registered in the runtime context (runtime.routes.ts), which checked the key.
 */
export function registerGrantsCalls(app: FastifyInstance): void {
  const { grantsPending, grantsAck, progressionGet } = runtimeEndpoints;
  registerRuntimeCall(app, grantsPending, ({ key, body }) =>
    listPendingGrants(runtimeContextOf(app.unitOfWork, key), body.userId),
  );
  registerRuntimeCall(app, grantsAck, ({ key, body }) =>
    collectGrants(runtimeContextOf(app.unitOfWork, key), body.ids),
  );
  registerRuntimeCall(app, progressionGet, ({ key, body }) =>
    readProgression(runtimeContextOf(app.unitOfWork, key), body.userId),
  );
}
