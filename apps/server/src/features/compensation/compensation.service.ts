import { Consumable } from '@console/domain/enums';
import { conflict } from '@console/domain/errors';
import {
  type CompensationGrant,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  type SendConsumableRequest,
} from '@console/domain/operations';
import type { PendingGrant } from '@console/domain/runtime';
import type { EnvironmentContext, RuntimeContext } from '../../context.ts';
import {
  collectCompensationGrants,
  findCompensationGrantByKey,
  insertCompensationGrant,
  listPendingCompensationGrants,
} from './compensation.store.ts';

/** Thrown inside the transaction when the key was already used: nothing to write or audit. */
class AlreadyGranted extends Error {}

/**
 * Stores a consumable for a player of the environment; it is kept until the game server collects
 * it (a later issue adds that side). A send repeating an idempotency key is answered with the grant
 * first made with it, without a second grant or audit entry; with another player, item or amount it
 * is refused (409), since answering the first grant would report a send that did not happen.
 */
export async function sendConsumable(
  ctx: EnvironmentContext,
  request: SendConsumableRequest,
): Promise<CompensationGrant> {
  try {
    return await ctx.mutate(async ({ tx, audit }) => {
      const grant = await insertCompensationGrant(tx, ctx.environmentId, request, ctx.actor.email);
      if (!grant) throw new AlreadyGranted();
      audit({
        action: 'compensation.send',
        target: request.userId,
        attributes: {
          grantId: grant.id,
          item: request.item,
          itemId: Consumable[request.item],
          amount: request.amount,
        },
      });
      return grant;
    });
  } catch (error) {
    if (!(error instanceof AlreadyGranted) || request.idempotencyKey === undefined) throw error;
  }
  // Read after the first send's transaction committed (the insert waited for it).
  const first = await findCompensationGrantByKey(ctx.db, ctx.environmentId, request.idempotencyKey);
  if (!first) throw new Error('compensation grant of a used idempotency key not found');
  const isSameSend =
    first.userId === request.userId && first.item === request.item && first.amount === request.amount;
  if (!isSameSend) throw conflict(IDEMPOTENCY_KEY_REUSED_MESSAGE);
  return first;
}

// The game servers' side (/runtime/v1/grants/*): a pickup is recorded on the grant, not audited.

/** The player's grants not collected yet, oldest first. */
export async function listPendingGrants(ctx: RuntimeContext, userId: string): Promise<PendingGrant[]> {
  const grants = await listPendingCompensationGrants(ctx.db, ctx.environmentId, userId);
  return grants.map(({ id, item, amount, created }) => ({
    id,
    item,
    amount,
    created: new Date(created).toISOString(),
  }));
}

/** Collects what is still pending among `ids`: the game server gives the player exactly the answered ids. */
export async function collectGrants(ctx: RuntimeContext, ids: readonly number[]) {
  const collected = await ctx.mutate(({ tx }) =>
    collectCompensationGrants(tx, ctx.environmentId, [...new Set(ids)]),
  );
  return { collected };
}
