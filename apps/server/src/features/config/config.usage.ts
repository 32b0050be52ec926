import {
  type ConfigListItem,
  type ConfigReferenceView,
  configKindOf,
  isConfigKindId,
  isLiveReference,
  summarizeConfigUsage,
} from '@console/domain';
import type { Db, Tx } from '../../db/client.ts';
import { type ConfigurationReferenceRow, findConfigurationReferences } from '../plugin/plugin.store.ts';
import type { ConfigSummary } from './config.store.ts';

// How plugin entries use configurations: the lists' inUse / usedBy, and what is served now.

/** The entries pointing at these configurations (all of the environment's when `ids` is omitted), by id. */
async function referencesById(
  db: Db | Tx,
  environmentId: string,
  ids?: readonly string[],
): Promise<Map<string, ConfigurationReferenceRow[]>> {
  const rows = await findConfigurationReferences(db, environmentId, ids);
  const byId = new Map<string, ConfigurationReferenceRow[]>();
  for (const row of rows) byId.set(row.configId, [...(byId.get(row.configId) ?? []), row]);
  return byId;
}

/** spec §3 list items: extended{..., data{pluginId}} with inUse and usedBy. */
export async function toListItems(
  db: Db | Tx,
  environmentId: string,
  summaries: readonly ConfigSummary[],
  options: { allOfEnvironment?: boolean } = {},
): Promise<ConfigListItem[]> {
  if (summaries.length === 0) return [];
  const ids = options.allOfEnvironment ? undefined : summaries.map((summary) => summary.id);
  const references = await referencesById(db, environmentId, ids);
  return summaries.map((summary) => {
    const { kind, ...extended } = summary;
    const pluginId = isConfigKindId(kind) ? configKindOf(kind).pluginId : 0;
    return {
      extended: { ...extended, data: { pluginId } },
      ...summarizeConfigUsage(references.get(summary.id) ?? []),
    };
  });
}

/** Every entry pointing at the configuration (active sets and drafts). */
export async function findReferencesOf(db: Db | Tx, environmentId: string, id: string) {
  return findConfigurationReferences(db, environmentId, [id]);
}

/** The entries serving the configuration to players now (issue 10: "an active plugin serves now"). */
export async function findLiveReferences(
  db: Db | Tx,
  environmentId: string,
  id: string,
): Promise<ConfigReferenceView[]> {
  return (await findReferencesOf(db, environmentId, id)).filter(isLiveReference);
}
