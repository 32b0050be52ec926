import type { ReassignMove } from '@console/domain/config';
import { isDraftStale } from '@console/domain/plugin';
import type { Tx } from '../../db/client.ts';
import type { AuditRecord } from '../../db/unit-of-work.ts';
import { increasePluginRevisions } from './plugin.store.ts';
import { pluginAudit } from './plugin-details.loaders.ts';
import { type PluginEntryRow, updatePluginEntry } from './plugin-entries.store.ts';

// The "Update is not allowed" flow's part in the plugins: the entries that served the original
// configuration point at its copy (planReassignMoves says which, and at which A/B-test version).

interface MovedEntry {
  set: PluginEntryRow['set'];
  position: number;
  abTestId: string;
  fromVersion: number;
  toVersion: number;
}

/**
 * Points each moved entry at the copy and its A/B-test version, raises the revision of each set
 * moved and re-bases the drafts that were current (the same entries moved in them). The caller holds
 * the plugins' locks (db/lock-protocol.ts). Answers the plugins moved, in the order of the moves,
 * those whose draft needs the operator (still stale, or holding a version that can no longer be
 * activated), and their plugin.entries.reassign events.
 */
export async function moveEntriesToCopy(
  tx: Tx,
  environmentId: string,
  { from, to, moves }: { from: string; to: string; moves: readonly ReassignMove<PluginEntryRow>[] },
  email: string,
): Promise<{ pluginIds: number[]; draftsToReview: number[]; events: AuditRecord[] }> {
  const movedByPlugin = new Map<number, MovedEntry[]>();
  for (const { entry, toVersion } of moves) {
    await updatePluginEntry(
      tx,
      { environmentId, pluginId: entry.pluginId, set: entry.set, position: entry.position },
      {
        abTestVersion: toVersion,
        configurations: entry.configurations.map((id) => (id === from ? to : id)),
      },
    );
    const moved = movedByPlugin.get(entry.pluginId) ?? [];
    moved.push({
      set: entry.set,
      position: entry.position,
      abTestId: entry.abTestId,
      fromVersion: entry.abTestVersion,
      toVersion,
    });
    movedByPlugin.set(entry.pluginId, moved);
  }
  const events: AuditRecord[] = [];
  const draftsToReview: number[] = [];
  for (const [pluginId, moved] of movedByPlugin) {
    const hasMoved = (set: PluginEntryRow['set']) => moved.some((entry) => entry.set === set);
    const revisions = await increasePluginRevisions(tx, environmentId, pluginId, {
      active: hasMoved('active'),
      draft: hasMoved('draft'),
    });
    events.push(
      pluginAudit(environmentId, email, pluginId, 'plugin.entries.reassign', {
        from,
        to,
        entries: moved,
        ...(hasMoved('active') ? { activeRevision: revisions.activeRevision } : {}),
        ...(hasMoved('draft') ? { draftRevision: revisions.draftRevision } : {}),
        ...(hasMoved('active') ? { draftBaseRevision: revisions.draftBaseRevision } : {}),
      }),
    );
    // A draft entry that kept its own version (older than the served one, or a pending one not copied)
    // now sits below the flow's new version, which can no longer be activated: the operator chooses.
    const keptOldVersion = moved.some(
      (entry) => entry.set === 'draft' && entry.fromVersion === entry.toVersion,
    );
    if (isDraftStale(revisions) || keptOldVersion) draftsToReview.push(pluginId);
  }
  return { pluginIds: [...movedByPlugin.keys()], draftsToReview, events };
}
