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

/** The environments in use (not archived), in creation order. */
export async function listEnvironmentIds(db: Db | Tx): Promise<string[]> {
  const rows = await db.environment.findMany({
    where: { archived: null },
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

/** Every environment in use (not archived) with whether it is protected, in creation order. */
export async function listEnvironmentProtection(
  db: Db | Tx,
): Promise<{ id: string; isProtected: boolean }[]> {
  return db.environment.findMany({
    where: { archived: null },
    select: { id: true, isProtected: true },
    orderBy: { created: 'asc' },
  });
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
    where: { archived: { not: null } },
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
