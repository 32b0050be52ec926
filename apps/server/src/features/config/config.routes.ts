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
  registerEndpoint(app, calls.list, ({ db, environmentId, body }) =>
    listOfKind(db, environmentId, kind, body ?? {}),
  );
  registerEndpoint(app, calls.search, ({ db, environmentId, body }) =>
    searchConfigsOfKind(db, environmentId, kind, body),
  );
  registerEndpoint(app, calls.listActive, ({ db, environmentId }) =>
    listActiveOfKind(db, environmentId, kind),
  );
  registerEndpoint(app, calls.listRecent, ({ db, environmentId }) =>
    listRecentOfKind(db, environmentId, kind),
  );
  registerEndpoint(app, calls.activate, ({ db, environmentId, body, email }) =>
    activateConfig(db, environmentId, kind, body, email),
  );
  registerEndpoint(app, calls.create, ({ db, environmentId, body, email }) =>
    createConfig(db, environmentId, kind, body, email),
  );
  registerEndpoint(app, calls.duplicate, ({ db, environmentId, body, email }) =>
    duplicateConfig(db, environmentId, kind, body.id, email),
  );
  registerEndpoint(app, calls.duplicateReassign, ({ db, environmentId, body, email }) =>
    duplicateAndReassign(db, environmentId, kind, body, email),
  );
  registerEndpoint(app, calls.get, ({ db, environmentId, body }) =>
    getConfig(db, environmentId, kind, body.id),
  );
  registerEndpoint(app, calls.save, ({ db, environmentId, body, email }) =>
    saveConfig(db, environmentId, kind, body, email),
  );
  registerEndpoint(app, calls.delete, ({ db, environmentId, body, email }) =>
    deleteConfigById(db, environmentId, kind, body.id, email),
  );
}

/** The kind a path under /api/config/ starts with, if any ('event/gr/list' → 'event/gr'). */
const knownKindOf = (rest: string) => CONFIG_KIND_IDS.find((id) => rest.startsWith(`${id}/`));

export async function configRoutes(app: FastifyInstance) {
  for (const kindId of CONFIG_KIND_IDS) registerKindRoutes(app, kindId);

  const { plugin } = api.config;
  registerEndpoint(app, plugin.list, ({ db, environmentId, body }) =>
    listAllConfigs(db, environmentId, body ?? {}),
  );
  registerEndpoint(app, plugin.search, ({ db, environmentId, body }) =>
    searchConfigs(db, environmentId, body),
  );
  registerEndpoint(app, plugin.searchPicker, ({ db, environmentId, body }) =>
    searchConfigPicker(db, environmentId, body),
  );
  registerEndpoint(app, plugin.listActive, ({ db, environmentId, body }) =>
    listActiveOfPlugin(db, environmentId, body.pluginId),
  );
  registerEndpoint(app, plugin.warnings, ({ db, environmentId }) => listWarningsOfConfigs(db, environmentId));
  registerEndpoint(app, plugin.constructionItems, () => listConstructionItems());

  // An unknown kind or prefix is "Unknown plugin"; a known kind's unknown call is a plain 404.
  registerEndpoint(app, api.config.unknownKind, ({ params }) => {
    const rest = params['*'];
    if (knownKindOf(rest)) throw notFound(`Not found: POST /api/config/${rest}`);
    throw notFound(UNKNOWN_PLUGIN_MESSAGE);
  });
}
