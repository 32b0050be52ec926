import { defineEndpoints } from '../api/endpoint.ts';
import {
  closeConnectionRequestSchema,
  connectionListResponseSchema,
  connectionSchema,
  RUNTIME_CONNECT_PATH,
} from '../operations/connections.ts';

export const connectionsEndpoints = defineEndpoints('connections', {
  list: {
    path: '/api/connections/list',
    access: 'read',
    summary: `Live game-client connections of this environment (WebSocket ${RUNTIME_CONNECT_PATH}) on this server`,
    response: connectionListResponseSchema,
  },
  close: {
    path: '/api/connections/close',
    access: 'change',
    summary: "Close a game client's connection; the client sees close code 4000 'Closed by operator'",
    body: closeConnectionRequestSchema,
    response: connectionSchema,
  },
});
