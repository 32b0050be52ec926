import { z } from 'zod';
import { defineEndpoints } from '../api/endpoint.ts';
import { listPageRequestSchema } from '../api/list-page.ts';
import {
  activateConfigRequestSchema,
  configCopyResponseSchema,
  configDeleteResponseSchema,
  configIdRequestSchema,
  configItemSchemaOf,
  configListResponseSchema,
  configReassignResponseSchema,
  pluginConfigRequestSchema,
} from '../config/config.api.schemas.ts';
import { configItemInputSchemaOf } from '../config/config-item.schemas.ts';
import { CONFIG_KIND_IDS, type ConfigKindId, configKindOf } from '../config/config-kinds.ts';
import { configWarningsResponseSchema } from '../config/config-warnings.ts';
import { constructionItemsResponseSchema } from '../config/construction-items.ts';
import {
  configKindSearchRequestSchema,
  configPickerRequestSchema,
  configPickerResponseSchema,
  configSearchRequestSchema,
  configSearchResponseSchema,
} from '../search/config-search.ts';

// "Per configuration type, base /api/config/{kind}": one family of calls per kind, built by
// one function over the kinds registry (event/{prefix} and plugin/{prefix} kinds keep their slash:
// /api/config/event/gr/list). Every call belongs to the 'config' feature, so any configuration
// mutation reloads every configuration query of the web.

const FEATURE = 'config';

function configKindEndpointsOf<const Id extends ConfigKindId>(id: Id) {
  const { label } = configKindOf(id);
  const base = `/api/config/${id}`;
  const item = configItemSchemaOf(id);
  const input = configItemInputSchemaOf(id);
  return defineEndpoints(FEATURE, {
    list: {
      path: `${base}/list`,
      access: 'read',
      summary: `Every ${label} configuration of the environment, by id, with inUse; {offset, limit} answers one page of them`,
      body: listPageRequestSchema,
      response: configListResponseSchema,
    },
    search: {
      path: `${base}/search`,
      access: 'read',
      summary: `A page of the ${label} configurations: free text q over id and description, filters (active, inUse, usedByPlugin), sort, and the cursor of the next page`,
      body: configKindSearchRequestSchema,
      response: configSearchResponseSchema,
    },
    listActive: {
      path: `${base}/list/active`,
      access: 'read',
      summary: `The activated ${label} configurations, by id (the configuration picker)`,
      response: configListResponseSchema,
    },
    listRecent: {
      path: `${base}/list/recent`,
      access: 'read',
      summary: `The 10 most recently modified ${label} configurations, newest first`,
      response: configListResponseSchema,
    },
    activate: {
      path: `${base}/activate`,
      access: 'change',
      summary: `Switch a ${label} configuration on or off (the list's State switch)`,
      body: activateConfigRequestSchema,
      response: item,
    },
    create: {
      path: `${base}/create`,
      access: 'change',
      summary: `Create a ${label} configuration (409 when the id exists)`,
      body: input,
      response: item,
    },
    duplicate: {
      path: `${base}/duplicate`,
      access: 'change',
      summary: `Copy a ${label} configuration under a new id (<id>-<n>)`,
      body: configIdRequestSchema,
      response: configCopyResponseSchema,
    },
    duplicateReassign: {
      path: `${base}/duplicate/reassign`,
      access: 'change',
      summary: `Save the edited ${label} configuration as a copy and move the plugins serving the original to it, with a new A/B-test version, in one transaction`,
      body: input,
      response: configReassignResponseSchema,
    },
    get: {
      path: `${base}/get`,
      access: 'read',
      summary: `One ${label} configuration`,
      body: configIdRequestSchema,
      response: item,
    },
    save: {
      path: `${base}/save`,
      access: 'change',
      summary: `Save a ${label} configuration ("Update is not allowed:" while an active plugin serves it)`,
      body: input,
      response: item,
    },
    delete: {
      path: `${base}/delete`,
      access: 'change',
      summary: `Delete a ${label} configuration no plugin entry points at`,
      body: configIdRequestSchema,
      response: configDeleteResponseSchema,
    },
  });
}

export type ConfigKindEndpoints<Id extends ConfigKindId> = ReturnType<typeof configKindEndpointsOf<Id>>;

/** `api.config.kinds[kind].save`, for every kind of the registry. */
const kinds = Object.fromEntries(CONFIG_KIND_IDS.map((id) => [id, configKindEndpointsOf(id)])) as {
  readonly [Id in ConfigKindId]: ConfigKindEndpoints<Id>;
};

const plugin = defineEndpoints(FEATURE, {
  list: {
    path: '/api/plugin/config/list',
    access: 'read',
    summary:
      'Every configuration of the environment, all kinds, by id, with inUse; {offset, limit} answers one page of them',
    body: listPageRequestSchema,
    response: configListResponseSchema,
  },
  search: {
    path: '/api/plugin/config/search',
    access: 'read',
    summary:
      'A page of every configuration, all kinds or those of kinds: free text q over id and description, filters (active, inUse, usedByPlugin), sort, and the cursor of the next page',
    body: configSearchRequestSchema,
    response: configSearchResponseSchema,
  },
  searchPicker: {
    path: '/api/plugin/config/search/picker',
    access: 'read',
    summary:
      "The configuration picker: a page of the activated configurations of a plugin's kind (id, description), by id, searched by q (404 Unknown plugin)",
    body: configPickerRequestSchema,
    response: configPickerResponseSchema,
  },
  warnings: {
    path: '/api/plugin/config/warnings',
    access: 'read',
    summary:
      "The configuration list's warnings (removable, many disabled, many active unused, replaced), over every configuration of the environment",
    response: configWarningsResponseSchema,
  },
  listActive: {
    path: '/api/plugin/config/list-active',
    access: 'read',
    summary: "The activated configurations of a plugin's kind, by id (404 Unknown plugin)",
    body: pluginConfigRequestSchema,
    response: configListResponseSchema,
  },
  constructionItems: {
    path: '/api/plugin/config/construction-items',
    access: 'read',
    summary: 'The construction items a build or break rotation entry can pick, by id',
    response: constructionItemsResponseSchema,
  },
});

/**
 * Decision (docs/decisions/0179): paths are static per kind, so an unknown kind
 * or prefix matches this catch-all (the router prefers static routes) and answers 404 "Unknown
 * plugin" after the session and environment checks every /api call gets. Never answers 200.
 */
const fallback = defineEndpoints(FEATURE, {
  unknownKind: {
    path: '/api/config/*',
    access: 'read',
    summary:
      'Any other /api/config/{kind}/... path: 404 "Unknown plugin" (or 404 Not found for a known kind)',
    // the router keeps a path short; the bound only says so
    params: z.object({ '*': z.string().max(2000) }),
    body: z.unknown(),
    response: z.never(),
  },
});

export const configEndpoints = { kinds, plugin, ...fallback } as const;
