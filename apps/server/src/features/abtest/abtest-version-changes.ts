import { randomUUID } from 'node:crypto';
import {
  type AbTest,
  type AbTestTypeId,
  type AbTestVersion,
  assertRule,
  checkNewVersion,
  checkVersionActivation,
  nextVersionNumber,
} from '@console/domain/abtest';
import type { Tx } from '../../db/client.ts';
import type { AuditRecord } from '../../db/unit-of-work.ts';
import { abTestAudit, lockAndLoadAbTest } from './abtest.loaders.ts';
import {
  type AbTestKey,
  findHighestVersion,
  findVersionRanges,
  insertVersion,
  markVersionActive,
  updateAbTest,
} from './abtest.store.ts';
import { rangesForActivation } from './abtest-ranges.ts';

// The one way an A/B-test gets a new version and a version becomes active: saving a version, its
// activation, rollout apply, a plugin draft's activation and the "Update is not allowed" flow all call
// these, so versions are numbered one way and bucket ranges are fixed one way. Each answers the audit
// events of what it did (abtest.version.save, abtest.version.activate); the caller records them, or,
// for a rollout, the one event that names both. The caller holds the A/B-test's row lock.

/** Why a version was saved or activated by another change, carried in the audit events. */
export type VersionChangeReason = Record<string, unknown>;

export interface VersionActivationOptions {
  /** A new salt and the initial ranges, so every player is split anew. */
  reRandomise?: boolean;
  reason?: VersionChangeReason;
}

/** The audit says so only when the operator asked for a fresh split. */
const reRandomised = (reRandomise: boolean) => (reRandomise ? { reRandomise: true as const } : {});

/**
 * Appends an inactive version with these weights (checkNewVersion), numbered one above the highest:
 * under the row lock concurrent appends are numbered one after the other (no duplicate, no gap), and
 * the primary key (environment, A/B-test, version) is the last line of defence. Reads only the type
 * and the highest number, so the cost does not grow with the number of versions. Stamps the A/B-test.
 */
export async function appendVersion(
  tx: Tx,
  key: AbTestKey,
  type: AbTestTypeId,
  weights: readonly number[],
  email: string,
  reason: VersionChangeReason = {},
): Promise<{ version: AbTestVersion; event: AuditRecord }> {
  assertRule(checkNewVersion({ data: { type, versions: [] } }, weights));
  const highest = await findHighestVersion(tx, key);
  const number = nextVersionNumber(highest === null ? [] : [{ version: highest, active: false }]);
  const version = await insertVersion(tx, key, { version: number, cases: weights, lastModifier: email });
  await updateAbTest(tx, key, {}, email);
  const event = abTestAudit(key, email, 'abtest.version.save', {
    version: version.version,
    cases: version.cases,
    ...reason,
  });
  return { version, event };
}

/**
 * Activates a saved version of the A/B-test as read under its row lock (checkVersionActivation: newer
 * than the current one, not active yet): it becomes current with its bucket ranges — the current
 * version's ranges moved as little as the new weights need, or, re-randomised, the initial ranges
 * under a new salt so every player is split anew — and the A/B-test is stamped.
 */
export async function activateStoredVersion(
  tx: Tx,
  key: AbTestKey,
  abTest: AbTest,
  version: number,
  email: string,
  { reRandomise = false, reason = {} }: VersionActivationOptions = {},
): Promise<{ event: AuditRecord }> {
  assertRule(checkVersionActivation(abTest, version));
  const weights = abTest.data.versions.find((candidate) => candidate.version === version)!.cases;
  const current = abTest.data.version;
  const previous =
    current < 0 ? null : { cases: abTest.data.cases, ranges: await findVersionRanges(tx, key, current) };
  const what = `version ${current} of A/B-test '${key.id}' in ${key.environmentId}`;
  await markVersionActive(tx, key, version, rangesForActivation({ previous, weights, reRandomise, what }));
  await updateAbTest(tx, key, reRandomise ? { salt: randomUUID() } : {}, email);
  const event = abTestAudit(key, email, 'abtest.version.activate', {
    version,
    previousVersion: current,
    cases: [...weights],
    ...reRandomised(reRandomise),
    ...reason,
  });
  return { event };
}

/**
 * Appends a version with these weights and activates it at once (rollout apply, the "Update is not
 * allowed" flow): `abTest` as read under the row lock before the append. Answers the version and the
 * two audit events, save then activation.
 */
export async function appendActiveVersion(
  tx: Tx,
  key: AbTestKey,
  abTest: AbTest,
  weights: readonly number[],
  email: string,
  options: VersionActivationOptions = {},
): Promise<{ version: AbTestVersion; events: AuditRecord[] }> {
  const saved = await appendVersion(tx, key, abTest.data.type, weights, email, options.reason);
  const withVersion = {
    ...abTest,
    data: { ...abTest.data, versions: [...abTest.data.versions, saved.version] },
  };
  const activated = await activateStoredVersion(tx, key, withVersion, saved.version.version, email, options);
  return { version: saved.version, events: [saved.event, activated.event] };
}

/**
 * Saves and activates a new version of the A/B-test with its current version's weights, so no player
 * changes case (the current ranges are reassigned as they are): the "Update is not allowed" flow gives
 * the entries it moves a version of their own. Locks and reads the A/B-test itself.
 */
export async function appendCopyOfCurrentVersion(
  tx: Tx,
  key: AbTestKey,
  email: string,
  reason: VersionChangeReason,
): Promise<{ version: AbTestVersion; events: AuditRecord[] }> {
  const abTest = await lockAndLoadAbTest(tx, key);
  return appendActiveVersion(tx, key, abTest, abTest.data.cases, email, { reason });
}

/**
 * Saves an inactive copy of the A/B-test's inactive version `version` (its weights), numbered after the
 * highest: the "Update is not allowed" flow moves a draft entry on that pending version to it, since the
 * flow's new active version makes the pending one too old to activate. Null when `version` is not an
 * inactive version newer than the current one (nothing to keep activatable). The caller holds the lock.
 */
export async function appendCopyOfPendingVersion(
  tx: Tx,
  key: AbTestKey,
  version: number,
  email: string,
  reason: VersionChangeReason,
): Promise<{ version: AbTestVersion; event: AuditRecord } | null> {
  const abTest = await lockAndLoadAbTest(tx, key);
  const pending = abTest.data.versions.find((candidate) => candidate.version === version);
  if (!pending || pending.active) return null;
  return appendVersion(tx, key, abTest.data.type, pending.cases, email, reason);
}
