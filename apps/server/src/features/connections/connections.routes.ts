import { api, CLOSED_BY_SHUTDOWN } from '@console/domain';
import type { FastifyInstance } from 'fastify';
import { createDbListener } from '../../db/listener.ts';
import { registerEndpoint } from '../../http/endpoint.ts';
import { closeConnection, listConnections } from './connections.service.ts';
import { runtimeSocketRoutes } from './runtime-socket.ts';
import { SharedConnectionRegistry } from './shared-connection-registry.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Game clients connected to this process (runtime WebSocket), listed and closed across processes. */
    connections: SharedConnectionRegistry;
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
  // Until the app has one LISTEN connection for every feature, the registry opens its own.
  const listener = createDbListener(app.config.databaseUrl, {
    onError: (error) => app.log.warn({ err: error }, 'LISTEN connection (connections) failed'),
  });
  const registry = new SharedConnectionRegistry({
    db: app.db,
    listener,
    maxConnectionsPerKey: app.config.runtimeMaxConnectionsPerKey,
    log: app.log,
  });
  app.decorate('connections', registry);
  await registry.start();
  // Before @fastify/websocket's own preClose, so clients see why they are dropped.
  app.addHook('preClose', async () => {
    registry.closeAll(CLOSED_BY_SHUTDOWN);
    await registry.stop();
    await listener.close();
  });
  // Encapsulated, so @fastify/websocket's hooks stay on the runtime socket route.
  await app.register(runtimeSocketRoutes);

  registerEndpoint(app, api.connections.list, ({ environmentId }) =>
    listConnections(registry, environmentId),
  );
  registerEndpoint(app, api.connections.close, ({ db, body, email, environmentId }) =>
    closeConnection(db, registry, environmentId, body, email),
  );
}

// Fastify's documented alternative to fastify-plugin: decorate the parent instead of a child context.
export const connectionsRoutes = Object.assign(connectionsPlugin, { [Symbol.for('skip-override')]: true });
