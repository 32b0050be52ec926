import type { Db, Tx } from '../../db/client.ts';

export async function findEnvironment(db: Db | Tx, id: string) {
  return db.environment.findUnique({ where: { id }, select: { id: true, description: true } });
}

export async function listEnvironmentIds(db: Db | Tx): Promise<string[]> {
  const rows = await db.environment.findMany({ select: { id: true }, orderBy: { created: 'asc' } });
  return rows.map((row) => row.id);
}

/** Inserts unless the id exists; false when it did (race-safe: ON CONFLICT DO NOTHING). */
export async function insertEnvironment(tx: Tx, id: string, description: string): Promise<boolean> {
  const { count } = await tx.environment.createMany({ data: [{ id, description }], skipDuplicates: true });
  return count === 1;
}
