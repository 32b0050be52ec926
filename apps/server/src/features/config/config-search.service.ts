import { type SearchPage, toSearchPage } from '@console/domain/api';
import {
  type ConfigKindDefinition,
  type ConfigKindId,
  type ConfigListItem,
  configKindOfPlugin,
  UNKNOWN_PLUGIN_MESSAGE,
} from '@console/domain/config';
import { notFound } from '@console/domain/errors';
import type { ConfigPickerItem, ConfigPickerRequest, ConfigSearchRequest } from '@console/domain/search';
import type { EnvironmentContext } from '../../context.ts';
import { toListItems } from './config.usage.ts';
import { searchActiveConfigsOfKind, searchConfigSummaries } from './config-search.store.ts';

/** /api/plugin/config/search (every kind, or `kinds`) and /api/config/{kind}/search (one kind). */
export async function searchConfigs(
  { db, environmentId }: EnvironmentContext,
  request: ConfigSearchRequest,
): Promise<SearchPage<ConfigListItem>> {
  const { rows, total } = await searchConfigSummaries(db, environmentId, request);
  const shown = rows.slice(0, request.limit);
  const items = await toListItems(
    db,
    environmentId,
    shown.map(({ sortValue: _, isUsed: __, ...summary }) => summary),
    shown.filter((row) => row.isUsed).map((row) => row.id),
  );
  const byId = new Map(items.map((item) => [item.extended.id, item]));
  return toSearchPage(
    rows,
    request,
    total,
    (row) => ({ value: row.sortValue, key: row.id }),
    (row) => byId.get(row.id),
  );
}

export const searchConfigsOfKind = (
  ctx: EnvironmentContext,
  kind: ConfigKindDefinition,
  request: Omit<ConfigSearchRequest, 'kinds'>,
) => searchConfigs(ctx, { ...request, kinds: [kind.id as ConfigKindId] });

/** /api/plugin/config/search/picker {pluginId}: the activated configurations the plugin can pick. */
export async function searchConfigPicker(
  { db, environmentId }: EnvironmentContext,
  request: ConfigPickerRequest,
): Promise<SearchPage<ConfigPickerItem>> {
  const kind = configKindOfPlugin(request.pluginId);
  if (!kind) throw notFound(UNKNOWN_PLUGIN_MESSAGE);
  const { rows, total } = await searchActiveConfigsOfKind(db, environmentId, kind.id, request);
  return toSearchPage(
    rows,
    request,
    total,
    (row) => ({ value: row.id, key: row.id }),
    (row) => row,
  );
}
