import { abTestTypeSchema, normalizeSegment, segmentSchema } from '@console/domain/abtest';
import type { TransferItem, TransferReference } from '@console/domain/operations';
import { bucketRangeSchema } from '@console/domain/runtime';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import type { TransferGroup, TransferWriteContext } from '../transfer/transfer.public.ts';
import {
  deleteAbTest,
  deleteVersions,
  findAbTest,
  insertAbTest,
  insertVersions,
  listAbTests,
  listBucketing,
  updateAbTest,
} from './abtest.store.ts';

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
async function write(
  tx: Tx,
  environmentId: string,
  item: TransferItem,
  { email }: TransferWriteContext,
): Promise<void> {
  const payload = transferPayloadSchema.parse(item.payload);
  const key = { environmentId, id: String(item.id) };
  const fields = {
    description: item.title,
    type: payload.type,
    active: item.active,
    caseDescriptions: payload.caseDescriptions,
    segment: normalizeSegment(payload.segment),
    salt: payload.salt,
  };
  if (await findAbTest(tx, key)) {
    await updateAbTest(tx, key, fields, email);
    await deleteVersions(tx, key);
  } else {
    await insertAbTest(tx, { ...key, ...fields, lastModifier: email });
  }
  await insertVersions(
    tx,
    key,
    payload.versions.map((version) => ({ ...version, lastModifier: email })),
  );
}

async function remove(tx: Tx, environmentId: string, id: TransferItem['id']): Promise<void> {
  // Deleted outright, so there is no row left to stamp with the operator.
  await deleteAbTest(tx, { environmentId, id: String(id) });
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
  write,
  remove,
  referencedPart,
};
