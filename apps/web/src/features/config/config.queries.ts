import type { AnyEndpoint } from '@console/domain/api';
import type { ConfigKindId } from '@console/domain/config';
import { api, type ConfigKindEndpoints } from '@console/domain/endpoints';
import { useEndpointFamilyMutation, useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';

// "Per configuration type": one family of calls per kind (api.config.kinds[kind]). Every call
// belongs to the 'config' feature, so any configuration change reloads every configuration query.

/** The calls of one kind, typed for any kind (a screen knows its kind only at run time). */
export type ConfigKindCalls = ConfigKindEndpoints<ConfigKindId>;
export const configEndpointsOf = (kind: ConfigKindId): ConfigKindCalls => api.config.kinds[kind];

// The "Update is not allowed" flow saves a new A/B-test version and points plugin entries at the copy.
const REASSIGN_INVALIDATES = ['abtest', 'plugin'] as const;

/** Every configuration of the environment, all kinds, with inUse and usedBy (the warnings box). */
export const useConfigListQuery = ({ enabled = true } = {}) =>
  useEndpointQuery(api.config.plugin.list, undefined, { enabled });

/** The configuration list's warnings, worked out by the server over every configuration. */
export const useConfigWarningsQuery = ({ enabled = true } = {}) =>
  useEndpointQuery(api.config.plugin.warnings, undefined, { enabled });

/** The configuration picker: only the activated configurations of a kind. */
export const useActiveConfigsQuery = (kind: ConfigKindId, { enabled = true } = {}) =>
  useEndpointQuery(configEndpointsOf(kind).listActive, undefined, { enabled });

export const useConfigQuery = (kind: ConfigKindId, id: string) =>
  useEndpointQuery(configEndpointsOf(kind).get, { id });

/** Build and break rotations pick a construction item from this list. */
export const useConstructionItemsQuery = () =>
  useEndpointQuery(api.config.plugin.constructionItems, undefined, { staleTime: Number.POSITIVE_INFINITY });

export const useCreateConfigMutation = (kind: ConfigKindId) =>
  useEndpointMutation(configEndpointsOf(kind).create);
export const useSaveConfigMutation = (kind: ConfigKindId) =>
  useEndpointMutation(configEndpointsOf(kind).save);
export const useDuplicateReassignConfigMutation = (kind: ConfigKindId) =>
  useEndpointMutation(configEndpointsOf(kind).duplicateReassign, { invalidates: REASSIGN_INVALIDATES });

/**
 * A call of the kind named in each request (`{ of: kind, body }`): the list acts on rows of every kind
 * with one hook. On success every configuration query reloads.
 */
const useAnyKindMutation = <E extends AnyEndpoint>(pick: (calls: ConfigKindCalls) => E) =>
  useEndpointFamilyMutation(
    (kind: ConfigKindId) => pick(configEndpointsOf(kind)),
    api.config.plugin.list.feature,
  );

/** The list's State switch, delete and clone, for a row of any kind. */
export const useActivateAnyConfigMutation = () => useAnyKindMutation((calls) => calls.activate);
export const useDeleteAnyConfigMutation = () => useAnyKindMutation((calls) => calls.delete);
export const useDuplicateAnyConfigMutation = () => useAnyKindMutation((calls) => calls.duplicate);
