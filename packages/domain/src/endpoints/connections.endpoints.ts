import { defineEndpoints } from '../api/endpoint.ts';
import {
  closeConnectionRequestSchema,
  connectionListResponseSchema,
  connectionSchema,
  RUNTIME_CONNECT_PATH,
} from '../operations/connections.ts';
import { gameServerListResponseSchema } from '../runtime/game-servers.ts';

export const connectionsEndpoints = defineEndpoints('connections', {
  list: {
    path: '/api/connections/list',
    access: 'read',
    summary: `Live game-client connections of this environment (WebSocket ${RUNTIME_CONNECT_PATH}) on every server process`,
    response: connectionListResponseSchema,
  },
  close: {
    path: '/api/connections/close',
    access: 'change',
    summary: "Close a game client's connection; the client sees close code 4000 'Closed by operator'",
    body: closeConnectionRequestSchema,
    response: connectionSchema,
  },
  gameServers: {
    path: '/api/connections/game-servers',
    summary:
      'Game server instances of this environment with the revision each reported applying, and the latest published revision',
    response: gameServerListResponseSchema,
    access: 'read',
  },
});
