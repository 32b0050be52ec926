import { abTestTypeSchema, normalizeSegment, segmentSchema } from '@console/domain/abtest';
import type { TransferItem, TransferReference } from '@console/domain/operations';
import { bucketRangeSchema } from '@console/domain/runtime';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import type { TransferGroup, TransferWriteContext } from '../transfer/transfer.public.ts';
import { listAbTests, listBucketing } from './abtest.store.ts';
import {
  deleteTransferredAbTests,
  type TransferredAbTest,
  writeTransferredAbTests,
} from './abtest-transfer.store.ts';

/**
 * What a transfer compares and copies of an A/B-test. Versions carry no created / lastModifier, so
 * two environments holding the same A/B-test compare equal; the copy is stamped by the transfer.
 * the salt and each version's bucket ranges travel too, so a test transferred from stable
 * to prod splits players exactly as it does in stable.
 */
const transferPayloadSchema = z.object({
  type: abTestTypeSchema,
  salt: z.string().min(1),
  versions: z.array(
    z.object({
      version: z.number().int().min(0),
      active: z.boolean(),
      cases: z.array(z.number().int().min(0)).min(1),
      /** Fixed at activation; null for a version never activated (or activated before ranges). */
      ranges: z.array(z.array(bucketRangeSchema)).nullable(),
    }),
  ),
  cases: z.array(z.number().int().min(0)),
  caseDescriptions: z.array(z.string()),
  segment: segmentSchema,
});
type AbTestTransferPayload = z.infer<typeof transferPayloadSchema>;

async function list(tx: Tx, environmentId: string): Promise<TransferItem[]> {
  const abTests = await listAbTests(tx, environmentId);
  const bucketing = await listBucketing(tx, environmentId);
  return abTests.map((abTest) => {
    const split = bucketing.get(abTest.id);
    const payload: AbTestTransferPayload = {
      type: abTest.data.type,
      salt: split?.salt ?? '',
      versions: abTest.data.versions.map(({ version, active, cases }) => ({
        version,
        active,
        cases,
        ranges: (split?.ranges.get(version) ?? null) as AbTestTransferPayload['versions'][number]['ranges'],
      })),
      cases: abTest.data.cases,
      caseDescriptions: abTest.data.caseDescriptions,
      segment: abTest.data.segment,
    };
    return { id: abTest.id, active: abTest.active, title: abTest.description, payload };
  });
}

/** The destination's A/B-test becomes the source's: fields overwritten, versions replaced. */
function transferredOf(item: TransferItem): TransferredAbTest {
  const payload = transferPayloadSchema.parse(item.payload);
  return {
    id: String(item.id),
    description: item.title,
    type: payload.type,
    active: item.active,
    caseDescriptions: payload.caseDescriptions,
    segment: normalizeSegment(payload.segment),
    salt: payload.salt,
    versions: payload.versions,
  };
}

/** Every item parsed first, so a bad one changes nothing; then one statement per table. */
async function writeAll(
  tx: Tx,
  environmentId: string,
  items: readonly TransferItem[],
  { email }: TransferWriteContext,
): Promise<void> {
  await writeTransferredAbTests(tx, environmentId, items.map(transferredOf), email, new Date());
}

// Deleted outright, so there is no row left to stamp with the operator.
async function removeAll(tx: Tx, environmentId: string, ids: readonly TransferItem['id'][]): Promise<void> {
  await deleteTransferredAbTests(tx, environmentId, ids.map(String));
}

/**
 * What a plugin entry needs of an A/B-test, compared across environments: what decides the
 * case a player gets (active, type, segment, and the salt and the version's ranges)
 * and the entry's version; undefined without that version. An entry made before the A/B-test had a
 * version (no version in the reference) needs the A/B-test only.
 */
function referencedPart(item: TransferItem, reference: TransferReference): unknown {
  const { type, segment, salt, versions } = transferPayloadSchema.parse(item.payload);
  const decides = { active: item.active, type, segment, salt };
  if (reference.version === undefined) return decides;
  const version = versions.find((candidate) => candidate.version === reference.version);
  return version && { ...decides, version };
}

export const abTestTransferGroup: TransferGroup = {
  name: 'A/B-tests',
  list,
  // One item is a set of one: the change request's branch and a transfer write through the same statements
  write: (tx, environmentId, item, context) => writeAll(tx, environmentId, [item], context),
  remove: (tx, environmentId, id) => removeAll(tx, environmentId, [id]),
  writeAll,
  removeAll,
  referencedPart,
};
