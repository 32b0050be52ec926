import type { Db } from '../../db/client.ts';
import { hasAbTest } from '../abtest/abtest.service.ts';
import { hasConfig } from '../config/config-list.service.ts';
import { environmentExists } from '../environment/environment.service.ts';

/** Answers whether an id of one kind exists in an environment. */
export type IdExistenceCheck = (db: Db, environmentId: string, id: string) => Promise<boolean>;

/**
 * The kinds `/api/id/exist/{kind}/{id}` knows. Features register their kind here
 * (A/B-tests as `abtest`, configurations, ...), each answering for the caller's environment.
 */
export const idKinds: Record<string, IdExistenceCheck> = {
  environment: (db, _environmentId, id) => environmentExists(db, id),
  abtest: (db, environmentId, id) => hasAbTest(db, environmentId, id),
  config: (db, environmentId, id) => hasConfig(db, environmentId, id),
};
