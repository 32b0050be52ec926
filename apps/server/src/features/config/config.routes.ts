import {
  CONFIG_KIND_IDS,
  type ConfigKindId,
  configKindOf,
  UNKNOWN_PLUGIN_MESSAGE,
} from '@console/domain/config';
import { api, type ConfigKindEndpoints } from '@console/domain/endpoints';
import { notFound } from '@console/domain/errors';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/endpoint.ts';
import { duplicateAndReassign, duplicateConfig } from './config-copy.service.ts';
import {
  listActiveOfKind,
  listActiveOfPlugin,
  listAllConfigs,
  listConstructionItems,
  listOfKind,
  listRecentOfKind,
  listWarningsOfConfigs,
} from './config-list.service.ts';
import { searchConfigPicker, searchConfigs, searchConfigsOfKind } from './config-search.service.ts';
import {
  activateConfig,
  createConfig,
  deleteConfigById,
  getConfig,
  saveConfig,
} from './config-write.service.ts';

/** The family of one kind: /api/config/{kind}/list... /delete. */
function registerKindRoutes(app: FastifyInstance, kindId: ConfigKindId) {
  const kind = configKindOf(kindId);
  // Every kind's family has the same calls; seen here over all kinds, data is any kind's (ConfigData).
  const calls: ConfigKindEndpoints<ConfigKindId> = api.config.kinds[kindId];
  registerEndpoint(app, calls.list, ({ ctx, body }) => listOfKind(ctx, kind, body ?? {}));
  registerEndpoint(app, calls.search, ({ ctx, body }) => searchConfigsOfKind(ctx, kind, body));
  registerEndpoint(app, calls.listActive, ({ ctx }) => listActiveOfKind(ctx, kind));
  registerEndpoint(app, calls.listRecent, ({ ctx }) => listRecentOfKind(ctx, kind));
  registerEndpoint(app, calls.activate, ({ ctx, body }) => activateConfig(ctx, kind, body));
  registerEndpoint(app, calls.create, ({ ctx, body }) => createConfig(ctx, kind, body));
  registerEndpoint(app, calls.duplicate, ({ ctx, body }) => duplicateConfig(ctx, kind, body.id));
  registerEndpoint(app, calls.duplicateReassign, ({ ctx, body }) => duplicateAndReassign(ctx, kind, body));
  registerEndpoint(app, calls.get, ({ ctx, body }) => getConfig(ctx, kind, body.id));
  registerEndpoint(app, calls.save, ({ ctx, body }) => saveConfig(ctx, kind, body));
  registerEndpoint(app, calls.delete, ({ ctx, body }) => deleteConfigById(ctx, kind, body.id));
}

/** The kind a path under /api/config/ starts with, if any ('event/gr/list' → 'event/gr'). */
const knownKindOf = (rest: string) => CONFIG_KIND_IDS.find((id) => rest.startsWith(`${id}/`));

export async function configRoutes(app: FastifyInstance) {
  for (const kindId of CONFIG_KIND_IDS) registerKindRoutes(app, kindId);

  const { plugin } = api.config;
  registerEndpoint(app, plugin.list, ({ ctx, body }) => listAllConfigs(ctx, body ?? {}));
  registerEndpoint(app, plugin.search, ({ ctx, body }) => searchConfigs(ctx, body));
  registerEndpoint(app, plugin.searchPicker, ({ ctx, body }) => searchConfigPicker(ctx, body));
  registerEndpoint(app, plugin.listActive, ({ ctx, body }) => listActiveOfPlugin(ctx, body.pluginId));
  registerEndpoint(app, plugin.warnings, ({ ctx }) => listWarningsOfConfigs(ctx));
  registerEndpoint(app, plugin.constructionItems, () => listConstructionItems());

  // An unknown kind or prefix is "Unknown plugin"; a known kind's unknown call is a plain 404.
  registerEndpoint(app, api.config.unknownKind, ({ params }) => {
    const rest = params['*'];
    if (knownKindOf(rest)) throw notFound(`Not found: POST /api/config/${rest}`);
    throw notFound(UNKNOWN_PLUGIN_MESSAGE);
  });
}
