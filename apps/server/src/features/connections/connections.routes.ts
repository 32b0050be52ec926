import { api } from '@console/domain/endpoints';
import { CLOSED_BY_SHUTDOWN } from '@console/domain/operations';
import type { FastifyInstance } from 'fastify';
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
 * The live connection registry, decorated on the root app (app.ts registers this there, outside the
 * console's context), so other features such as runtime keys, and tests, reach `app.connections`.
 */
async function connectionRegistryPlugin(app: FastifyInstance) {
  // The app's one LISTEN connection (app.ts), closed by the app after this registry stops.
  const registry = new SharedConnectionRegistry({
    db: app.db,
    listener: app.dbListener,
    maxConnectionsPerKey: app.settings.runtimeMaxConnectionsPerKey,
    log: app.log,
  });
  app.decorate('connections', registry);
  await registry.start();
  // Before @fastify/websocket's own preClose, so clients see why they are dropped.
  app.addHook('preClose', async () => {
    registry.closeAll(CLOSED_BY_SHUTDOWN);
    await registry.stop();
  });
}

/** The game clients' WebSocket and the operators' API over the registry (in the console's context). */
async function connectionsPlugin(app: FastifyInstance) {
  // Encapsulated, so @fastify/websocket's hooks stay on the runtime socket route.
  await app.register(runtimeSocketRoutes);
  registerEndpoint(app, api.connections.list, ({ ctx }) => listConnections(ctx, app.connections));
  registerEndpoint(app, api.connections.close, ({ ctx, body }) =>
    closeConnection(ctx, app.connections, body),
  );
}

// Fastify's documented alternative to fastify-plugin: decorate the parent instead of a child context.
export const connectionRegistry = Object.assign(connectionRegistryPlugin, {
  [Symbol.for('skip-override')]: true,
});
export const connectionsRoutes = Object.assign(connectionsPlugin, { [Symbol.for('skip-override')]: true });
