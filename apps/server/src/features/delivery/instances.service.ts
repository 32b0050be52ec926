import { badInput } from '@console/domain/errors';
import {
  type AppliedRequest,
  GAME_SERVER_RETENTION_MS,
  GAME_SERVERS_PER_ENVIRONMENT,
  type GameServerList,
} from '@console/domain/runtime';
import type { EnvironmentContext, RuntimeContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  countRuntimeInstancesByRevision,
  findLatestRevisionNumber,
  listRuntimeInstances,
  pruneRuntimeInstances,
  upsertRuntimeInstance,
} from './instances.store.ts';

const BOUNDS = { retentionMs: GAME_SERVER_RETENTION_MS, keep: GAME_SERVERS_PER_ENVIRONMENT };

/**
 * Pickup confirmation: a game server reports the revision it applied. Not an operator
 * mutation, so not audited. Bounded per environment: a new instance prunes the silent and the surplus.
 * Only a revision the environment published is recorded (the Connections screen would show any number
 * otherwise): `servedRevision` is the one this process serves; a higher one (another process may have
 * adopted it first) is checked against the database. The environment is the runtime key's (`ctx`).
 */
export async function recordAppliedRevision(
  ctx: RuntimeContext,
  report: AppliedRequest,
  address: string,
  servedRevision: number,
): Promise<AppliedRequest> {
  const { db, environmentId } = ctx;
  if (report.revision > servedRevision) {
    const latest = (await findLatestRevisionNumber(db, environmentId)) ?? 0;
    if (report.revision > latest) {
      throw badInput(
        `revision: revision ${report.revision} was never published in ${environmentId}` +
          (latest === 0 ? ' (nothing is published yet)' : ` (the latest is ${latest})`),
      );
    }
  }
  const isNew = await upsertRuntimeInstance(db, { environmentId, ...report, address });
  // Only a new row can push the environment over its bound; reads skip rows past retention anyway.
  if (isNew) await pruneRuntimeInstances(db, environmentId, BOUNDS);
  return { instance: report.instance, revision: report.revision };
}

/** What the Connections screen shows: every remembered instance and the latest published revision. */
export async function listGameServers(ctx: EnvironmentContext): Promise<GameServerList> {
  const [latestRevision, { instances, now }] = await Promise.all([
    findLatestRevisionNumber(ctx.db, ctx.environmentId),
    listRuntimeInstances(ctx.db, ctx.environmentId, {
      retentionMs: GAME_SERVER_RETENTION_MS,
      limit: GAME_SERVERS_PER_ENVIRONMENT,
    }),
  ]);
  return { latestRevision, instances, checked: now };
}

/** Game servers per environment and applied revision, over every process's reports (for metrics). */
export function countGameServersByRevision(db: Db) {
  return countRuntimeInstancesByRevision(db, GAME_SERVER_RETENTION_MS);
}
