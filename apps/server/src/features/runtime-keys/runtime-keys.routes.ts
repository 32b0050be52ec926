import { api } from '@console/domain/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import { createRuntimeKey, listKeys, revokeRuntimeKey } from './runtime-keys.service.ts';

export async function runtimeKeyRoutes(app: FastifyInstance) {
  const { runtimeKeys } = api;
  registerEndpoint(app, runtimeKeys.create, ({ ctx, body }) => createRuntimeKey(ctx, body));
  registerEndpoint(app, runtimeKeys.list, ({ ctx }) => listKeys(ctx));
  registerEndpoint(app, runtimeKeys.revoke, ({ ctx, body }) =>
    revokeRuntimeKey(ctx, { connections: app.connections, keyCache: app.runtimeKeyCache }, body),
  );
}
