import {
  BUCKET_COUNT,
  type RuntimeAbTest,
  type RuntimeContent,
  type RuntimePlugin,
} from '../runtime/snapshot.ts';

// The player impact of applying a change request now (docs/product.md, Change requests, "Review
// screen"): per plugin, the share of each of its A/B-tests' bucket space whose players change case, or
// change what configuration the plugin gives them, between the content served now and the content the
// request would publish. Shares are exact over the bucket space, as the impact before a change is
// ("Player preview and impact before a change"); a segment narrows who is served on both sides alike.

export interface ChangeRequestEntryImpact {
  abTestId: string;
  /** Share (0..1) of the test's buckets whose players change case. */
  movedCase: number;
  /** Share (0..1) of the test's buckets whose players get another configuration from the plugin (or none). */
  changedConfiguration: number;
}

export interface ChangeRequestPluginImpact {
  pluginId: number;
  plugin: string;
  entries: ChangeRequestEntryImpact[];
  sentence: string;
}

/** What a bucket of one test receives from one plugin: its case and the configuration, or nothing. */
interface Served {
  caseIndex: number | null;
  configuration: string | null;
}

interface Side {
  plugin: RuntimePlugin | undefined;
  test: RuntimeAbTest | undefined;
}

// A bucket's case by the test's ranges; null when the test serves nobody (inactive, no current version).
function casesByInterval(
  test: RuntimeAbTest | undefined,
): { start: number; end: number; caseIndex: number }[] {
  if (!test?.active || test.version === null) return [];
  return test.cases.flatMap((testCase, caseIndex) =>
    testCase.ranges.map(([start, end]) => ({ start, end, caseIndex })),
  );
}

function servedAt(side: Side, intervals: ReturnType<typeof casesByInterval>, bucket: number): Served {
  const found = intervals.find((interval) => interval.start <= bucket && bucket < interval.end);
  if (found === undefined) return { caseIndex: null, configuration: null };
  const entry = side.plugin?.entries.find((candidate) => candidate.abTestId === side.test?.id);
  const configuration =
    side.plugin?.enabled && entry !== undefined ? (entry.configurations[found.caseIndex] ?? '') : null;
  return { caseIndex: found.caseIndex, configuration };
}

function impactOfEntry(abTestId: string, before: Side, after: Side): ChangeRequestEntryImpact {
  const beforeIntervals = casesByInterval(before.test);
  const afterIntervals = casesByInterval(after.test);
  const boundaries = [
    ...new Set([
      0,
      BUCKET_COUNT,
      ...[...beforeIntervals, ...afterIntervals].flatMap((i) => [i.start, i.end]),
    ]),
  ].sort((a, b) => a - b);
  let moved = 0;
  let changed = 0;
  for (let index = 0; index + 1 < boundaries.length; index += 1) {
    const start = boundaries[index]!;
    const size = boundaries[index + 1]! - start;
    const was = servedAt(before, beforeIntervals, start);
    const is = servedAt(after, afterIntervals, start);
    if (was.caseIndex !== null && is.caseIndex !== null && was.caseIndex !== is.caseIndex) moved += size;
    if (was.configuration !== is.configuration) changed += size;
  }
  return { abTestId, movedCase: moved / BUCKET_COUNT, changedConfiguration: changed / BUCKET_COUNT };
}

const percent = (share: number) => `${(share * 100).toFixed(2)}%`;

/** The impact per plugin that changes anything for players; plugins with no effect are left out. */
export function impactOfContentChange(
  before: RuntimeContent,
  after: RuntimeContent,
): ChangeRequestPluginImpact[] {
  const testsBefore = new Map(before.abTests.map((test) => [test.id, test]));
  const testsAfter = new Map(after.abTests.map((test) => [test.id, test]));
  const pluginIds = [...new Set([...before.plugins, ...after.plugins].map((plugin) => plugin.id))].sort(
    (a, b) => a - b,
  );
  return pluginIds.flatMap((pluginId) => {
    const was = before.plugins.find((plugin) => plugin.id === pluginId);
    const is = after.plugins.find((plugin) => plugin.id === pluginId);
    const abTestIds = [...new Set([...(was?.entries ?? []), ...(is?.entries ?? [])].map((e) => e.abTestId))];
    const entries = abTestIds
      .map((abTestId) =>
        impactOfEntry(
          abTestId,
          { plugin: was, test: testsBefore.get(abTestId) },
          { plugin: is, test: testsAfter.get(abTestId) },
        ),
      )
      .filter((entry) => entry.movedCase > 0 || entry.changedConfiguration > 0);
    if (entries.length === 0) return [];
    const sentence = entries
      .map(
        (entry) =>
          `AB-test ${entry.abTestId}: ${percent(entry.movedCase)} of its players change case, ` +
          `${percent(entry.changedConfiguration)} change configuration`,
      )
      .join('; ');
    return [{ pluginId, plugin: (is ?? was)!.name, entries, sentence }];
  });
}
