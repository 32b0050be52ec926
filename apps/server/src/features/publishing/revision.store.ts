import type { Db, Tx } from '../../db/client.ts';
import { readContents, sqlOf } from './part.store.ts';
import type { RevisionManifest } from './parts.ts';

// Published revisions of an environment's runtime, and the per-environment state row that
// serialises publishers and holds the rollback pin.

export interface RuntimePinRow {
  pinnedRevision: number | null;
  pinnedAt: Date | null;
  pinnedBy: string | null;
  pinnedAuditEntryId: number | null;
}

/**
 * Takes the environment's publish lock for the rest of the transaction and answers its pin. It is a
 * write (INSERT ... ON CONFLICT DO UPDATE of the environment's runtime_state row), not only a lock:
 * under READ COMMITTED a second publisher waits and its next statements see what the first committed;
 * a REPEATABLE READ or SERIALIZABLE transaction whose snapshot predates another publisher's commit
 * fails with a serialization error (and the transfer retries) instead of publishing a stale build.
 */
export async function lockRuntimeState(tx: Tx, environmentId: string): Promise<RuntimePinRow> {
  const rows = await tx.$queryRaw<RuntimePinRow[]>`
    INSERT INTO "runtime_state" ("environment_id") VALUES (${environmentId})
    ON CONFLICT ("environment_id") DO UPDATE SET "modified" = CURRENT_TIMESTAMP
    RETURNING "pinned_revision" AS "pinnedRevision", "pinned_at" AS "pinnedAt",
              "pinned_by" AS "pinnedBy", "pinned_audit_entry_id" AS "pinnedAuditEntryId"`;
  return rows[0]!;
}

/** The pin as last committed (no lock): for reading the history. */
export async function findRuntimePin(db: Db | Tx, environmentId: string): Promise<RuntimePinRow | null> {
  return db.runtimeState.findUnique({
    where: { environmentId },
    select: { pinnedRevision: true, pinnedAt: true, pinnedBy: true, pinnedAuditEntryId: true },
  });
}

export interface PinRecord {
  revision: number;
  at: Date;
  by: string;
  auditEntryId: number;
}

/** Pins the runtime to a revision, or (null) lifts the pin. The state row must exist (lockRuntimeState). */
export async function writeRuntimePin(tx: Tx, environmentId: string, pin: PinRecord | null): Promise<void> {
  await tx.runtimeState.update({
    where: { environmentId },
    data: {
      pinnedRevision: pin?.revision ?? null,
      pinnedAt: pin?.at ?? null,
      pinnedBy: pin?.by ?? null,
      pinnedAuditEntryId: pin?.auditEntryId ?? null,
    },
  });
}

export interface RevisionHead {
  revision: number;
  hash: string;
}

/** The latest revision's number and hash, null before the first (read through the primary key). */
export async function findLatestRevision(db: Db | Tx, environmentId: string): Promise<RevisionHead | null> {
  return db.runtimeRevision.findFirst({
    where: { environmentId },
    orderBy: { revision: 'desc' },
    select: { revision: true, hash: true },
  });
}

export interface RevisionRow {
  revision: number;
  hash: string;
  created: Date;
  createdBy: string;
  auditEntryIds: number[];
  restoredFrom: number | null;
}

const summarySelect = {
  revision: true,
  hash: true,
  created: true,
  createdBy: true,
  auditEntryIds: true,
  restoredFrom: true,
} as const;

/** One page of revisions, newest first. */
export async function listRevisionRows(
  db: Db | Tx,
  environmentId: string,
  page: { offset: number; limit: number },
): Promise<RevisionRow[]> {
  return db.runtimeRevision.findMany({
    where: { environmentId },
    orderBy: { revision: 'desc' },
    skip: page.offset,
    take: page.limit,
    select: summarySelect,
  });
}

/** One revision with its content (unparsed, from its parts), or null. */
export async function findRevisionRow(
  db: Db | Tx,
  environmentId: string,
  revision: number,
): Promise<(RevisionRow & { content: unknown }) | null> {
  const row = await db.runtimeRevision.findUnique({
    where: { environmentId_revision: { environmentId, revision } },
    select: { ...summarySelect, manifest: true },
  });
  if (!row) return null;
  const { manifest, ...summary } = row;
  const [content] = await readContents(sqlOf(db), environmentId, [manifest as unknown as RevisionManifest]);
  return { ...summary, content };
}

/** The oldest revision the environment keeps (0 before the first): older ones were pruned. */
export async function findOldestRevision(db: Db | Tx, environmentId: string): Promise<number> {
  const row = await db.runtimeRevision.findFirst({
    where: { environmentId },
    orderBy: { revision: 'asc' },
    select: { revision: true },
  });
  return row?.revision ?? 0;
}
