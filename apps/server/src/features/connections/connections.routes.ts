import {
  CLOSED_BY_SHUTDOWN,
  closeConnectionRequestSchema,
  connectionListResponseSchema,
  connectionSchema,
  RUNTIME_CONNECT_PATH,
} from '@console/domain';
import type { FastifyInstance } from 'fastify';
import { postRoute } from '../../http/route.ts';
import { ConnectionRegistry } from './connection-registry.ts';
import { closeConnection, listConnections } from './connections.service.ts';
import { runtimeSocketRoutes } from './runtime-socket.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Game clients connected to this process (runtime WebSocket). */
    connections: ConnectionRegistry;
  }
  interface FastifyRequest {
    runtimeKeyId?: string;
  }
}

/**
 * Live game-client connections: the registry (decorated on the root app, so other features such as
 * runtime keys can close connections), the game clients' WebSocket and the operators' API.
 */
async function connectionsPlugin(app: FastifyInstance) {
  app.decorate('connections', new ConnectionRegistry());
  // Before @fastify/websocket's own preClose, so clients see why they are dropped.
  app.addHook('preClose', async () => app.connections.closeAll(CLOSED_BY_SHUTDOWN));
  // Encapsulated, so @fastify/websocket's hooks stay on the runtime socket route.
  await app.register(runtimeSocketRoutes);

  postRoute(app, {
    url: '/api/connections/list',
    summary: `Live game-client connections of this environment (WebSocket ${RUNTIME_CONNECT_PATH}) on this server`,
    tags: ['connections'],
    response: connectionListResponseSchema,
    handler: ({ environmentId }) => listConnections(app.connections, environmentId),
  });

  postRoute(app, {
    url: '/api/connections/close',
    summary: "Close a game client's connection; the client sees close code 4000 'Closed by operator'",
    tags: ['connections'],
    body: closeConnectionRequestSchema,
    response: connectionSchema,
    handler: ({ db, body, email, environmentId }) =>
      closeConnection(db, app.connections, environmentId, body, email),
  });
}

// Fastify's documented alternative to fastify-plugin: decorate the parent instead of a child context.
export const connectionsRoutes = Object.assign(connectionsPlugin, { [Symbol.for('skip-override')]: true });
