import { createHash } from 'node:crypto';
import { DomainError, ErrorCode, redactNiceConfig, type TransferItem } from '@console/domain';
import type { TransferGroup } from '../transfer/transfer-group.ts';
import { findNiceToken, replaceNiceToken } from './nice.store.ts';

const NICE_ITEM_ID = 'nice';

/**
 * The real token of each listed payload, kept beside it rather than in it: copies of the item keep
 * the same payload object, while nothing that prints, serialises or hashes the payload (preview
 * answer, diff, preview token, audit, logs, inspection) can reach the token.
 */
const secretTokens = new WeakMap<object, string>();

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
    secretTokens.set(payload, authToken);
    return [{ id: NICE_ITEM_ID, active: authToken !== '', title: 'Authentication Token', payload }];
  },
  async write(tx, environmentId, item, email) {
    const payload = item.payload;
    const authToken = typeof payload === 'object' && payload !== null ? secretTokens.get(payload) : undefined;
    // Never store '[redacted]' as a token: the item must come from list() of this group.
    if (typeof authToken !== 'string')
      throw new DomainError(
        ErrorCode.Internal,
        'The NICE token of the source was not handed to the transfer',
      );
    await replaceNiceToken(tx, environmentId, authToken, email);
  },
  async remove(tx, environmentId) {
    await replaceNiceToken(tx, environmentId, '', '');
  },
};
