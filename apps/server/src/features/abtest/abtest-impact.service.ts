import {
  type AbTest,
  type AbTestImpactRequest,
  assertRule,
  checkNewVersion,
  checkRollout,
  checkVersionActivation,
  rolloutWeights,
} from '@console/domain/abtest';
import { impactOfSplitChange, type SplitChangeImpact } from '@console/domain/runtime';
import type { EnvironmentContext, EnvironmentReader } from '../../context.ts';
import { requireAbTest } from './abtest.loaders.ts';
import { findVersionRanges } from './abtest.store.ts';
import { type CaseRanges, servedRanges } from './abtest-ranges.ts';

// "impact before a change": what a version activation or a rollout apply would do to the
// players of the test, computed by the domain from the ranges the current version serves — the same
// rule and input activateVersionWithRanges uses, so the preview is what the activation stores. An
// inactive test serves no player (resolvePlayer), and activating a version leaves it inactive, so
// its figure is 0 moves, as the plugin draft impact says of its entries.

/** The ranges the A/B-test's current version serves in the reader's environment; null without one. */
export async function currentServedRanges(
  { db, environmentId }: EnvironmentReader,
  abTest: AbTest,
): Promise<CaseRanges | null> {
  const { version, cases } = abTest.data;
  if (version < 0) return null;
  const stored = await findVersionRanges(db, { environmentId, id: abTest.id }, version);
  return servedRanges(cases, stored, `version ${version} of A/B-test '${abTest.id}' in ${environmentId}`);
}

/** The weights the previewed change activates, checked as the change itself would check them. */
function weightsOfChange(abTest: AbTest, request: AbTestImpactRequest): readonly number[] {
  if (request.version !== undefined) {
    assertRule(checkVersionActivation(abTest, request.version));
    return abTest.data.versions.find((candidate) => candidate.version === request.version)!.cases;
  }
  if (request.treatment !== undefined) {
    assertRule(checkRollout(abTest));
    return rolloutWeights(request.treatment);
  }
  assertRule(checkNewVersion(abTest, request.weights!));
  return request.weights!;
}

/** /api/abtest/impact {id, version | treatment | weights, reRandomise?} */
export async function previewImpact(
  ctx: EnvironmentContext,
  request: AbTestImpactRequest,
): Promise<SplitChangeImpact> {
  const { db, environmentId } = ctx;
  const abTest = await requireAbTest(db, { environmentId, id: request.id });
  const weights = weightsOfChange(abTest, request);
  const current = await currentServedRanges(ctx, abTest);
  return impactOfSplitChange(current, weights, {
    isAbTestActive: abTest.active,
    reRandomise: request.reRandomise ?? false,
  });
}
