import { api } from '@console/domain/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import type { EnvironmentSetup } from './environment.initializers.ts';
import { createEnvironment, listEnvironments } from './environment.service.ts';
import { ENVIRONMENT_ARCHIVE_CHANNEL } from './environment.store.ts';
import { archiveEnvironment, listArchived, restoreEnvironment } from './environment-archive.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What an environment's creation involves besides its row (composed in src/environment-setup.ts). */
    environmentSetup: EnvironmentSetup;
  }
}

export async function environmentRoutes(app: FastifyInstance) {
  const effects = () => ({
    catalog: app.environments,
    keys: app.runtimeKeyCache,
    connections: app.connections,
  });
  registerEndpoint(app, api.environment.list, ({ ctx }) => listEnvironments(ctx));
  registerEndpoint(app, api.environment.save, ({ ctx, body }) =>
    createEnvironment(ctx, app.environments, app.environmentSetup, body),
  );
  registerEndpoint(app, api.environment.archive, ({ ctx, body }) => archiveEnvironment(ctx, effects(), body));
  registerEndpoint(app, api.environment.restore, ({ ctx, body }) => restoreEnvironment(ctx, effects(), body));
  registerEndpoint(app, api.environment.archived, ({ ctx }) => listArchived(ctx));
  // Another process archived or restored one: read the environments again now, not within
  // CATALOG_CACHE_MS, and close the game clients' connections its keys opened here.
  app.addHook('onReady', async () => {
    await app.dbListener.subscribe(ENVIRONMENT_ARCHIVE_CHANNEL, () => {
      app.environments.invalidate();
      void app.connections.checkNow();
    });
  });
}
