import type { SetProgressionRequest } from '@console/domain';
import type { Db } from '../../db/client.ts';
import { mutate } from '../../db/unit-of-work.ts';
import { upsertPlayerProgression } from './progression.store.ts';

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
