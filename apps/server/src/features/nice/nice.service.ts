import { type NiceConfig, redactNiceConfig } from '@console/domain/operations';
import type { Db } from '../../db/client.ts';
import { mutate } from '../../db/unit-of-work.ts';
import { findNiceToken, replaceNiceToken } from './nice.store.ts';

export const getNiceConfig = async (db: Db, environmentId: string): Promise<NiceConfig> => ({
  authToken: await findNiceToken(db, environmentId),
});

/**
 * Saves the NICE config. The token is a secret: the audit entry says whether it is set and whether
 * it changed, never its value (docs/decisions/0103).
 */
export function setNiceConfig(db: Db, environmentId: string, config: NiceConfig, email: string) {
  return mutate(db, async ({ tx, audit }) => {
    const previous = await replaceNiceToken(tx, environmentId, config.authToken, email);
    audit({
      environmentId,
      email,
      action: 'nice.set',
      target: 'authToken',
      attributes: { ...redactNiceConfig(config), changed: previous !== config.authToken },
    });
    return { saved: true as const };
  });
}
