import {
  type ConfigListItem,
  type ConfigReferenceView,
  configKindOf,
  isConfigKindId,
  isLiveReference,
  summarizeConfigUsage,
} from '@console/domain';
import type { Db, Tx } from '../../db/client.ts';
import { findConfigurationReferences } from '../plugin/plugin.store.ts';
import type { ConfigListRow } from './config.store.ts';

// How plugin entries use configurations: the lists' inUse / usedBy, and what is served now.

/** List items: extended{..., data{pluginId}} with inUse and usedBy. */
export function toListItems(rows: readonly ConfigListRow[]): ConfigListItem[] {
  return rows.map(({ kind, references, ...extended }) => {
    const pluginId = isConfigKindId(kind) ? configKindOf(kind).pluginId : 0;
    return { extended: { ...extended, data: { pluginId } }, ...summarizeConfigUsage(references) };
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
