import {
  type ConfigListItem,
  type ConfigReferenceView,
  configKindOf,
  isConfigKindId,
  isLiveReference,
  summarizeConfigUsage,
} from '@console/domain/config';
import type { Db, Tx } from '../../db/client.ts';
import { findReassignCopies } from '../audit/audit.public.ts';
import { type ConfigurationReferenceRow, findConfigurationReferences } from '../plugin/plugin.public.ts';
import { type ConfigSummary, listExistingIds } from './config.store.ts';

// How plugin entries use configurations: the lists' inUse / usedBy, and what is served now.

/**
 * List items: extended{..., data{pluginId}} with inUse and usedBy, from the plugin entries pointing at
 * the listed configurations, and replacedBy, from the flow's audit entries (up to three more queries for
 * the page, whatever its length). `usedIds`, when known (configuration_use), are the listed ids some
 * entry holds: the others have no entries to read.
 */
export async function toListItems(
  db: Db | Tx,
  environmentId: string,
  rows: readonly ConfigSummary[],
  usedIds: readonly string[] = rows.map((row) => row.id),
): Promise<ConfigListItem[]> {
  const ids = rows.map((row) => row.id);
  const references =
    usedIds.length === 0 ? [] : await findConfigurationReferences(db, environmentId, usedIds);
  const replacedBy = await newestExistingCopies(db, environmentId, ids);
  const referencesOf = new Map<string, ConfigurationReferenceRow[]>();
  for (const reference of references) {
    referencesOf.set(reference.configId, [...(referencesOf.get(reference.configId) ?? []), reference]);
  }
  return rows.map(({ kind, ...extended }) => {
    const pluginId = isConfigKindId(kind) ? configKindOf(kind).pluginId : 0;
    const usage = summarizeConfigUsage(referencesOf.get(extended.id) ?? []);
    return {
      extended: { ...extended, data: { pluginId } },
      ...usage,
      replacedBy: replacedBy.get(extended.id) ?? null,
    };
  });
}

/** Original id → the newest copy the "Update is not allowed" flow made of it that still exists. */
export async function newestExistingCopies(db: Db | Tx, environmentId: string, ids: readonly string[]) {
  const copies = await findReassignCopies(db, environmentId, ids);
  const existing = await listExistingIds(db, environmentId, [...new Set(copies.map((copy) => copy.to))]);
  const newest = new Map<string, string>();
  for (const copy of copies) {
    if (existing.has(copy.to) && !newest.has(copy.from)) newest.set(copy.from, copy.to);
  }
  return newest;
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
