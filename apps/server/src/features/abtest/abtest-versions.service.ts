import {
  type AbTest,
  type AbTestTypeId,
  type AbTestVersion,
  type ActivateVersionRequest,
  type ApplyRolloutRequest,
  abTestNotFound,
  assertRule,
  checkRollout,
  rolloutWeights,
  type SaveVersionRequest,
  sortVersionsNewestFirst,
} from '@console/domain/abtest';
import type { EnvironmentContext } from '../../context.ts';
import { abTestAudit, lockAndLoadAbTest, requireAbTest } from './abtest.loaders.ts';
import { lockAbTest } from './abtest.store.ts';
import { activateStoredVersion, appendActiveVersion, appendVersion } from './abtest-version-changes.ts';

// The versions table of an A/B-test: saving a version, activating one, and rollout apply, through the
// A/B-test version module (abtest-version-changes.ts).

/** The versions table lists the newest first. */
export async function getVersions(ctx: EnvironmentContext, id: string): Promise<AbTestVersion[]> {
  const abTest = await requireAbTest(ctx.db, { environmentId: ctx.environmentId, id });
  return sortVersionsNewestFirst(abTest.data.versions);
}

/**
 * /api/abtest/versions/save {id, weights}: answers the new (inactive) version. Reads only
 * what numbering needs (type under the row lock, then the highest number), so the cost does not grow
 * with the number of versions.
 */
export async function saveVersion(
  ctx: EnvironmentContext,
  request: SaveVersionRequest,
): Promise<AbTestVersion> {
  const { environmentId } = ctx;
  const { email } = ctx.actor;
  const key = { environmentId, id: request.id };
  return ctx.mutate(async ({ tx, audit }) => {
    const locked = await lockAbTest(tx, key);
    if (!locked) throw abTestNotFound();
    const { version, event } = await appendVersion(
      tx,
      key,
      locked.type as AbTestTypeId,
      request.weights,
      email,
    );
    audit(event);
    return version;
  });
}

/** The activated version becomes the current one; its weights the current cases. */
export async function activateVersion(
  ctx: EnvironmentContext,
  request: ActivateVersionRequest,
): Promise<AbTest> {
  const { environmentId } = ctx;
  const { email } = ctx.actor;
  const key = { environmentId, id: request.id };
  return ctx.mutate(async ({ tx, audit }) => {
    const abTest = await lockAndLoadAbTest(tx, key);
    const reRandomise = request.reRandomise ?? false;
    const { event } = await activateStoredVersion(tx, key, abTest, request.version, email, { reRandomise });
    audit(event);
    return requireAbTest(tx, key);
  });
}

/**
 * Rollout apply: saves [100 - treatment, treatment] (in millionths) and activates it, in one
 * transaction, so the rollout never stops half-applied (a saved but inactive version).
 */
export async function applyRollout(ctx: EnvironmentContext, request: ApplyRolloutRequest): Promise<AbTest> {
  const { environmentId } = ctx;
  const { email } = ctx.actor;
  const key = { environmentId, id: request.id };
  return ctx.mutate(async ({ tx, audit }) => {
    const abTest = await lockAndLoadAbTest(tx, key);
    assertRule(checkRollout(abTest));
    const reRandomise = request.reRandomise ?? false;
    const weights = rolloutWeights(request.treatment);
    // Audited as one abtest.rollout.apply entry, not as the version save and activation it is made of.
    const { version } = await appendActiveVersion(tx, key, abTest, weights, email, { reRandomise });
    const applied = await requireAbTest(tx, key);
    audit(
      abTestAudit(key, email, 'abtest.rollout.apply', {
        treatment: request.treatment,
        version: version.version,
        previousVersion: abTest.data.version,
        cases: applied.data.cases,
        // The audit says so only when the operator asked for a fresh split.
        ...(reRandomise ? { reRandomise: true as const } : {}),
      }),
    );
    return applied;
  });
}
