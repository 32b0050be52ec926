import type { AbTestUsageResponse } from '@console/domain/abtest';
import { api } from '@console/domain/endpoints';
import type { PluginEntry } from '@console/domain/plugin';
import { callEndpoint } from '../../api/client.ts';
import { useEndpointBatchMutation, useEndpointMutation, useEndpointQuery } from '../../api/hooks.ts';
import { useActiveEnvironment } from '../../shell/environment/environment.context.ts';

export const usePluginListQuery = ({ enabled = true } = {}) =>
  useEndpointQuery(api.plugin.list, undefined, { enabled });

/** Toggling a plugin reloads the list, whether it worked or not. */
export const useActivatePluginMutation = () =>
  useEndpointMutation(api.plugin.activate, { reloadsOnError: true });

// ---- plugin details ----

/** The plugin with its active set, its draft, their revisions and the A/B-tests they refer to. */
export const usePluginQuery = (pluginId: number, { enabled = true } = {}) =>
  useEndpointQuery(api.plugin.get, { pluginId }, { enabled });

/** The draft entries change which A/B-tests (usedBy) and configurations (inUse) are in use. */
const DRAFT_INVALIDATES = ['abtest', 'config'] as const;

export const useSetPluginDescriptionMutation = () => useEndpointMutation(api.plugin.setDescription);

/** The autosave; its success waits until the plugin has reloaded, so the next edit starts from it. */
export const useSaveDraftMutation = () =>
  useEndpointMutation(api.plugin.saveDraft, { invalidates: DRAFT_INVALIDATES });

/** An entry's "Create version N+1 with the same weights": the A/B-test's new version, before the entry moves to it. */
export const useSaveSameWeightsVersionMutation = () => useEndpointMutation(api.abtest.saveVersion);

/** Activation changes the active sets of plugins and activates A/B-test versions. */
export const useActivateDraftMutation = () =>
  useEndpointMutation(api.plugin.activateDraft, { invalidates: DRAFT_INVALIDATES });

/** Per entry, the players whose case or configuration the draft's activation changes (read afresh each time). */
export const useDraftImpactQuery = (pluginId: number) =>
  useEndpointQuery(api.plugin.draftImpact, { pluginId }, { staleTime: 0, gcTime: 0 });

/** The usage of one draft entry, as Validate lists it. */
export interface EntryUsage {
  entry: Pick<PluginEntry, 'abTestId' | 'abTestVersion'>;
  usage: AbTestUsageResponse;
}

/** Validate: /abtest-usage for every entry of the draft (all at once; nothing is changed). */
export const useValidateDraftMutation = () => useEndpointBatchMutation(api.plugin.abTestUsage);

/** The bodies Validate sends for a draft's entries, one per entry, in their order. */
export const usageRequestsOf = (pluginId: number, entries: readonly PluginEntry[]) =>
  entries.map(({ abTestId, abTestVersion }) => ({ pluginId, abTestId, abTestVersion }));

/** Reload of an entry reads the A/B-test as it is now (its highest version may be newer than the page's). */
export function useFetchAbTest() {
  const { active } = useActiveEnvironment();
  return (id: string) => callEndpoint(api.abtest.get, { environment: active, body: { id } });
}
