import type { Db, Tx } from '../../db/client.ts';

export async function findEnvironment(db: Db | Tx, id: string) {
  return db.environment.findUnique({ where: { id }, select: { id: true, description: true } });
}

/** The ones of these ids that exist. */
export async function findEnvironmentIds(db: Db | Tx, ids: readonly string[]): Promise<string[]> {
  const rows = await db.environment.findMany({ where: { id: { in: [...ids] } }, select: { id: true } });
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
    SELECT id FROM environment WHERE id = ANY(${[...ids]}::text[]) ORDER BY id FOR NO KEY UPDATE`;
  return rows.map((row) => row.id);
}

export async function listEnvironmentIds(db: Db | Tx): Promise<string[]> {
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

/** Every environment with whether it is protected, in creation order. */
export async function listEnvironmentProtection(
  db: Db | Tx,
): Promise<{ id: string; isProtected: boolean }[]> {
  return db.environment.findMany({ select: { id: true, isProtected: true }, orderBy: { created: 'asc' } });
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
