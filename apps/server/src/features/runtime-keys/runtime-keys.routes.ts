import {
  createdRuntimeKeySchema,
  createRuntimeKeyRequestSchema,
  RUNTIME_CONNECT_PATH,
  revokeRuntimeKeyRequestSchema,
  runtimeKeyListResponseSchema,
  runtimeKeySchema,
} from '@console/domain';
import type { FastifyInstance } from 'fastify';
import { postRoute } from '../../http/route.ts';
import { createRuntimeKey, listKeys, revokeRuntimeKey } from './runtime-keys.service.ts';

export async function runtimeKeyRoutes(app: FastifyInstance) {
  postRoute(app, {
    url: '/api/runtime-keys/create',
    summary:
      'Create a runtime key for game clients of this environment. The answer holds the key once; only its ' +
      `SHA-256 is stored. Clients open a WebSocket to GET ${RUNTIME_CONNECT_PATH}?configuration=<env>&principal=<player id> ` +
      'with the header "Authorization: Bearer <key>" (or &key=<key>)',
    tags: ['connections'],
    body: createRuntimeKeyRequestSchema,
    response: createdRuntimeKeySchema,
    handler: ({ db, body, email, environmentId }) => createRuntimeKey(db, environmentId, body, email),
  });

  postRoute(app, {
    url: '/api/runtime-keys/list',
    summary: "List this environment's runtime keys (never the keys or their hashes)",
    tags: ['connections'],
    response: runtimeKeyListResponseSchema,
    handler: ({ db, environmentId }) => listKeys(db, environmentId),
  });

  postRoute(app, {
    url: '/api/runtime-keys/revoke',
    summary: 'Revoke a runtime key: it cannot connect any more, and its live connections are closed',
    tags: ['connections'],
    body: revokeRuntimeKeyRequestSchema,
    response: runtimeKeySchema,
    handler: ({ db, body, email, environmentId }) =>
      revokeRuntimeKey(db, app.connections, environmentId, body, email),
  });
}
