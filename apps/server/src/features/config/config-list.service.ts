import type { ListPage } from '@console/domain/api';
import {
  CONSTRUCTION_ITEMS,
  type ConfigKindDefinition,
  type ConfigListItem,
  ConfigUsage,
  type ConfigWarning,
  configKindOf,
  configKindOfPlugin,
  isConfigKindId,
  listConfigWarnings,
  UNKNOWN_PLUGIN_MESSAGE,
} from '@console/domain/config';
import { notFound } from '@console/domain/errors';
import type { EnvironmentContext, EnvironmentReader } from '../../context.ts';
import { configExists, listConfigs } from './config.store.ts';
import { newestExistingCopies, toListItems } from './config.usage.ts';
import { listWarningCandidates } from './config-search.store.ts';

// Decision (docs/decisions/0181): /list/recent answers the 10 most recently modified, as A/B-tests do.
export const RECENT_CONFIG_COUNT = 10;

/** /api/config/{kind}/list: every configuration of the kind by id, or the page {offset, limit} of them. */
export async function listOfKind(
  { db, environmentId }: EnvironmentContext,
  kind: ConfigKindDefinition,
  page: ListPage = {},
): Promise<ConfigListItem[]> {
  return toListItems(db, environmentId, await listConfigs(db, environmentId, { kind: kind.id, page }));
}

export async function listActiveOfKind(
  { db, environmentId }: EnvironmentContext,
  kind: ConfigKindDefinition,
) {
  return toListItems(
    db,
    environmentId,
    await listConfigs(db, environmentId, { kind: kind.id, onlyActive: true }),
  );
}

export async function listRecentOfKind(
  { db, environmentId }: EnvironmentContext,
  kind: ConfigKindDefinition,
) {
  return toListItems(
    db,
    environmentId,
    await listConfigs(db, environmentId, { kind: kind.id, recent: { limit: RECENT_CONFIG_COUNT } }),
  );
}

/** /api/plugin/config/list: every configuration of the environment, all kinds, by id, or a page of them. */
export async function listAllConfigs(
  { db, environmentId }: EnvironmentContext,
  page: ListPage = {},
): Promise<ConfigListItem[]> {
  return toListItems(db, environmentId, await listConfigs(db, environmentId, { page }));
}

/**
 * /api/plugin/config/warnings: the domain's listConfigWarnings over the configurations a warning can name
 * (the others, active and pointed at, never appear in one), read without their data; the replacing copy
 * is looked up for the active unused ones only, the only ones the "replaced" warning names.
 */
export async function listWarningsOfConfigs({
  db,
  environmentId,
}: EnvironmentContext): Promise<ConfigWarning[]> {
  const candidates = await listWarningCandidates(db, environmentId);
  const replacedBy = await newestExistingCopies(
    db,
    environmentId,
    candidates.filter((row) => row.active && !row.isUsed).map((row) => row.id),
  );
  return listConfigWarnings(
    candidates.map((row) => ({
      extended: {
        id: row.id,
        active: row.active,
        data: { pluginId: isConfigKindId(row.kind) ? configKindOf(row.kind).pluginId : 0 },
      },
      // Only "unused" counts in a warning; an entry pointing at it makes it at least assigned.
      inUse: row.isUsed ? ConfigUsage.Assigned : ConfigUsage.Unused,
      replacedBy: replacedBy.get(row.id) ?? null,
    })),
  );
}

/** /api/plugin/config/list-active {pluginId}: the activated configurations a plugin can pick. */
export async function listActiveOfPlugin(ctx: EnvironmentContext, pluginId: number) {
  const kind = configKindOfPlugin(pluginId);
  if (!kind) throw notFound(UNKNOWN_PLUGIN_MESSAGE);
  return listActiveOfKind(ctx, kind);
}

export const listConstructionItems = () => CONSTRUCTION_ITEMS.map(({ id, name }) => ({ id, name }));

/** /api/id/exist/config/{id}: whether any configuration of the environment (any kind) has the id. */
export const hasConfig = ({ db, environmentId }: EnvironmentReader, id: string) =>
  configExists(db, { environmentId, id });
