import { api } from '@console/domain/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import { createRuntimeKey, listKeys, revokeRuntimeKey } from './runtime-keys.service.ts';

export async function runtimeKeyRoutes(app: FastifyInstance) {
  const { runtimeKeys } = api;
  registerEndpoint(app, runtimeKeys.create, ({ db, body, email, environmentId }) =>
    createRuntimeKey(db, environmentId, body, email),
  );
  registerEndpoint(app, runtimeKeys.list, ({ db, environmentId }) => listKeys(db, environmentId));
  registerEndpoint(app, runtimeKeys.revoke, ({ db, body, email, environmentId }) =>
    revokeRuntimeKey(
      db,
      { connections: app.connections, keyCache: app.runtimeKeyCache },
      environmentId,
      body,
      email,
    ),
  );
}
