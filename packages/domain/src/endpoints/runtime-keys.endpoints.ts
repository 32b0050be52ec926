import { defineEndpoints } from '../api/endpoint.ts';
import { RUNTIME_CONNECT_PATH } from '../operations/connections.ts';
import {
  createdRuntimeKeySchema,
  createRuntimeKeyRequestSchema,
  revokeRuntimeKeyRequestSchema,
  runtimeKeyListResponseSchema,
  runtimeKeySchema,
} from '../operations/runtime-keys.ts';

export const runtimeKeysEndpoints = defineEndpoints('runtime-keys', {
  create: {
    path: '/api/runtime-keys/create',
    access: 'admin',
    summary:
      'Create a runtime key for game clients of this environment. The answer holds the key once; only its ' +
      `SHA-256 is stored. Clients open a WebSocket to GET ${RUNTIME_CONNECT_PATH}?configuration=<env>&principal=<player id> ` +
      'with the header "Authorization: Bearer <key>" (or &key=<key>)',
    body: createRuntimeKeyRequestSchema,
    response: createdRuntimeKeySchema,
  },
  list: {
    path: '/api/runtime-keys/list',
    access: 'read',
    summary: "List this environment's runtime keys (never the keys or their hashes)",
    response: runtimeKeyListResponseSchema,
  },
  revoke: {
    path: '/api/runtime-keys/revoke',
    access: 'admin',
    summary: 'Revoke a runtime key: it cannot connect any more, and its live connections are closed',
    body: revokeRuntimeKeyRequestSchema,
    response: runtimeKeySchema,
  },
});
