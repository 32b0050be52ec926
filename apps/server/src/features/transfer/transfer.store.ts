import type { Db, Tx } from '../../db/client.ts';

/**
 * Locks the environments' rows for the rest of the transaction, in id order so two transfers never
 * deadlock, and answers the ids that exist. FOR NO KEY UPDATE serialises transfers touching the same
 * environment but, unlike FOR UPDATE, does not block the FOR KEY SHARE that every insert referencing the
 * environment takes (audit entries included), so ordinary changes do not deadlock with a transfer.
 */
export async function lockEnvironments(tx: Tx, ids: readonly string[]): Promise<string[]> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM environment WHERE id = ANY(${[...ids]}::text[]) ORDER BY id FOR NO KEY UPDATE`;
  return rows.map((row) => row.id);
}

export async function findExistingEnvironments(db: Db | Tx, ids: readonly string[]): Promise<string[]> {
  const rows = await db.environment.findMany({ where: { id: { in: [...ids] } }, select: { id: true } });
  return rows.map((row) => row.id);
}

const CONCURRENCY_CODES = new Set(['P2034', '40001', '40P01']);

interface ErrorLike {
  code?: unknown;
  kind?: unknown;
  originalCode?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: unknown };
}

/**
 * Whether a database error means a concurrent transaction won: serialization failure or deadlock.
 * Prisma reports it as P2034 from model queries and as P2010 (with the driver's error in meta) from raw ones.
 */
export function isConcurrentUpdateError(error: unknown): boolean {
  const pending = [error];
  for (let seen = 0; pending.length > 0 && seen < 10; seen += 1) {
    const candidate = pending.pop() as ErrorLike | undefined;
    if (!candidate || typeof candidate !== 'object') continue;
    if (candidate.kind === 'TransactionWriteConflict') return true;
    if (
      CONCURRENCY_CODES.has(String(candidate.code)) ||
      CONCURRENCY_CODES.has(String(candidate.originalCode))
    ) {
      return true;
    }
    pending.push(candidate.cause, candidate.meta?.driverAdapterError);
  }
  return false;
}
