import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PluginId } from '../enums.ts';
import { INACTIVE_TEST_SENTENCE } from '../runtime/impact.ts';
import { caseOfBucket, initialRanges, reassignRanges } from '../runtime/ranges.ts';
import { BUCKET_COUNT, type BucketRange } from '../runtime/snapshot.ts';
import { entry, pluginState } from './plugin.test-support.ts';
import { type PluginDraftState, planDraftActivation } from './plugin-activation.rules.ts';
import type { PluginEntry } from './plugin-details.schemas.ts';
import type { DraftAbTestView } from './plugin-draft.rules.ts';
import { impactOfPluginDraft, splitAfterDraftActivation, type TestSplitChange } from './plugin-impact.ts';

// The impact of activating a draft covers the plugins activated alongside and says that an
// inactive A/B-test moves nobody; checked against counting bucket by bucket what players are served
// before and after the activation (resolvePlayer's rules: an inactive test or a switched-off plugin
// serves no one; a served player gets the entry's configuration for its case).

const N = BUCKET_COUNT;
const { AGILITY_RACE: RACE, DUEL } = PluginId;
type Ranges = BucketRange[][];

const state = pluginState;

/** A test live at version 0 (`current` weights) with a newer version 1 (`next` weights). */
const abTest = (id: string, active: boolean, current: number[], next: number[]): DraftAbTestView => ({
  id,
  active,
  data: {
    versions: [
      { version: 0, active: true, cases: current },
      { version: 1, active: false, cases: next },
    ],
  },
});

/** Weights of `cases` cases totalling N (zeros included). */
const weightsArbitrary = (cases: number) =>
  fc
    .array(fc.integer({ min: 0, max: N }), { minLength: cases - 1, maxLength: cases - 1 })
    .map((cuts) =>
      [...cuts.sort((a, b) => a - b), N].map((cut, i, all) => cut - (i === 0 ? 0 : all[i - 1]!)),
    );

const configurationsArbitrary = (cases: number) =>
  fc.array(fc.constantFrom('a', 'b', 'c'), { minLength: cases, maxLength: cases });

interface Scenario {
  tests: { shared: DraftAbTestView; solo: DraftAbTestView };
  current: { shared: Ranges; solo: Ranges };
  plugins: { state: PluginDraftState; isEnabled: boolean }[];
}

/**
 * RACE's draft moves 'shared' and 'solo' to version 1; DUEL serves 'shared' version 0 and its draft
 * follows to version 1, so it is activated alongside. Flags, weights and configurations vary.
 */
const scenarioArbitrary: fc.Arbitrary<Scenario> = fc
  .record({
    sharedActive: fc.boolean(),
    soloActive: fc.boolean(),
    raceEnabled: fc.boolean(),
    duelEnabled: fc.boolean(),
    shared: fc.tuple(weightsArbitrary(2), weightsArbitrary(3)),
    solo: fc.tuple(weightsArbitrary(3), weightsArbitrary(2)),
    configs: fc.tuple(
      configurationsArbitrary(2),
      configurationsArbitrary(3),
      configurationsArbitrary(3),
      configurationsArbitrary(2),
      configurationsArbitrary(3),
    ),
  })
  .map(({ sharedActive, soloActive, raceEnabled, duelEnabled, shared, solo, configs }) => {
    const [raceShared0, raceShared1, raceSolo0, raceSolo1, duelShared1] = configs;
    return {
      tests: {
        shared: abTest('shared', sharedActive, shared[0], shared[1]),
        solo: abTest('solo', soloActive, solo[0], solo[1]),
      },
      current: { shared: initialRanges(shared[0]), solo: initialRanges(solo[0]) },
      plugins: [
        {
          state: state(
            RACE,
            [entry('shared', 0, raceShared0), entry('solo', 0, raceSolo0)],
            [entry('shared', 1, raceShared1), entry('solo', 1, raceSolo1)],
          ),
          isEnabled: raceEnabled,
        },
        {
          state: state(DUEL, [entry('shared', 0, raceShared0)], [entry('shared', 1, duelShared1)]),
          isEnabled: duelEnabled,
        },
      ],
    };
  });

/** With the planner: RACE's activation, the splits it leaves, and each plugin's impacts. */
function impactsOf(scenario: Scenario) {
  const abTests = new Map(Object.values(scenario.tests).map((test) => [test.id, test]));
  const plan = planDraftActivation(
    RACE,
    scenario.plugins.map((plugin) => plugin.state),
    abTests,
  );
  const splits = new Map<string, TestSplitChange>(
    Object.values(scenario.tests).map((test) => [
      test.id,
      splitAfterDraftActivation(test, scenario.current[test.id as 'shared' | 'solo'], plan.versions),
    ]),
  );
  const impacted = [RACE, ...plan.alongside].map((pluginId) => {
    const plugin = scenario.plugins.find((candidate) => candidate.state.pluginId === pluginId)!;
    return {
      pluginId,
      entries: impactOfPluginDraft({ ...plugin.state, isEnabled: plugin.isEnabled }, splits),
    };
  });
  return { plan, impacted };
}

/**
 * The boundaries of both splits cut [0, N) into pieces on which case and configuration are constant;
 * a piece of length L holds ⌊L/step⌋ or ⌈L/step⌉ samples, so a scaled count is within step × pieces.
 */
const pieceCount = (...splits: Ranges[]) =>
  1 + splits.reduce((sum, split) => sum + split.reduce((n, ranges) => n + 2 * ranges.length, 0), 0);

/**
 * Brute force, independent of the planner: every `step`-th bucket, the case each test serves and the
 * configuration each plugin's entry gives before the activation and after it (both versions 1
 * activated, fewest moves; the tests' active flags and the plugins' switches unchanged).
 */
function countServed(scenario: Scenario, pluginId: number, abTestId: 'shared' | 'solo', step: number) {
  const test = scenario.tests[abTestId];
  const before = scenario.current[abTestId];
  const after = reassignRanges(before, test.data.versions[1]!.cases);
  const plugin = scenario.plugins.find((candidate) => candidate.state.pluginId === pluginId)!;
  const configuration = (entries: readonly PluginEntry[], caseIndex: number) => {
    const served = entries.find((candidate) => candidate.abTestId === abTestId);
    if (!plugin.isEnabled || caseIndex < 0 || !served) return null;
    return served.configurations[caseIndex] || null;
  };
  let samples = 0;
  let moved = 0;
  let changed = 0;
  for (let bucket = 0; bucket < N; bucket += step) {
    samples += 1;
    const from = test.active ? caseOfBucket(before, bucket) : -1;
    const to = test.active ? caseOfBucket(after, bucket) : -1;
    if (from !== to) moved += 1;
    if (configuration(plugin.state.active, from) !== configuration(plugin.state.draft, to)) changed += 1;
  }
  const scale = N / samples;
  return {
    moved: moved * scale,
    changed: changed * scale,
    tolerance: step * pieceCount(before, after),
  };
}

describe('impactOfPluginDraft with the activation plan', () => {
  it('gives the plugins activated alongside their own figures, and 0 for an inactive test', () => {
    const scenario: Scenario = {
      tests: {
        shared: abTest('shared', true, [400_000, 600_000], [300_000, 700_000]),
        solo: abTest('solo', false, [500_000, 500_000], [100_000, 900_000]),
      },
      current: { shared: initialRanges([400_000, 600_000]), solo: initialRanges([500_000, 500_000]) },
      plugins: [
        {
          state: state(
            RACE,
            [entry('shared', 0, ['a', 'b']), entry('solo', 0, ['a', 'b'])],
            [entry('shared', 1, ['a', 'b']), entry('solo', 1, ['c', 'd'])],
          ),
          isEnabled: true,
        },
        {
          state: state(DUEL, [entry('shared', 0, ['x', 'y'])], [entry('shared', 1, ['x', 'z'])]),
          isEnabled: true,
        },
      ],
    };
    const { plan, impacted } = impactsOf(scenario);
    expect(plan.alongside).toEqual([DUEL]);
    const [race, duel] = impacted;
    expect(
      race!.entries.map((item) => [item.abTestId, item.impact.sentence, item.impact.unaffected]),
    ).toEqual([
      ['shared', '10.00% of players in this test move: 10.00% from Case 1 (control) to Case 2', null],
      ['solo', INACTIVE_TEST_SENTENCE, 'abtest-inactive'],
    ]);
    expect(race!.entries[1]!.impact).toMatchObject({ moves: { moved: 0 }, configurationChanged: 0 });
    // DUEL: the 10% moving from x to (Case 2) z, and the 60% staying in Case 2, go from y to z.
    expect(duel!.entries).toEqual([
      expect.objectContaining({
        abTestId: 'shared',
        abTestVersion: 1,
        change: 'kept',
        impact: expect.objectContaining({
          sentence: '10.00% of players in this test move: 10.00% from Case 1 (control) to Case 2',
          configurationChanged: 700_000,
        }),
      }),
    ]);
  });

  it('agrees with counting every 97th bucket, scaled, for every plugin the activation changes', () => {
    fc.assert(
      fc.property(scenarioArbitrary, (scenario) => {
        const { plan, impacted } = impactsOf(scenario);
        // DUEL's draft follows RACE's version of 'shared' and is valid: it is always carried along.
        expect(plan.alongside).toEqual([DUEL]);
        for (const { pluginId, entries } of impacted) {
          for (const item of entries) {
            const counted = countServed(scenario, pluginId, item.abTestId as 'shared' | 'solo', 97);
            expect(Math.abs(counted.moved - item.impact.moves!.moved)).toBeLessThanOrEqual(counted.tolerance);
            expect(Math.abs(counted.changed - item.impact.configurationChanged!)).toBeLessThanOrEqual(
              counted.tolerance,
            );
            const isTestActive = scenario.tests[item.abTestId as 'shared' | 'solo'].active;
            if (!isTestActive)
              expect(item.impact).toMatchObject({ moves: { moved: 0 }, configurationChanged: 0 });
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});
