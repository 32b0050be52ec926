import { type ChangedParts, changedParts } from '@console/domain';
import type { Db, Tx } from '../../db/client.ts';
import { requireRevision } from './runtime-revision.service.ts';
import { listRevisionRows } from './runtime-revision.store.ts';

// What other features learn of a published revision (webhooks announce it): whether a transaction
// published one, and what it changed.

/**
 * The revision this transaction published in the environment (the latest, naming one of its audit
 * entries), or null when it published none (nothing changed, or the runtime is pinned). One read of
 * the latest revision's summary, through the primary key.
 */
export async function findRevisionPublishedWith(
  tx: Tx,
  environmentId: string,
  auditEntryIds: readonly number[],
): Promise<number | null> {
  const [latest] = await listRevisionRows(tx, environmentId, { offset: 0, limit: 1 });
  const isPublishedWith = latest?.auditEntryIds.some((id) => auditEntryIds.includes(id)) ?? false;
  return isPublishedWith ? latest!.revision : null;
}

export interface RevisionSummary {
  revision: number;
  author: string;
  changes: ChangedParts;
}

/** Who published the revision and what it changed from the one before (everything, for the first). */
export async function summariseRevision(
  db: Db | Tx,
  environmentId: string,
  revision: number,
): Promise<RevisionSummary> {
  const current = await requireRevision(db, environmentId, revision);
  const previous = revision > 1 ? await requireRevision(db, environmentId, revision - 1) : null;
  const empty = { ...current.content, plugins: [], abTests: [], configurations: [] };
  return {
    revision,
    author: current.createdBy,
    changes: changedParts(previous?.content ?? empty, current.content),
  };
}
