import {
  type AbTest,
  activateVersion,
  checkVersionActivation,
  type RuntimeContent,
  type VersionToActivate,
} from '@console/domain';
import { rangesForActivation } from '../abtest/abtest-ranges.ts';

// issue 15, preview of a plugin's draft "as if activated": activating a draft also activates the
// versions its entries name that are not active yet (planDraftActivation's `versions`). The preview
// serves those versions with the ranges their activation would fix (the fewest players moved from
// the current version's ranges), so the player lands where they would after the activation.

type RuntimeAbTest = RuntimeContent['abTests'][number];

/** The served test with `version` (of these weights) made current, its ranges as the activation fixes them. */
function withVersionServed(test: RuntimeAbTest, version: number, weights: readonly number[]): RuntimeAbTest {
  const previous =
    test.version === null
      ? null
      : {
          cases: test.cases.map((served) => served.weight),
          ranges: test.cases.map((served) => served.ranges),
        };
  const ranges = rangesForActivation({
    previous,
    weights,
    reRandomise: false,
    what: `A/B-test '${test.id}'`,
  });
  return {
    ...test,
    version,
    cases: weights.map((weight, index) => ({ weight, ranges: ranges[index] ?? [] })),
  };
}

/**
 * The content with the plan's versions made current, in the plan's order, as the activation makes
 * them (one after the other, each from the ranges the previous left). A version the activation's own
 * check refuses (checkVersionActivation: unknown, already active, not newer) is left out: that
 * activation is refused, and the preview shows the rest.
 */
export function withVersionsActivated(
  content: RuntimeContent,
  versions: readonly VersionToActivate[],
  abTests: ReadonlyMap<string, AbTest>,
): RuntimeContent {
  const latest = new Map(abTests);
  let served = content.abTests;
  for (const { abTestId, version } of versions) {
    const abTest = latest.get(abTestId);
    if (!abTest || !checkVersionActivation(abTest, version).ok) continue;
    const weights = abTest.data.versions.find((candidate) => candidate.version === version)!.cases;
    served = served.map((test) => (test.id === abTestId ? withVersionServed(test, version, weights) : test));
    latest.set(abTestId, { ...abTest, data: activateVersion(abTest.data, version) });
  }
  return { ...content, abTests: served };
}
