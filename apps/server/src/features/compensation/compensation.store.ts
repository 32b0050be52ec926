import type { CompensationGrant, ConsumableName } from '@console/domain';
import type { Db, Tx } from '../../db/client.ts';

export async function insertCompensationGrant(
  tx: Tx,
  environmentId: string,
  grant: { userId: string; item: ConsumableName; amount: number },
  email: string,
): Promise<CompensationGrant> {
  const row = await tx.compensationGrant.create({ data: { environmentId, ...grant, createdBy: email } });
  return {
    id: row.id,
    userId: row.userId,
    item: row.item as ConsumableName,
    amount: row.amount,
    created: row.created.getTime(),
  };
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
  return rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    item: row.item as ConsumableName,
    amount: row.amount,
    created: row.created.getTime(),
  }));
}
