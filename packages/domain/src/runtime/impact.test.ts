import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  configurationChangedBuckets,
  DISABLED_PLUGIN_CONFIGURATION_SENTENCE,
  EVERYONE_RESPLIT_SENTENCE,
  INACTIVE_TEST_SENTENCE,
  impactOfDraftEntry,
  impactOfSplitChange,
  rangesAfterActivation,
} from './impact.ts';
import { caseOfBucket, initialRanges, reassignRanges } from './ranges.ts';
import { BUCKET_COUNT, type BucketRange } from './snapshot.ts';

const N = BUCKET_COUNT;

/** Weights of 1 to `maxCases` cases totalling BUCKET_COUNT (zeros included). */
const weightsArbitrary = (maxCases = 6) =>
  fc
    .array(fc.integer({ min: 0, max: N }), { minLength: 0, maxLength: maxCases - 1 })
    .chain((cuts) =>
      fc.constant([...cuts.sort((a, b) => a - b), N].map((cut, i, all) => cut - (i === 0 ? 0 : all[i - 1]!))),
    );

/** A split with history: initial ranges of the first weights, reassigned through the others. */
const splitArbitrary = fc
  .array(weightsArbitrary(), { minLength: 1, maxLength: 4 })
  .map(([first, ...rest]) =>
    rest.reduce((ranges, weights) => reassignRanges(ranges, weights), initialRanges(first!)),
  );

const configurationsArbitrary = fc.array(fc.constantFrom('a', 'b', 'c', null), { maxLength: 7 });

/** Every `step`-th bucket (offset `offset`), the case before and after: the brute-force count. */
function sampleBuckets(
  before: readonly (readonly BucketRange[])[],
  after: readonly (readonly BucketRange[])[],
  step: number,
  offset = 0,
) {
  let samples = 0;
  const pairs: [number, number][] = [];
  for (let bucket = offset; bucket < N; bucket += step) {
    samples += 1;
    pairs.push([caseOfBucket(before, bucket), caseOfBucket(after, bucket)]);
  }
  return { samples, pairs };
}

/**
 * Why the tolerance: every boundary of either split cuts [0, N) into pieces on which both cases are
 * constant; a piece of length L holds ⌊L/step⌋ or ⌈L/step⌉ sampled buckets, so it counts within
 * `step` buckets of its exact size after scaling. The error of any count is below step × pieces.
 */
const pieceCount = (...splits: (readonly (readonly BucketRange[])[])[]) =>
  1 + splits.reduce((sum, split) => sum + split.reduce((n, ranges) => n + 2 * ranges.length, 0), 0);

const ACTIVE = { isAbTestActive: true };
const INACTIVE = { isAbTestActive: false };

describe('impactOfSplitChange', () => {
  it('names the moves of a 40/60 test going to 30/70: 10.00% from Case 1 (control) to Case 2', () => {
    const impact = impactOfSplitChange(initialRanges([400_000, 600_000]), [300_000, 700_000], ACTIVE);
    expect(impact).toEqual({
      moves: { moved: 100_000, flows: [{ from: 0, to: 1, buckets: 100_000 }] },
      everyoneResplit: false,
      sentence: '10.00% of players in this test move: 10.00% from Case 1 (control) to Case 2',
      unaffected: null,
    });
  });

  it('says no player changes case when the weights stay', () => {
    const ranges = reassignRanges(initialRanges([500_000, 500_000]), [100_000, 900_000]);
    expect(impactOfSplitChange(ranges, [100_000, 900_000], ACTIVE).sentence).toBe('No player changes case');
  });

  it('says everyone is re-split when re-randomised, whatever the weights', () => {
    expect(impactOfSplitChange(initialRanges([N]), [N], { ...ACTIVE, reRandomise: true })).toEqual({
      moves: null,
      everyoneResplit: true,
      sentence: EVERYONE_RESPLIT_SENTENCE,
      unaffected: null,
    });
  });

  it('moves everyone from no case for a first version', () => {
    expect(impactOfSplitChange(null, [250_000, 750_000], ACTIVE).sentence).toBe(
      '100.00% of players in this test move: 25.00% from no case to Case 1 (control), 75.00% from no case to Case 2',
    );
  });

  it('moves nobody in an inactive test, re-randomised or not: resolvePlayer serves no player from it', () => {
    const nobody = {
      moves: { moved: 0, flows: [] },
      everyoneResplit: false,
      sentence: INACTIVE_TEST_SENTENCE,
      unaffected: 'abtest-inactive',
    };
    const current = initialRanges([400_000, 600_000]);
    expect(impactOfSplitChange(current, [300_000, 700_000], INACTIVE)).toEqual(nobody);
    expect(impactOfSplitChange(current, [300_000, 700_000], { ...INACTIVE, reRandomise: true })).toEqual(
      nobody,
    );
    expect(impactOfSplitChange(null, [N], INACTIVE)).toEqual(nobody);
  });

  it('refuses weights the activation refuses, inactive test or not', () => {
    expect(() => impactOfSplitChange(null, [1, 2], INACTIVE)).toThrow(RangeError);
  });

  it('previews the ranges the activation stores (same function, same input)', () => {
    const current = initialRanges([300_000, 300_000, 400_000]);
    expect(rangesAfterActivation(current, [100_000, 500_000, 400_000], false)).toEqual(
      reassignRanges(current, [100_000, 500_000, 400_000]),
    );
    expect(rangesAfterActivation(current, [N, 0, 0], true)).toEqual(initialRanges([N, 0, 0]));
  });

  it('counts exactly what brute force over every bucket counts', () => {
    const current = reassignRanges(initialRanges([333_333, 333_333, 333_334]), [100_001, 450_000, 449_999]);
    const weights = [500_000, 0, 250_000, 250_000];
    const next = reassignRanges(current, weights);
    const { moves } = impactOfSplitChange(current, weights, ACTIVE);
    const flows = new Map<string, number>();
    for (let bucket = 0; bucket < N; bucket += 1) {
      const from = caseOfBucket(current, bucket);
      const to = caseOfBucket(next, bucket);
      if (from !== to) flows.set(`${from}>${to}`, (flows.get(`${from}>${to}`) ?? 0) + 1);
    }
    expect(moves!.flows.map((flow) => [`${flow.from}>${flow.to}`, flow.buckets])).toEqual([...flows]);
  });

  it('agrees with brute-force counting over every 97th bucket, scaled, within step × pieces', () => {
    fc.assert(
      fc.property(
        splitArbitrary,
        weightsArbitrary(),
        fc.integer({ min: 0, max: 96 }),
        (current, weights, offset) => {
          const { moves } = impactOfSplitChange(current, weights, ACTIVE);
          const next = reassignRanges(current, weights);
          const { samples, pairs } = sampleBuckets(current, next, 97, offset);
          const scale = N / samples;
          const tolerance = 97 * pieceCount(current, next);
          const sampledMoved = pairs.filter(([from, to]) => from !== to).length * scale;
          expect(Math.abs(sampledMoved - moves!.moved)).toBeLessThanOrEqual(tolerance);
          for (const flow of moves!.flows) {
            const sampled = pairs.filter(
              ([from, to]) => from === (flow.from ?? -1) && to === (flow.to ?? -1),
            ).length;
            expect(Math.abs(sampled * scale - flow.buckets)).toBeLessThanOrEqual(tolerance);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

/** An active test in a switched-on plugin: its entry serves players. */
const SERVED = { isAbTestActive: true, isPluginEnabled: true };

describe('impactOfDraftEntry', () => {
  it('counts players changing configuration within the segment: a case keeps its buckets, gets another one', () => {
    const current = initialRanges([200_000, 800_000]);
    const impact = impactOfDraftEntry({
      currentRanges: current,
      nextRanges: current,
      activeConfigurations: ['cfg-a', 'cfg-b'],
      draftConfigurations: ['cfg-a', 'cfg-c'],
      ...SERVED,
    });
    expect(impact.sentence).toBe('No player changes case');
    expect(impact.configurationChanged).toBe(800_000);
    expect(impact.configurationSentence).toBe(
      "80.00% of the players in this test's segment get another configuration",
    );
  });

  it('counts a case move as a configuration change only when the configurations differ', () => {
    const current = initialRanges([500_000, 500_000]);
    const next = reassignRanges(current, [400_000, 600_000]);
    const same = impactOfDraftEntry({
      currentRanges: current,
      nextRanges: next,
      activeConfigurations: ['x', 'x'],
      draftConfigurations: ['x', 'x'],
      ...SERVED,
    });
    expect(same.configurationSentence).toBe('No player changes configuration');
    const differing = impactOfDraftEntry({
      currentRanges: current,
      nextRanges: next,
      activeConfigurations: ['x', 'y'],
      draftConfigurations: ['x', 'y'],
      ...SERVED,
    });
    expect(differing.configurationChanged).toBe(100_000);
  });

  it('says everyone is re-split when the entry re-randomises', () => {
    const impact = impactOfDraftEntry({
      currentRanges: initialRanges([N]),
      nextRanges: initialRanges([N]),
      activeConfigurations: ['a'],
      draftConfigurations: ['a'],
      ...SERVED,
      reRandomise: true,
    });
    expect(impact.everyoneResplit).toBe(true);
    expect(impact.configurationChanged).toBeNull();
  });

  it('says no player is affected by an entry whose test is inactive, whatever its split and configurations', () => {
    const current = initialRanges([500_000, 500_000]);
    const impact = impactOfDraftEntry({
      currentRanges: current,
      nextRanges: reassignRanges(current, [100_000, 900_000]),
      activeConfigurations: ['a', 'b'],
      draftConfigurations: ['c', 'd'],
      isAbTestActive: false,
      isPluginEnabled: true,
    });
    expect(impact).toEqual({
      moves: { moved: 0, flows: [] },
      everyoneResplit: false,
      sentence: INACTIVE_TEST_SENTENCE,
      configurationChanged: 0,
      configurationSentence: 'No player changes configuration',
      unaffected: 'abtest-inactive',
    });
  });

  it("counts a switched-off plugin's test moves, but no configuration change: the plugin serves nobody", () => {
    const current = initialRanges([500_000, 500_000]);
    const impact = impactOfDraftEntry({
      currentRanges: current,
      nextRanges: reassignRanges(current, [400_000, 600_000]),
      activeConfigurations: ['a', 'b'],
      draftConfigurations: ['c', 'd'],
      isAbTestActive: true,
      isPluginEnabled: false,
    });
    expect(impact).toMatchObject({
      sentence: '10.00% of players in this test move: 10.00% from Case 1 (control) to Case 2',
      configurationChanged: 0,
      configurationSentence: DISABLED_PLUGIN_CONFIGURATION_SENTENCE,
      unaffected: 'plugin-disabled',
    });
  });

  it('agrees with brute-force counting over every 97th bucket, scaled, within step × pieces', () => {
    fc.assert(
      fc.property(
        splitArbitrary,
        weightsArbitrary(),
        configurationsArbitrary,
        configurationsArbitrary,
        (current, weights, active, draft) => {
          const next = rangesAfterActivation(current, weights, false);
          const changed = configurationChangedBuckets(current, next, active, draft);
          expect(
            impactOfDraftEntry({
              currentRanges: current,
              nextRanges: next,
              activeConfigurations: active,
              draftConfigurations: draft,
              ...SERVED,
            }).configurationChanged,
          ).toBe(changed);
          const { samples, pairs } = sampleBuckets(current, next, 97);
          const config = (configs: readonly (string | null)[], caseIndex: number) =>
            caseIndex < 0 ? null : (configs[caseIndex] ?? null);
          const sampled = pairs.filter(([from, to]) => config(active, from) !== config(draft, to)).length;
          expect(Math.abs((sampled * N) / samples - changed)).toBeLessThanOrEqual(
            97 * pieceCount(current, next),
          );
        },
      ),
      { numRuns: 60 },
    );
  });
});
