import {
  type AbTest,
  type AbTestTypeId,
  type AbTestVersion,
  type ActivateVersionRequest,
  type ApplyRolloutRequest,
  abTestNotFound,
  assertRule,
  checkNewVersion,
  checkVersionActivation,
  createVersion,
  isRollout,
  nextVersionNumber,
  type RuleResult,
  rolloutWeights,
  ruleViolation,
  type SaveVersionRequest,
  sortVersionsNewestFirst,
} from '@console/domain';
import type { Db, Tx } from '../../db/client.ts';
import { mutate } from '../../db/unit-of-work.ts';
import { abTestAudit, lockAndLoadAbTest, requireAbTest } from './abtest.access.ts';
import {
  type AbTestKey,
  findHighestVersion,
  insertVersion,
  insertVersions,
  lockAbTest,
  updateAbTest,
} from './abtest.store.ts';
import { activateVersionWithRanges } from './abtest-version-activation.ts';

export const ABTEST_ROLLOUT_MESSAGES = {
  notRollout: (id: string) => `AB-test '${id}' is not a rollout`,
} as const;

/** The versions table lists the newest first. */
export async function getVersions(db: Db, environmentId: string, id: string): Promise<AbTestVersion[]> {
  const abTest = await requireAbTest(db, { environmentId, id });
  return sortVersionsNewestFirst(abTest.data.versions);
}

/**
 * Appends a version numbered one above the highest. The A/B-test row is locked first, so
 * concurrent saves are numbered one after the other (no duplicate, no gap); the primary key
 * (environment, A/B-test, version) is the last line of defence.
 */
async function appendVersion(
  tx: Tx,
  abTest: AbTest,
  key: AbTestKey,
  weights: readonly number[],
  email: string,
) {
  assertRule(checkNewVersion(abTest, weights));
  const version = createVersion(abTest.data.versions, weights, Date.now(), email);
  await insertVersions(tx, key, [{ version: version.version, cases: version.cases, lastModifier: email }]);
  return version;
}

/**
 * Activates one version (newer than the current one, not already active), fixing its bucket
 * ranges from the current version's, or anew with a new salt when re-randomised.
 */
async function activate(
  tx: Tx,
  abTest: AbTest,
  key: AbTestKey,
  version: number,
  reRandomise: boolean,
  email: string,
) {
  assertRule(checkVersionActivation(abTest, version));
  const weights = abTest.data.versions.find((candidate) => candidate.version === version)!.cases;
  const current = { version: abTest.data.version, cases: abTest.data.cases };
  await activateVersionWithRanges(tx, key, { current, version, weights, reRandomise }, email);
}

/** The audit says so only when the operator asked for a fresh split. */
const reRandomised = (reRandomise: boolean | undefined) =>
  reRandomise ? { reRandomise: true as const } : {};

/**
 * /api/abtest/versions/save {id, weights}: answers the new (inactive) version. Reads only
 * what numbering needs (type under the row lock, then the highest number), so the cost does not grow
 * with the number of versions.
 */
export async function saveVersion(
  db: Db,
  environmentId: string,
  request: SaveVersionRequest,
  email: string,
): Promise<AbTestVersion> {
  const key = { environmentId, id: request.id };
  return mutate(db, async ({ tx, audit }) => {
    const locked = await lockAbTest(tx, key);
    if (!locked) throw abTestNotFound();
    assertRule(
      checkNewVersion({ data: { type: locked.type as AbTestTypeId, versions: [] } }, request.weights),
    );
    const highest = await findHighestVersion(tx, key);
    const version = nextVersionNumber(highest === null ? [] : [{ version: highest, active: false }]);
    const saved = await insertVersion(tx, key, { version, cases: request.weights, lastModifier: email });
    await updateAbTest(tx, key, {}, email);
    audit(abTestAudit(key, email, 'abtest.version.save', { version: saved.version, cases: saved.cases }));
    return saved;
  });
}

/** The activated version becomes the current one; its weights the current cases. */
export async function activateVersion(
  db: Db,
  environmentId: string,
  request: ActivateVersionRequest,
  email: string,
): Promise<AbTest> {
  const key = { environmentId, id: request.id };
  return mutate(db, async ({ tx, audit }) => {
    const abTest = await lockAndLoadAbTest(tx, key);
    await activate(tx, abTest, key, request.version, request.reRandomise ?? false, email);
    const activated = await requireAbTest(tx, key);
    audit(
      abTestAudit(key, email, 'abtest.version.activate', {
        version: request.version,
        previousVersion: abTest.data.version,
        cases: activated.data.cases,
        ...reRandomised(request.reRandomise),
      }),
    );
    return activated;
  });
}

export function checkRollout(abTest: AbTest): RuleResult {
  return isRollout(abTest.data.type)
    ? { ok: true }
    : { ok: false, error: ruleViolation(ABTEST_ROLLOUT_MESSAGES.notRollout(abTest.id)) };
}

/**
 * Rollout apply: saves [100 - treatment, treatment] (in millionths) and activates it, in one
 * transaction, so the rollout never stops half-applied (a saved but inactive version).
 */
export async function applyRollout(
  db: Db,
  environmentId: string,
  request: ApplyRolloutRequest,
  email: string,
): Promise<AbTest> {
  const key = { environmentId, id: request.id };
  return mutate(db, async ({ tx, audit }) => {
    const abTest = await lockAndLoadAbTest(tx, key);
    assertRule(checkRollout(abTest));
    const version = await appendVersion(tx, abTest, key, rolloutWeights(request.treatment), email);
    const withVersion = await requireAbTest(tx, key);
    await activate(tx, withVersion, key, version.version, request.reRandomise ?? false, email);
    const applied = await requireAbTest(tx, key);
    audit(
      abTestAudit(key, email, 'abtest.rollout.apply', {
        treatment: request.treatment,
        version: version.version,
        previousVersion: abTest.data.version,
        cases: applied.data.cases,
        ...reRandomised(request.reRandomise),
      }),
    );
    return applied;
  });
}
