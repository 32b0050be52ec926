import type { SetProgressionRequest } from '@console/domain/operations';
import type { Db } from '../../db/client.ts';
import { mutate } from '../../db/unit-of-work.ts';
import { findPlayerProgression, upsertPlayerProgression } from './progression.store.ts';

/** Stores a player's progression in the environment (User Admin); answers what was stored. */
export function setPlayerProgression(
  db: Db,
  environmentId: string,
  request: SetProgressionRequest,
  email: string,
) {
  return mutate(db, async ({ tx, audit }) => {
    const progression = await upsertPlayerProgression(tx, environmentId, request, email);
    const { level, eoc, streak } = request;
    audit({
      environmentId,
      email,
      action: 'player.progression.set',
      target: request.userId,
      attributes: { level, eoc, streak },
    });
    return progression;
  });
}

/** The player's progression as game servers read it (/runtime/v1/progression/get); null when none. */
export async function readProgression(db: Db, environmentId: string, userId: string) {
  const progression = await findPlayerProgression(db, environmentId, userId);
  return progression ? { level: progression.level, eoc: progression.eoc, streak: progression.streak } : null;
}
