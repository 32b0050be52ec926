import { createHash } from 'node:crypto';
import { DomainError, ErrorCode } from '@console/domain/errors';
import { redactNiceConfig, type TransferItem } from '@console/domain/operations';
import type { TransferGroup } from '../transfer/transfer.public.ts';
import { findNiceToken, replaceNiceToken } from './nice.store.ts';

const NICE_ITEM_ID = 'nice';

type NicePayload = { authToken: string; fingerprint: string };

/**
 * A short one-way digest, so two environments with different tokens differ in the preview (and a
 * changed token invalidates the preview token) without showing either token.
 */
function fingerprintOf(authToken: string): string {
  if (authToken === '') return '';
  return createHash('sha256').update(`nice-auth-token:${authToken}`).digest('hex').slice(0, 8);
}

/** NICE config in the environment transfer: one item whose payload shows the token redacted. */
export const niceTransferGroup: TransferGroup = {
  name: 'NICE config',
  async list(tx, environmentId): Promise<TransferItem[]> {
    const authToken = await findNiceToken(tx, environmentId);
    const payload: NicePayload = {
      ...redactNiceConfig({ authToken }),
      fingerprint: fingerprintOf(authToken),
    };
    return [{ id: NICE_ITEM_ID, active: authToken !== '', title: 'Authentication Token', payload }];
  },
  // The preview shows only a fingerprint; the token itself is read from the source row, inside the
  // transfer's transaction, so it never travels in an item. Environment files leave this group out
  // (the token is a secret), so an import never gets here.
  async write(tx, environmentId, _item, { email, sourceEnvironmentId }) {
    if (sourceEnvironmentId === null) {
      throw new DomainError(ErrorCode.Internal, 'NICE config is copied only between environments');
    }
    await replaceNiceToken(tx, environmentId, await findNiceToken(tx, sourceEnvironmentId), email);
  },
  async remove(tx, environmentId, _id, { email }) {
    await replaceNiceToken(tx, environmentId, '', email);
  },
};
