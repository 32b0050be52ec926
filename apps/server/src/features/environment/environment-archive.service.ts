import {
  type ArchiveEnvironmentRequest,
  archiveRefusal,
  type RestoreEnvironmentRequest,
} from '@console/domain/environment-archive';
import { conflict } from '@console/domain/errors';
import type { ConsoleContext } from '../../context.ts';
import { listServingKeyNames } from '../runtime-keys/runtime-keys.public.ts';
import { unknownEnvironment } from './environment.service.ts';
import {
  listArchivedEnvironments,
  lockEnvironmentForArchive,
  notifyEnvironmentArchive,
  setEnvironmentArchived,
} from './environment.store.ts';

/** What an archive or a restore tells on this process after commit (others learn by NOTIFY). */
export interface ArchiveEffects {
  catalog: { invalidate(): void };
  /** The runtime key cache, keyed by environment: told of the one archived (the request's, no context's). */
  keys: { markEnvironmentArchived(environmentId: string, isArchived: boolean): void };
  /** The game clients' connections: a check now closes those opened with keys refused from now on. */
  connections: { checkNow(): Promise<unknown> };
}

export const listArchived = (ctx: ConsoleContext) => listArchivedEnvironments(ctx.db);

/**
 * Archives the environment (docs/decisions/0066):
 * its row is locked FOR UPDATE first, so a change in it commits before or is refused after (the unit
 * of work writes no entry in an archived environment). The entry is written while the environment is
 * still in use; the archive mark follows it in the same transaction.
 */
export async function archiveEnvironment(
  ctx: ConsoleContext,
  effects: ArchiveEffects,
  request: ArchiveEnvironmentRequest,
) {
  const id = request.configurationId;
  return ctx.mutate(async ({ tx, audit, afterAudit, afterCommit }) => {
    const row = await lockEnvironmentForArchive(tx, id);
    if (!row) throw unknownEnvironment(id);
    const servingKeys = await listServingKeyNames(tx, id);
    const refusal = archiveRefusal(
      {
        id,
        isProtected: row.isProtected,
        isArchived: row.archived !== null,
        servingKeyCount: servingKeys.length,
      },
      request.confirmServedByKeys === true,
    );
    if (refusal !== null) throw conflict(refusal);
    audit({
      environmentId: id,
      action: 'environment.archive',
      target: id,
      attributes: { stoppedKeys: servingKeys },
    });
    afterAudit(async (audited) => {
      await setEnvironmentArchived(audited, id, { at: new Date(), by: ctx.actor.email });
      await notifyEnvironmentArchive(audited, id);
    });
    afterCommit(() => {
      effects.catalog.invalidate();
      effects.keys.markEnvironmentArchived(id, true);
      void effects.connections.checkNow();
    });
    return { id, stoppedKeyCount: servingKeys.length };
  });
}

/** Restores an archived environment: back in the menus, its runtime keys (not revoked) work again. */
export async function restoreEnvironment(
  ctx: ConsoleContext,
  effects: ArchiveEffects,
  request: RestoreEnvironmentRequest,
) {
  const id = request.configurationId;
  return ctx.mutate(async ({ tx, audit, afterCommit }) => {
    const row = await lockEnvironmentForArchive(tx, id);
    if (!row) throw unknownEnvironment(id);
    if (row.archived === null) throw conflict(`Environment ${id} is not archived`);
    // In use again before its entry is written: the unit of work writes none in an archived environment.
    await setEnvironmentArchived(tx, id, null);
    await notifyEnvironmentArchive(tx, id);
    const restartedKeys = await listServingKeyNames(tx, id);
    audit({
      environmentId: id,
      action: 'environment.restore',
      target: id,
      attributes: { archivedBy: row.archivedBy ?? '', restartedKeys },
    });
    afterCommit(() => {
      effects.catalog.invalidate();
      effects.keys.markEnvironmentArchived(id, false);
    });
    return { id, description: row.description };
  });
}
