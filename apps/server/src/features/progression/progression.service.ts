import type { SetProgressionRequest } from '@console/domain';
import type { Db } from '../../db/client.ts';
import { mutate } from '../audit/audit.service.ts';
import { upsertPlayerProgression } from './progression.store.ts';

/** Stores a player's progression in the environment (User Admin); answers what was stored. */
export function setPlayerProgression(
  db: Db,
  environmentId: string,
  request: SetProgressionRequest,
  email: string,
) {
  return mutate(db, async (tx) => {
    const progression = await upsertPlayerProgression(tx, environmentId, request, email);
    const { level, eoc, streak } = request;
    return {
      result: progression,
      audit: {
        environmentId,
        email,
        action: 'player.progression.set',
        target: request.userId,
        attributes: { level, eoc, streak },
      },
    };
  });
}
