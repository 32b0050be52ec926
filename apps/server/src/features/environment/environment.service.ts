import { parseBranchId } from '@console/domain/change-request';
import type { SaveEnvironmentRequest } from '@console/domain/environment';
import {
  DEFAULT_ENVIRONMENT_DESCRIPTION,
  SEEDED_ENVIRONMENTS,
  unknownEnvironmentMessage,
} from '@console/domain/environment.constants';
import { conflict, notFound } from '@console/domain/errors';
import { isProtectedEnvironment } from '@console/domain/operations';
import type { ConsoleContext } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { EnvironmentSetup } from './environment.initializers.ts';
import {
  findEnvironment,
  findEnvironmentIds,
  insertBranchEnvironment,
  insertEnvironment,
  listAllEnvironmentIds,
  listEnvironmentIds,
  lockEnvironmentRows,
} from './environment.store.ts';

export const listEnvironments = (ctx: ConsoleContext) => listEnvironmentIds(ctx.db);

export const environmentExists = async (db: Db | Tx, id: string) => (await findEnvironment(db, id)) !== null;

export const unknownEnvironment = (id: string) => notFound(unknownEnvironmentMessage(id));

const requireAll = (ids: readonly string[], existing: readonly string[]) => {
  const missing = ids.find((id) => !existing.includes(id));
  if (missing !== undefined) throw unknownEnvironment(missing);
};

/** Throws 404 `Unknown environment <id>` naming the first of the ids that does not exist. */
export async function requireEnvironments(db: Db | Tx, ids: readonly string[]): Promise<void> {
  requireAll(ids, await findEnvironmentIds(db, ids));
}

/**
 * requireEnvironments, holding the environments' rows locked until the transaction ends (in id order,
 * FOR NO KEY UPDATE: see the store), so two transactions locking one environment run one after the other.
 */
export async function lockEnvironments(tx: Tx, ids: readonly string[]): Promise<void> {
  requireAll(ids, await lockEnvironmentRows(tx, ids));
}

/** Answers an environment id in use, or throws 404 `Unknown environment <id>` (archived ones too). */
export type EnvironmentResolver = (id: string) => Promise<string>;

/**
 * Resolves `?configuration=` on the request path without a query per request, from the environment
 * catalog: an id it does not know is read again before answering 404, so one created by another
 * process is found; an archived one is forgotten at once here (the archive invalidates the catalog)
 * and in other processes on the archive's NOTIFY, or within the catalog's CATALOG_CACHE_MS.
 */
export function createEnvironmentResolver(catalog: {
  has(id: string): Promise<boolean>;
}): EnvironmentResolver {
  return async (id) => {
    if (!(await catalog.has(id))) throw unknownEnvironment(id);
    return id;
  };
}

/**
 * Creates the environment with what every feature requires in it; its first runtime revision is
 * published with the audit entry, and this process's environment catalog is read again after the commit.
 */
export async function createEnvironment(
  ctx: ConsoleContext,
  catalog: { invalidate(): void },
  setup: EnvironmentSetup,
  request: SaveEnvironmentRequest,
) {
  const id = request.configurationId;
  const description = request.description?.trim() || DEFAULT_ENVIRONMENT_DESCRIPTION;
  return ctx.mutate(async ({ tx, audit, afterCommit }) => {
    if (!(await insertEnvironment(tx, id, description))) {
      throw conflict(`Environment ${id} already exists`);
    }
    await initializeEnvironment(tx, setup, id);
    afterCommit(() => catalog.invalidate());
    audit({ environmentId: id, action: 'environment.create', target: id, attributes: { description } });
    return { id, description };
  });
}

/**
 * A change request's branch of `parent` (docs/product.md, Change requests): a hidden environment row
 * holding what every feature requires, in the request's unit of work. Nothing is published for it.
 */
export async function createBranchEnvironment(
  tx: Tx,
  setup: EnvironmentSetup,
  id: string,
  parent: string,
  description: string,
) {
  await insertBranchEnvironment(tx, id, parent, description);
  await initializeEnvironment(tx, setup, id);
}

async function initializeEnvironment(tx: Tx, setup: EnvironmentSetup, id: string): Promise<void> {
  for (const initialize of setup.initializers) await initialize({ tx, environmentId: id });
}

/**
 * Start-up: the seeded environments exist, every environment holds what features require, and every
 * environment has published its runtime at least once (revision 1 for the seeded ones and
 * for those that existed before revisions). A created environment publishes with its audit entry.
 */
export async function seedEnvironments(ctx: ConsoleContext, setup: EnvironmentSetup): Promise<void> {
  // Through the unit of work like every write; it records no audit entry, as no one changed anything.
  await ctx.mutate(async ({ tx }) => {
    for (const id of SEEDED_ENVIRONMENTS) {
      // Prod starts protected; an admin may change that afterwards.
      await insertEnvironment(tx, id, DEFAULT_ENVIRONMENT_DESCRIPTION, isProtectedEnvironment(id));
    }
    // Archived environments too: restored, they hold what features require.
    for (const id of await listAllEnvironmentIds(tx)) await initializeEnvironment(tx, setup, id);
    // In id order, the order every publisher locks environments in, so two starting processes never deadlock.
    // Change requests' branches publish nothing: game servers never see them.
    for (const id of (await listAllEnvironmentIds(tx)).sort()) {
      if (parseBranchId(id) === null) await setup.publishFirstRevision(tx, id);
    }
  });
}
