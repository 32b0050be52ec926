import {
  conflict,
  DEFAULT_ENVIRONMENT_DESCRIPTION,
  type SaveEnvironmentRequest,
  SEEDED_ENVIRONMENTS,
} from '@console/domain';
import type { Db, Tx } from '../../db/client.ts';
import { mutate } from '../audit/audit.service.ts';
import { environmentInitializers } from './environment.initializers.ts';
import { insertEnvironment, listEnvironmentIds } from './environment.store.ts';

export const listEnvironments = (db: Db) => listEnvironmentIds(db);

export async function createEnvironment(db: Db, request: SaveEnvironmentRequest, email: string) {
  const id = request.configurationId;
  const description = request.description?.trim() || DEFAULT_ENVIRONMENT_DESCRIPTION;
  return mutate(db, async (tx) => {
    if (!(await insertEnvironment(tx, id, description))) {
      throw conflict(`Environment ${id} already exists`);
    }
    await initializeEnvironment(tx, id);
    return {
      result: { id, description },
      audit: {
        environmentId: id,
        email,
        action: 'environment.create',
        target: id,
        attributes: { description },
      },
    };
  });
}

async function initializeEnvironment(tx: Tx, id: string): Promise<void> {
  for (const initialize of environmentInitializers) await initialize(tx, id);
}

/** Start-up: the seeded environments exist, and every environment holds what features require. */
export async function seedEnvironments(db: Db): Promise<void> {
  await db.$transaction(async (tx) => {
    for (const id of SEEDED_ENVIRONMENTS) await insertEnvironment(tx, id, DEFAULT_ENVIRONMENT_DESCRIPTION);
    for (const id of await listEnvironmentIds(tx)) await initializeEnvironment(tx, id);
  });
}
