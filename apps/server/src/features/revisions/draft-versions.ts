import type { AbTest } from '@console/domain/abtest';
import { activatePlannedVersions, type VersionToActivate } from '@console/domain/plugin';
import type { RuntimeContent } from '@console/domain/runtime';

// Preview of a plugin's draft "as if activated": activating a draft also activates the
// versions its entries name that are not active yet (planDraftActivation's `versions`). The preview
// serves those versions with the ranges their activation would fix, by the rule the draft impact and
// the activation use (activatePlannedVersions), so the player lands where they would after it.

/**
 * The content with the plan's versions made current. A served test starts from the ranges it serves
 * (as stored, or initial for a version activated before ranges existed), as the activation does.
 */
export function withVersionsActivated(
  content: RuntimeContent,
  versions: readonly VersionToActivate[],
  abTests: ReadonlyMap<string, AbTest>,
): RuntimeContent {
  const abTestsServed = content.abTests.map((test) => {
    const abTest = abTests.get(test.id);
    const current = test.version === null ? null : test.cases.map((served) => served.ranges);
    const activated = abTest ? activatePlannedVersions(abTest, current, versions) : null;
    if (!activated) return test;
    return {
      ...test,
      version: activated.version,
      cases: activated.weights.map((weight, index) => ({ weight, ranges: activated.ranges[index] ?? [] })),
    };
  });
  return { ...content, abTests: abTestsServed };
}
