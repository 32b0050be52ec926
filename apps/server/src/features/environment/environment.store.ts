import type { ReviewPolicy } from '@console/domain/change-request';
import type { Db, Tx } from '../../db/client.ts';

export async function findEnvironment(db: Db | Tx, id: string) {
  return db.environment.findUnique({ where: { id }, select: { id: true, description: true } });
}

/** The ones of these ids that exist and are in use (not archived). */
export async function findEnvironmentIds(db: Db | Tx, ids: readonly string[]): Promise<string[]> {
  const rows = await db.environment.findMany({
    where: { id: { in: [...ids] }, archived: null },
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

/**
 * Locks the environments' rows for the rest of the transaction, in id order so two transactions never
 * deadlock, and answers the ids that exist. FOR NO KEY UPDATE serialises transactions locking the same
 * environment but, unlike FOR UPDATE, does not block the FOR KEY SHARE that every insert referencing the
 * environment takes (audit entries included), so ordinary changes do not deadlock with the locker.
 */
export async function lockEnvironmentRows(tx: Tx, ids: readonly string[]): Promise<string[]> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM environment WHERE id = ANY(${[...ids]}::text[]) AND archived IS NULL
    ORDER BY id FOR NO KEY UPDATE`;
  return rows.map((row) => row.id);
}

/** The environments in use (not archived), in creation order; change requests' branches are never listed. */
export async function listEnvironmentIds(db: Db | Tx): Promise<string[]> {
  const rows = await db.environment.findMany({
    where: { archived: null, branchOf: null },
    select: { id: true },
    orderBy: { created: 'asc' },
  });
  return rows.map((row) => row.id);
}

/** Every environment, archived ones included (start-up: each holds what features require). */
export async function listAllEnvironmentIds(db: Db | Tx): Promise<string[]> {
  const rows = await db.environment.findMany({ select: { id: true }, orderBy: { created: 'asc' } });
  return rows.map((row) => row.id);
}

/** Inserts unless the id exists; false when it did (race-safe: ON CONFLICT DO NOTHING). */
export async function insertEnvironment(
  tx: Tx,
  id: string,
  description: string,
  isProtected = false,
): Promise<boolean> {
  const { count } = await tx.environment.createMany({
    data: [{ id, description, isProtected }],
    skipDuplicates: true,
  });
  return count === 1;
}

/** An environment in use as the request path knows it: protection, the branched one, the review policy. */
export interface CatalogRow {
  id: string;
  isProtected: boolean;
  /** The environment a change request's branch branches; null for an environment. */
  branchOf: string | null;
  review: ReviewPolicy;
}

const REVIEW_COLUMNS = {
  reviewRequired: true,
  reviewApprovals: true,
  reviewSelfApproval: true,
  reviewResetOnChange: true,
} as const;

const policyOf = (row: {
  reviewRequired: boolean;
  reviewApprovals: number;
  reviewSelfApproval: boolean;
  reviewResetOnChange: boolean;
}): ReviewPolicy => ({
  isRequired: row.reviewRequired,
  approvals: row.reviewApprovals,
  allowSelfApproval: row.reviewSelfApproval,
  resetApprovalsOnChange: row.reviewResetOnChange,
});

/**
 * Every environment in use (not archived), branches of change requests included (the request path
 * resolves them), with whether it is protected and its review policy, in creation order.
 */
export async function listEnvironmentProtection(db: Db | Tx): Promise<CatalogRow[]> {
  const rows = await db.environment.findMany({
    where: { archived: null },
    select: { id: true, isProtected: true, branchOf: true, ...REVIEW_COLUMNS },
    orderBy: { created: 'asc' },
  });
  return rows.map((row) => ({
    id: row.id,
    isProtected: row.isProtected,
    branchOf: row.branchOf,
    review: policyOf(row),
  }));
}

/** The review policy of an environment as stored now (in the caller's transaction), or null when unknown. */
export async function findReviewPolicy(db: Db | Tx, id: string): Promise<ReviewPolicy | null> {
  const row = await db.environment.findUnique({ where: { id }, select: REVIEW_COLUMNS });
  return row === null ? null : policyOf(row);
}

/** The review policies of these environments, in the caller's transaction. */
export async function findReviewPolicies(tx: Tx, ids: readonly string[]): Promise<Map<string, ReviewPolicy>> {
  const rows = await tx.environment.findMany({
    where: { id: { in: [...ids] } },
    select: { id: true, ...REVIEW_COLUMNS },
  });
  return new Map(rows.map((row) => [row.id, policyOf(row)]));
}

/** Sets an environment's review policy, its row locked first; answers the policy it had, or null when unknown. */
export async function updateReviewPolicy(
  tx: Tx,
  id: string,
  policy: ReviewPolicy,
): Promise<ReviewPolicy | null> {
  const locked = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM environment WHERE id = ${id} AND archived IS NULL AND branch_of IS NULL FOR NO KEY UPDATE`;
  if (locked.length === 0) return null;
  const before = await findReviewPolicy(tx, id);
  await tx.environment.update({
    where: { id },
    data: {
      reviewRequired: policy.isRequired,
      reviewApprovals: policy.approvals,
      reviewSelfApproval: policy.allowSelfApproval,
      reviewResetOnChange: policy.resetApprovalsOnChange,
    },
  });
  return before;
}

/** Inserts a change request's branch of `parent`: unprotected, never reviewed, hidden from lists. */
export async function insertBranchEnvironment(tx: Tx, id: string, parent: string, description: string) {
  await tx.environment.create({ data: { id, description, branchOf: parent } });
}

/** Marks an environment protected or not; answers what it was, or null when it does not exist. */
export async function updateEnvironmentProtected(
  tx: Tx,
  id: string,
  isProtected: boolean,
): Promise<boolean | null> {
  const rows = await tx.$queryRaw<{ isProtected: boolean }[]>`
    SELECT is_protected AS "isProtected" FROM environment WHERE id = ${id} FOR NO KEY UPDATE`;
  const before = rows[0];
  if (!before) return null;
  await tx.environment.update({ where: { id }, data: { isProtected } });
  return before.isProtected;
}

/** The environment in use with this id (not archived), or null. */
export async function findLiveEnvironment(db: Db | Tx, id: string) {
  return db.environment.findFirst({ where: { id, archived: null }, select: { id: true } });
}

/**
 * Locks the environment's row FOR UPDATE for the rest of the transaction and answers what archiving
 * depends on, or null when it does not exist. FOR UPDATE (unlike the FOR NO KEY UPDATE of
 * lockEnvironmentRows) conflicts with the FOR KEY SHARE every change in the environment takes, so a
 * change either commits before the archive or waits and finds it archived (db/unit-of-work.ts).
 */
export async function lockEnvironmentForArchive(tx: Tx, id: string) {
  const rows = await tx.$queryRaw<
    {
      id: string;
      description: string;
      isProtected: boolean;
      archived: Date | null;
      archivedBy: string | null;
    }[]
  >`
    SELECT id, description, is_protected AS "isProtected", archived, archived_by AS "archivedBy"
    FROM environment WHERE id = ${id} FOR UPDATE`;
  return rows[0] ?? null;
}

export async function setEnvironmentArchived(
  tx: Tx,
  id: string,
  archived: { at: Date; by: string } | null,
): Promise<void> {
  await tx.environment.update({
    where: { id },
    data: { archived: archived?.at ?? null, archivedBy: archived?.by ?? null },
  });
}

export async function listArchivedEnvironments(db: Db | Tx) {
  const rows = await db.environment.findMany({
    where: { archived: { not: null }, branchOf: null },
    select: { id: true, description: true, archived: true, archivedBy: true },
    orderBy: [{ archived: 'desc' }, { id: 'asc' }],
  });
  return rows.map((row) => ({
    id: row.id,
    description: row.description,
    archived: row.archived!.getTime(),
    archivedBy: row.archivedBy ?? '',
  }));
}

/**
 * The channel on which an archive or a restore reaches every console process (delivered at commit):
 * their catalogs read the environments again and their runtime key caches reload.
 */
export const ENVIRONMENT_ARCHIVE_CHANNEL = 'environment_archive';

export async function notifyEnvironmentArchive(tx: Tx, id: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${ENVIRONMENT_ARCHIVE_CHANNEL}, ${JSON.stringify({ environmentId: id })})`;
}
