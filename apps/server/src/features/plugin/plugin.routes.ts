import { api } from '@console/domain/endpoints';
import { listPluginTypes } from '@console/domain/operations';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import { activatePlugin, listEnabled, listEnabledGrouped, listPlugins } from './plugin.service.ts';
import { pluginDetailsRoutes } from './plugin-details.routes.ts';

export async function pluginRoutes(app: FastifyInstance) {
  const { plugin } = api;
  registerEndpoint(app, plugin.list, ({ db, environmentId }) => listPlugins(db, environmentId));
  registerEndpoint(app, plugin.listEnabled, ({ db, environmentId }) => listEnabled(db, environmentId));
  registerEndpoint(app, plugin.listEnabledGrouped, ({ db, environmentId }) =>
    listEnabledGrouped(db, environmentId),
  );
  registerEndpoint(app, plugin.types, () => listPluginTypes());
  registerEndpoint(app, plugin.activate, ({ db, environmentId, body, email }) =>
    activatePlugin(db, environmentId, body, email),
  );
  await pluginDetailsRoutes(app);
}
