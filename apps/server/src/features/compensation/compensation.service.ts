import { Consumable, type SendConsumableRequest } from '@console/domain';
import type { Db } from '../../db/client.ts';
import { mutate } from '../audit/audit.service.ts';
import { insertCompensationGrant } from './compensation.store.ts';

/**
 * Stores a consumable for a player of the environment; it is kept until the game server collects
 * it (a later issue adds that side).
 */
export function sendConsumable(db: Db, environmentId: string, request: SendConsumableRequest, email: string) {
  return mutate(db, async (tx) => {
    const grant = await insertCompensationGrant(tx, environmentId, request, email);
    return {
      result: grant,
      audit: {
        environmentId,
        email,
        action: 'compensation.send',
        target: request.userId,
        attributes: {
          grantId: grant.id,
          item: request.item,
          itemId: Consumable[request.item],
          amount: request.amount,
        },
      },
    };
  });
}
