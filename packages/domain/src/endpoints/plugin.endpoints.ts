import { defineEndpoints } from '../api/endpoint.ts';
import {
  activatePluginRequestSchema,
  enabledPluginsGroupedResponseSchema,
  enabledPluginsResponseSchema,
  pluginListItemSchema,
  pluginListResponseSchema,
  pluginTypesResponseSchema,
} from '../operations/plugin.ts';
import {
  abTestUsageRequestSchema,
  activateDraftRequestSchema,
  activateDraftResponseSchema,
  pluginAbTestUsageResponseSchema,
  pluginDetailsSchema,
  pluginIdRequestSchema,
  saveDraftRequestSchema,
  setPluginDescriptionRequestSchema,
} from '../plugin/plugin-details.schemas.ts';
import { pluginDraftImpactResponseSchema } from '../plugin/plugin-impact.ts';

export const pluginEndpoints = defineEndpoints('plugin', {
  list: {
    path: '/api/plugin/list',
    access: 'read',
    summary: 'Every plugin of the environment with its state, in id order',
    response: pluginListResponseSchema,
  },
  listEnabled: {
    path: '/api/plugin/list/enabled',
    access: 'read',
    summary: 'Active plugins as name -> id, in id order',
    response: enabledPluginsResponseSchema,
  },
  listEnabledGrouped: {
    path: '/api/plugin/list/enabled/grouped',
    access: 'read',
    summary: 'Ids of active plugins per group (events, offers); every group present',
    response: enabledPluginsGroupedResponseSchema,
  },
  types: {
    path: '/api/plugin/types',
    access: 'read',
    summary: 'Every plugin name -> id (UNSUPPORTED is not a plugin)',
    response: pluginTypesResponseSchema,
  },
  activate: {
    path: '/api/plugin/activate',
    access: 'change',
    summary: 'Switch a plugin on or off (no-op when it already has that state)',
    body: activatePluginRequestSchema,
    response: pluginListItemSchema,
  },
  // ---- plugin details ----
  get: {
    path: '/api/plugin/get',
    access: 'read',
    summary:
      'One plugin with data.active and data.draft (A/B-test entries), the revisions of both, and the A/B-tests they refer to',
    body: pluginIdRequestSchema,
    response: pluginDetailsSchema,
  },
  setDescription: {
    path: '/api/plugin/set/description',
    access: 'change',
    summary: "Saves the plugin's description (trimmed, at most 100 characters); answers the plugin",
    body: setPluginDescriptionRequestSchema,
    response: pluginDetailsSchema,
  },
  saveDraft: {
    path: '/api/plugin/draft/abtest',
    access: 'change',
    summary:
      'Autosave: replaces the whole draft; 409 unless draftRevision is the current draft revision; answers the plugin',
    body: saveDraftRequestSchema,
    response: pluginDetailsSchema,
  },
  activateDraft: {
    path: '/api/plugin/draft/activate',
    access: 'change',
    summary:
      'Makes the draft the active set, activates its A/B-test versions and the drafts of other plugins on those versions, in one transaction; 409 when stale',
    body: activateDraftRequestSchema,
    response: activateDraftResponseSchema,
  },
  draftImpact: {
    path: '/api/plugin/draft/impact',
    access: 'read',
    summary:
      "Per entry of the draft, and of every plugin's draft activated alongside, the players whose case or configuration the activation changes, as exact shares of the test's bucket space (0 for an inactive A/B-test)",
    body: pluginIdRequestSchema,
    response: pluginDraftImpactResponseSchema,
  },
  abTestUsage: {
    path: '/api/plugin/abtest-usage',
    access: 'read',
    summary:
      'Validates one draft entry: plugins activated alongside (validUsages) and blocking errors per plugin (fatal)',
    body: abTestUsageRequestSchema,
    response: pluginAbTestUsageResponseSchema,
  },
});
