import {
  type ConfigListItem,
  type ConfigReferenceView,
  configKindOf,
  isConfigKindId,
  isLiveReference,
  summarizeConfigUsage,
} from '@console/domain';
import type { Db, Tx } from '../../db/client.ts';
import { type ConfigurationReferenceRow, findConfigurationReferences } from '../plugin/plugin.public.ts';
import type { ConfigSummary } from './config.store.ts';

// How plugin entries use configurations: the lists' inUse / usedBy, and what is served now.

/**
 * List items: extended{..., data{pluginId}} with inUse and usedBy, from the plugin entries pointing at
 * the listed configurations (one more query for the page, whatever its length).
 */
export async function toListItems(
  db: Db | Tx,
  environmentId: string,
  rows: readonly ConfigSummary[],
): Promise<ConfigListItem[]> {
  const references =
    rows.length === 0
      ? []
      : await findConfigurationReferences(
          db,
          environmentId,
          rows.map((row) => row.id),
        );
  const referencesOf = new Map<string, ConfigurationReferenceRow[]>();
  for (const reference of references) {
    referencesOf.set(reference.configId, [...(referencesOf.get(reference.configId) ?? []), reference]);
  }
  return rows.map(({ kind, ...extended }) => {
    const pluginId = isConfigKindId(kind) ? configKindOf(kind).pluginId : 0;
    const usage = summarizeConfigUsage(referencesOf.get(extended.id) ?? []);
    return { extended: { ...extended, data: { pluginId } }, ...usage };
  });
}

/** Every entry pointing at the configuration (active sets and drafts). */
export async function findReferencesOf(db: Db | Tx, environmentId: string, id: string) {
  return findConfigurationReferences(db, environmentId, [id]);
}

/** The entries serving the configuration to players now ("an active plugin serves now"). */
export async function findLiveReferences(
  db: Db | Tx,
  environmentId: string,
  id: string,
): Promise<ConfigReferenceView[]> {
  return (await findReferencesOf(db, environmentId, id)).filter(isLiveReference);
}
