import {
  activatePluginRequestSchema,
  enabledPluginsGroupedResponseSchema,
  enabledPluginsResponseSchema,
  listPluginTypes,
  pluginListItemSchema,
  pluginListResponseSchema,
  pluginTypesResponseSchema,
} from '@console/domain';
import type { FastifyInstance } from 'fastify';
import { postRoute } from '../../http/route.ts';
import { activatePlugin, listEnabled, listEnabledGrouped, listPlugins } from './plugin.service.ts';

export async function pluginRoutes(app: FastifyInstance) {
  const tags = ['plugins'];
  postRoute(app, {
    url: '/api/plugin/list',
    summary: 'Every plugin of the environment with its state, in id order',
    tags,
    response: pluginListResponseSchema,
    handler: ({ db, environmentId }) => listPlugins(db, environmentId),
  });

  postRoute(app, {
    url: '/api/plugin/list/enabled',
    summary: 'Active plugins as name -> id, in id order',
    tags,
    response: enabledPluginsResponseSchema,
    handler: ({ db, environmentId }) => listEnabled(db, environmentId),
  });

  postRoute(app, {
    url: '/api/plugin/list/enabled/grouped',
    summary: 'Ids of active plugins per group (events, offers); every group present',
    tags,
    response: enabledPluginsGroupedResponseSchema,
    handler: ({ db, environmentId }) => listEnabledGrouped(db, environmentId),
  });

  postRoute(app, {
    url: '/api/plugin/types',
    summary: 'Every plugin name -> id (UNSUPPORTED is not a plugin)',
    tags,
    response: pluginTypesResponseSchema,
    handler: () => listPluginTypes(),
  });

  postRoute(app, {
    url: '/api/plugin/activate',
    summary: 'Switch a plugin on or off (no-op when it already has that state)',
    tags,
    body: activatePluginRequestSchema,
    response: pluginListItemSchema,
    handler: ({ db, environmentId, body, email }) => activatePlugin(db, environmentId, body, email),
  });
}
