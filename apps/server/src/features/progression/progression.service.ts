import type { SetProgressionRequest } from '@console/domain/operations';
import type { EnvironmentContext, RuntimeContext } from '../../context.ts';
import { findPlayerProgression, upsertPlayerProgression } from './progression.store.ts';

/** Stores a player's progression in the environment (User Admin); answers what was stored. */
export function setPlayerProgression(ctx: EnvironmentContext, request: SetProgressionRequest) {
  return ctx.mutate(async ({ tx, audit }) => {
    const progression = await upsertPlayerProgression(tx, ctx.environmentId, request, ctx.actor.email);
    const { level, eoc, streak } = request;
    audit({
      action: 'player.progression.set',
      target: request.userId,
      attributes: { level, eoc, streak },
    });
    return progression;
  });
}

/** The player's progression as game servers read it (/runtime/v1/progression/get); null when none. */
export async function readProgression(ctx: RuntimeContext, userId: string) {
  const progression = await findPlayerProgression(ctx.db, ctx.environmentId, userId);
  return progression ? { level: progression.level, eoc: progression.eoc, streak: progression.streak } : null;
}
