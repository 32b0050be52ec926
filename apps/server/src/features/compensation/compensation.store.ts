import type { ConsumableName } from '@console/domain/enums';
import type { CompensationGrant } from '@console/domain/operations';
import type { Db, Tx } from '../../db/client.ts';

export interface NewCompensationGrant {
  userId: string;
  item: ConsumableName;
  amount: number;
  idempotencyKey?: string | undefined;
}

type GrantRow = { id: number; userId: string; item: string; amount: number; created: Date };

const toGrant = (row: GrantRow): CompensationGrant => ({
  id: row.id,
  userId: row.userId,
  item: row.item as ConsumableName,
  amount: row.amount,
  created: row.created.getTime(),
});

/**
 * Stores a grant; undefined when the environment already holds a grant with the same idempotency key
 * (ON CONFLICT DO NOTHING: a concurrent send with that key waits for the first one's transaction and
 * then inserts nothing, instead of failing with a unique violation).
 */
export async function insertCompensationGrant(
  tx: Tx,
  environmentId: string,
  { idempotencyKey, ...grant }: NewCompensationGrant,
  email: string,
): Promise<CompensationGrant | undefined> {
  const [row] = await tx.compensationGrant.createManyAndReturn({
    data: [{ environmentId, ...grant, idempotencyKey: idempotencyKey ?? null, createdBy: email }],
    skipDuplicates: true,
  });
  return row ? toGrant(row) : undefined;
}

/** The grant first sent with this idempotency key in the environment, with what it was sent with. */
export async function findCompensationGrantByKey(
  db: Db | Tx,
  environmentId: string,
  idempotencyKey: string,
): Promise<CompensationGrant | undefined> {
  const row = await db.compensationGrant.findUnique({
    where: { environmentId_idempotencyKey: { environmentId, idempotencyKey } },
  });
  return row ? toGrant(row) : undefined;
}

/** Grants the game server has not collected yet for a player, oldest first. */
export async function listPendingCompensationGrants(
  db: Db | Tx,
  environmentId: string,
  userId: string,
): Promise<CompensationGrant[]> {
  const rows = await db.compensationGrant.findMany({
    where: { environmentId, userId, collected: null },
    orderBy: { id: 'asc' },
  });
  return rows.map(toGrant);
}

/**
 * Marks the environment's grants among `ids` collected, unless already collected, in one statement;
 * answers the ids this call collected. Concurrent calls on one grant: the second waits for the first's
 * row lock, re-checks `collected IS NULL` and skips it, so each grant is collected exactly once.
 */
export async function collectCompensationGrants(
  db: Db | Tx,
  environmentId: string,
  ids: readonly number[],
): Promise<number[]> {
  const rows = await db.$queryRaw<{ id: number }[]>`
    UPDATE "compensation_grant" SET "collected" = now()
     WHERE "environment_id" = ${environmentId} AND "id" = ANY(${[...ids]}::int[]) AND "collected" IS NULL
    RETURNING "id"`;
  return rows.map((row) => row.id).sort((a, b) => a - b);
}
