import { api, CLOSED_BY_SHUTDOWN } from '@console/domain';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
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

  registerEndpoint(app, api.connections.list, ({ environmentId }) =>
    listConnections(app.connections, environmentId),
  );
  registerEndpoint(app, api.connections.close, ({ db, body, email, environmentId }) =>
    closeConnection(db, app.connections, environmentId, body, email),
  );
}

// Fastify's documented alternative to fastify-plugin: decorate the parent instead of a child context.
export const connectionsRoutes = Object.assign(connectionsPlugin, { [Symbol.for('skip-override')]: true });
