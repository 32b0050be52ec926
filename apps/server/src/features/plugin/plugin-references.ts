import type { Db, Tx } from '../../db/client.ts';
import { findActiveAbTestIds } from '../abtest/abtest.public.ts';
import {
  type ConfigurationReferenceRow,
  findConfigurationReferenceRows,
  findEntryRowsReferencing,
  type PluginEntryRow,
  type StoredEntryRow,
} from './plugin-entries.store.ts';

// The entries pointing at configurations, with what decides whether each serves players now: its
// plugin's active flag (this feature's) and its A/B-test's (the A/B-test feature's).

async function withAbTestFlags<R extends StoredEntryRow>(
  db: Db | Tx,
  environmentId: string,
  rows: readonly R[],
): Promise<(R & { abTestActive: boolean })[]> {
  const active = await findActiveAbTestIds(db, environmentId, [...new Set(rows.map((row) => row.abTestId))]);
  return rows.map((row) => ({ ...row, abTestActive: active.has(row.abTestId) }));
}

/**
 * Every (configuration id, entry) pair of the environment, or of the given configuration ids: one
 * per entry and distinct id it holds, by configuration id, plugin, set and position.
 */
export async function findConfigurationReferences(
  db: Db | Tx,
  environmentId: string,
  configIds?: readonly string[],
): Promise<ConfigurationReferenceRow[]> {
  return withAbTestFlags(
    db,
    environmentId,
    await findConfigurationReferenceRows(db, environmentId, configIds),
  );
}

/**
 * Every entry, active set or draft, holding the configuration id, and the drafts of its active entries'
 * plugins under the same A/B-tests (findEntryRowsReferencing), by plugin, set and position. Stable
 * once the plugins holding them are locked (db/lock-protocol.ts): entries change only under their
 * plugin's row lock.
 */
export async function findEntriesReferencing(
  db: Db | Tx,
  environmentId: string,
  configId: string,
): Promise<PluginEntryRow[]> {
  return withAbTestFlags(db, environmentId, await findEntryRowsReferencing(db, environmentId, configId));
}
