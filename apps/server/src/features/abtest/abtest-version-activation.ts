import { randomUUID } from 'node:crypto';
import type { Tx } from '../../db/client.ts';
import { type AbTestKey, findVersionRanges, markVersionActive, updateAbTest } from './abtest.store.ts';
import { rangesForActivation } from './abtest-ranges.ts';

// The one way a version becomes active (version activation, rollout apply, a plugin draft's
// activation, the "Update is not allowed" flow), so each fixes its bucket ranges the same way.

export interface VersionActivation {
  /** The A/B-test's current version before this activation (-1: none) and its weights. */
  current: { version: number; cases: readonly number[] };
  version: number;
  /** The activated version's weights. */
  weights: readonly number[];
  /** A new salt and the initial ranges, so every player is split anew. */
  reRandomise?: boolean;
}

/**
 * Marks the version active with its ranges — the current version's ranges moved as little as the new
 * weights need, or the initial ones — and stamps the A/B-test (with a new salt when re-randomised).
 * The caller holds the A/B-test's row lock and has checked the activation (checkVersionActivation).
 */
export async function activateVersionWithRanges(
  tx: Tx,
  key: AbTestKey,
  activation: VersionActivation,
  email: string,
): Promise<void> {
  const { current, version, weights } = activation;
  const reRandomise = activation.reRandomise ?? false;
  const previous =
    current.version < 0
      ? null
      : { cases: current.cases, ranges: await findVersionRanges(tx, key, current.version) };
  const what = `version ${current.version} of A/B-test '${key.id}' in ${key.environmentId}`;
  const ranges = rangesForActivation({ previous, weights, reRandomise, what });
  await markVersionActive(tx, key, version, ranges);
  await updateAbTest(tx, key, reRandomise ? { salt: randomUUID() } : {}, email);
}
