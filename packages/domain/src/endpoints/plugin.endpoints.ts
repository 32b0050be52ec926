import { defineEndpoints } from '../api/endpoint.ts';
import {
  activatePluginRequestSchema,
  enabledPluginsGroupedResponseSchema,
  enabledPluginsResponseSchema,
  pluginListItemSchema,
  pluginListResponseSchema,
  pluginTypesResponseSchema,
} from '../operations/plugin.ts';

export const pluginEndpoints = defineEndpoints('plugin', {
  list: {
    path: '/api/plugin/list',
    summary: 'Every plugin of the environment with its state, in id order',
    response: pluginListResponseSchema,
  },
  listEnabled: {
    path: '/api/plugin/list/enabled',
    summary: 'Active plugins as name -> id, in id order',
    response: enabledPluginsResponseSchema,
  },
  listEnabledGrouped: {
    path: '/api/plugin/list/enabled/grouped',
    summary: 'Ids of active plugins per group (events, offers); every group present',
    response: enabledPluginsGroupedResponseSchema,
  },
  types: {
    path: '/api/plugin/types',
    summary: 'Every plugin name -> id (UNSUPPORTED is not a plugin)',
    response: pluginTypesResponseSchema,
  },
  activate: {
    path: '/api/plugin/activate',
    summary: 'Switch a plugin on or off (no-op when it already has that state)',
    body: activatePluginRequestSchema,
    response: pluginListItemSchema,
  },
});
