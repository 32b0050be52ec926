import { RELEASE_SECTION_TITLES } from '@console/domain/environment-file';
import { DomainError, ErrorCode } from '@console/domain/errors';
import {
  keyValueTextSchema,
  releaseClientResponseSchema,
  releaseContentResponseSchema,
  type TransferItem,
} from '@console/domain/operations';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import type { TransferGroup } from '../transfer/transfer.public.ts';
import {
  DEFAULT_RELEASE_INFO,
  findReleaseInfo,
  type ReleaseInfoState,
  saveKeyValue,
  saveReleaseClient,
  saveReleaseContent,
} from './release.store.ts';

interface ReleaseSection {
  title: string;
  payloadOf(state: ReleaseInfoState): Record<string, unknown>;
  write(tx: Tx, environmentId: string, payload: unknown, email: string): Promise<void>;
}

const keyValuePayloadSchema = z.object({ keyValue: keyValueTextSchema });

// One item per section of the Release Info screen (titles shared with environment files). A transfer
// copies stored values as they are: the release window applies to an operator's save, and a copied
// time may have passed meanwhile.
const SECTIONS: Record<string, ReleaseSection> = {
  content: {
    title: RELEASE_SECTION_TITLES.content,
    payloadOf: (state) => state.content,
    write: (tx, environmentId, payload, email) =>
      saveReleaseContent(tx, environmentId, releaseContentResponseSchema.parse(payload), email),
  },
  client: {
    title: RELEASE_SECTION_TITLES.client,
    payloadOf: (state) => state.client,
    write: (tx, environmentId, payload, email) =>
      saveReleaseClient(tx, environmentId, releaseClientResponseSchema.parse(payload), email),
  },
  kv: {
    title: RELEASE_SECTION_TITLES.kv,
    payloadOf: (state) => ({ keyValue: state.keyValue }),
    write: (tx, environmentId, payload, email) =>
      saveKeyValue(tx, environmentId, keyValuePayloadSchema.parse(payload).keyValue, email),
  },
};

function sectionOf(id: TransferItem['id']): ReleaseSection {
  const section = typeof id === 'string' && Object.hasOwn(SECTIONS, id) ? SECTIONS[id] : undefined;
  if (!section) throw new DomainError(ErrorCode.Internal, `Release info has no section '${id}'`);
  return section;
}

/** Release info in the environment transfer: items content, client and kv. */
export const releaseTransferGroup: TransferGroup = {
  name: 'Release info',
  async list(tx, environmentId) {
    const state = await findReleaseInfo(tx, environmentId);
    return Object.entries(SECTIONS).map(([id, section]) => ({
      id,
      active: true,
      title: section.title,
      payload: section.payloadOf(state),
    }));
  },
  write: (tx, environmentId, item, { email }) =>
    sectionOf(item.id).write(tx, environmentId, item.payload, email),
  // Every environment answers every section, so removing one resets it to its defaults.
  remove: (tx, environmentId, id, { email }) =>
    sectionOf(id).write(tx, environmentId, sectionOf(id).payloadOf(DEFAULT_RELEASE_INFO), email),
};
