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
  registerEndpoint(app, api.environment.list, ({ db }) => listEnvironments(db));
  registerEndpoint(app, api.environment.save, ({ db, body, email }) =>
    createEnvironment(db, app.environments, app.environmentSetup, body, email),
  );
  registerEndpoint(app, api.environment.archive, ({ db, body, email }) =>
    archiveEnvironment(db, effects(), body, email),
  );
  registerEndpoint(app, api.environment.restore, ({ db, body, email }) =>
    restoreEnvironment(db, effects(), body, email),
  );
  registerEndpoint(app, api.environment.archived, ({ db }) => listArchived(db));
  // Another process archived or restored one: read the environments again now, not within
  // CATALOG_CACHE_MS, and close the game clients' connections its keys opened here.
  app.addHook('onReady', async () => {
    await app.dbListener.subscribe(ENVIRONMENT_ARCHIVE_CHANNEL, () => {
      app.environments.invalidate();
      void app.connections.checkNow();
    });
  });
}
