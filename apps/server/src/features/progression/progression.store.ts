import type { SetProgressionRequest } from '@console/domain/operations';
import type { Db, Tx } from '../../db/client.ts';

export interface PlayerProgression extends SetProgressionRequest {
  modified: number;
}

export async function upsertPlayerProgression(
  tx: Tx,
  environmentId: string,
  progression: SetProgressionRequest,
  email: string,
): Promise<PlayerProgression> {
  const { userId, level, eoc, streak } = progression;
  const data = { level, eoc, streak, modified: new Date(), lastModifier: email };
  const row = await tx.playerProgression.upsert({
    where: { environmentId_userId: { environmentId, userId } },
    create: { environmentId, userId, ...data },
    update: data,
  });
  return {
    userId: row.userId,
    level: row.level,
    eoc: row.eoc,
    streak: row.streak,
    modified: row.modified.getTime(),
  };
}

export async function findPlayerProgression(
  db: Db | Tx,
  environmentId: string,
  userId: string,
): Promise<PlayerProgression | undefined> {
  const row = await db.playerProgression.findUnique({
    where: { environmentId_userId: { environmentId, userId } },
  });
  return row
    ? {
        userId: row.userId,
        level: row.level,
        eoc: row.eoc,
        streak: row.streak,
        modified: row.modified.getTime(),
      }
    : undefined;
}
