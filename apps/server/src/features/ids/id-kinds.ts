import type { EnvironmentContext } from '../../context.ts';
import { hasAbTest } from '../abtest/abtest.service.ts';
import { hasConfig } from '../config/config-list.service.ts';
import { environmentExists } from '../environment/environment.service.ts';

/** Answers whether an id of one kind exists in an environment. */
export type IdExistenceCheck = (ctx: EnvironmentContext, id: string) => Promise<boolean>;

/**
 * The kinds `/api/id/exist/{kind}/{id}` knows. Features register their kind here
 * (A/B-tests as `abtest`, configurations, ...), each answering for the caller's environment.
 */
export const idKinds: Record<string, IdExistenceCheck> = {
  environment: (ctx, id) => environmentExists(ctx.db, id),
  abtest: (ctx, id) => hasAbTest(ctx, id),
  config: (ctx, id) => hasConfig(ctx, id),
};
