import type { AbTest, RuntimeContent, RuntimePluginEntry } from '@console/domain';
import { rangesForActivation } from '../abtest/abtest-ranges.ts';

// issue 15, preview of a plugin's draft "as if activated": activating a draft also activates the
// versions its entries name that are not active yet (spec §7 /api/plugin/draft/activate). The preview
// serves those versions with the ranges their activation would fix (the fewest players moved from the
// current version's ranges), so the player lands where they would after the activation.

/** The versions of the draft's entries that activating it would make current. */
export function versionsToActivate(
  content: RuntimeContent,
  entries: readonly RuntimePluginEntry[],
): { abTestId: string; version: number }[] {
  const found = new Map<string, number>();
  for (const { abTestId, abTestVersion } of entries) {
    const test = content.abTests.find((candidate) => candidate.id === abTestId);
    if (!test || (test.version !== null && abTestVersion <= test.version)) continue;
    found.set(abTestId, Math.max(found.get(abTestId) ?? abTestVersion, abTestVersion));
  }
  return [...found].map(([abTestId, version]) => ({ abTestId, version }));
}

/** The content with these A/B-tests' versions made current (a version the test lacks is left as is). */
export function withVersionsActivated(
  content: RuntimeContent,
  versions: readonly { abTestId: string; version: number }[],
  abTests: ReadonlyMap<string, AbTest>,
): RuntimeContent {
  const abTestsServed = content.abTests.map((test) => {
    const wanted = versions.find((version) => version.abTestId === test.id);
    const saved = abTests.get(test.id)?.data.versions.find((version) => version.version === wanted?.version);
    if (!wanted || !saved || saved.active) return test;
    const previous =
      test.version === null
        ? null
        : {
            cases: test.cases.map((runtimeCase) => runtimeCase.weight),
            ranges: test.cases.map((c) => c.ranges),
          };
    const ranges = rangesForActivation({
      previous,
      weights: saved.cases,
      reRandomise: false,
      what: `A/B-test '${test.id}'`,
    });
    return {
      ...test,
      version: saved.version,
      cases: saved.cases.map((weight, index) => ({ weight, ranges: ranges[index] ?? [] })),
    };
  });
  return { ...content, abTests: abTestsServed };
}
