import type { PendingGrant } from '@console/domain';
import type { Db } from '../../db/client.ts';
import {
  collectCompensationGrants,
  listPendingCompensationGrants,
} from '../compensation/compensation.store.ts';
import { findPlayerProgression } from '../progression/progression.store.ts';

// Game servers' side of compensation and progression. Not operator mutations: a pickup is
// recorded on the grant itself (`collected`), not in the audit log (docs/decisions.md).

/** The player's grants not collected yet, oldest first. */
export async function listPendingGrants(
  db: Db,
  environmentId: string,
  userId: string,
): Promise<PendingGrant[]> {
  const grants = await listPendingCompensationGrants(db, environmentId, userId);
  return grants.map(({ id, item, amount, created }) => ({
    id,
    item,
    amount,
    created: new Date(created).toISOString(),
  }));
}

/** Collects what is still pending among `ids`: the game server gives the player exactly the answered ids. */
export async function collectGrants(db: Db, environmentId: string, ids: readonly number[]) {
  return { collected: await collectCompensationGrants(db, environmentId, [...new Set(ids)]) };
}

export async function readProgression(db: Db, environmentId: string, userId: string) {
  const progression = await findPlayerProgression(db, environmentId, userId);
  return progression ? { level: progression.level, eoc: progression.eoc, streak: progression.streak } : null;
}
