import { api } from '@console/domain/endpoints';
import { listPluginTypes } from '@console/domain/operations';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import { activatePlugin, listEnabled, listEnabledGrouped, listPlugins } from './plugin.service.ts';
import { pluginDetailsRoutes } from './plugin-details.routes.ts';

export async function pluginRoutes(app: FastifyInstance) {
  const { plugin } = api;
  registerEndpoint(app, plugin.list, ({ ctx }) => listPlugins(ctx));
  registerEndpoint(app, plugin.listEnabled, ({ ctx }) => listEnabled(ctx));
  registerEndpoint(app, plugin.listEnabledGrouped, ({ ctx }) => listEnabledGrouped(ctx));
  registerEndpoint(app, plugin.types, () => listPluginTypes());
  registerEndpoint(app, plugin.activate, ({ ctx, body }) => activatePlugin(ctx, body));
  await pluginDetailsRoutes(app);
}
