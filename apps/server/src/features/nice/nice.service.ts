import { type NiceConfig, redactNiceConfig } from '@console/domain/operations';
import type { EnvironmentContext } from '../../context.ts';
import { findNiceToken, replaceNiceToken } from './nice.store.ts';

export const getNiceConfig = async (ctx: EnvironmentContext): Promise<NiceConfig> => ({
  authToken: await findNiceToken(ctx.db, ctx.environmentId),
});

/**
 * Saves the NICE config. The token is a secret: the audit entry says whether it is set and whether
 * it changed, never its value (docs/decisions/0103).
 */
export function setNiceConfig(ctx: EnvironmentContext, config: NiceConfig) {
  return ctx.mutate(async ({ tx, audit }) => {
    const previous = await replaceNiceToken(tx, ctx.environmentId, config.authToken, ctx.actor.email);
    audit({
      action: 'nice.set',
      target: 'authToken',
      attributes: { ...redactNiceConfig(config), changed: previous !== config.authToken },
    });
    return { saved: true as const };
  });
}
