import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../seeded-random.test-helpers.ts';
import { analyseMetric } from './analyse-metric.ts';
import { checkSampleRatio, SAMPLE_RATIO_MISMATCH_P_VALUE } from './sample-ratio.ts';
import {
  binomialBounds,
  type PlayerModel,
  simulateAssignment,
  simulateCase,
  trueValueOf,
} from './simulation.test-helpers.ts';
import type { CaseStatistics, MetricKind } from './statistics.schemas.ts';

// Over simulated experiments whose true values are known, the 95% intervals must cover the truth in about
// 95% of experiments: counts within 4 binomial standard deviations of 95% (a seeded run is the same every
// time; a method covering exactly 95% would leave that band for about one seed in 16,000). At these sizes
// (400-800 players a case) the normal approximations cover a little under 95% (about 94% over these
// seeds), well inside the band. The sequential intervals are always valid, so they cover at least as often.

interface Scenario {
  kind: MetricKind;
  control: PlayerModel;
  treatment: PlayerModel;
  n: number;
  seed: number;
}

const lift = fc.double({ min: -0.2, max: 0.2, noNaN: true });
const scenarioOf = (kind: MetricKind): fc.Arbitrary<Scenario> => {
  const base =
    kind === 'conversion'
      ? fc.record({
          level: fc.double({ min: 0.1, max: 0.5, noNaN: true }),
          spread: fc.constant(0),
          payRate: fc.constant(1),
        })
      : kind === 'revenue'
        ? fc.record({
            level: fc.double({ min: 5, max: 20, noNaN: true }),
            spread: fc.constant(0),
            payRate: fc.double({ min: 0.2, max: 0.4, noNaN: true }),
          })
        : fc.record({
            level: fc.double({ min: 2, max: 10, noNaN: true }),
            spread: fc.double({ min: 1, max: 5, noNaN: true }),
            payRate: fc.constant(1),
          });
  return fc
    .record({ base, lift, n: fc.integer({ min: 400, max: 800 }), seed: fc.integer() })
    .map(({ base, lift, n, seed }) => ({
      kind,
      control: { kind, ...base },
      treatment: { kind, ...base, level: base.level * (1 + lift) },
      n,
      seed,
    }));
};

const EXPERIMENTS_PER_SCENARIO = 150;
const SCENARIOS_PER_KIND = 6;

interface Coverage {
  experiments: number;
  fixed: number;
  sequential: number;
  controlValue: number;
}

function coverageOf(scenario: Scenario): Coverage {
  const uniform = seededRandom(scenario.seed);
  const truth = trueValueOf(scenario.treatment) / trueValueOf(scenario.control) - 1;
  const controlTruth = trueValueOf(scenario.control);
  const coverage: Coverage = { experiments: 0, fixed: 0, sequential: 0, controlValue: 0 };
  for (let experiment = 0; experiment < EXPERIMENTS_PER_SCENARIO; experiment += 1) {
    const cases: CaseStatistics[] = [
      simulateCase(scenario.control, scenario.n, uniform),
      simulateCase(scenario.treatment, scenario.n, uniform),
    ];
    const fixed = analyseMetric(scenario.kind, cases, { sequential: false }).cases;
    const sequential = analyseMetric(scenario.kind, cases).cases[1]!.comparison!;
    const [low, high] = fixed[1]!.comparison!.interval;
    const [sequentialLow, sequentialHigh] = sequential.interval;
    const [controlLow, controlHigh] = fixed[0]!.interval!;
    coverage.experiments += 1;
    if (low <= truth && truth <= high) coverage.fixed += 1;
    if (sequentialLow <= truth && truth <= sequentialHigh) coverage.sequential += 1;
    if (controlLow <= controlTruth && controlTruth <= controlHigh) coverage.controlValue += 1;
  }
  return coverage;
}

describe.each<MetricKind>(['conversion', 'mean', 'ratio', 'revenue'])(
  '%s intervals over simulated experiments',
  (kind) => {
    it('cover the true relative change and the true value at about 95%', () => {
      const scenarios = fc.sample(scenarioOf(kind), { seed: 37, numRuns: SCENARIOS_PER_KIND });
      const total = scenarios.map(coverageOf).reduce((sum, coverage) => ({
        experiments: sum.experiments + coverage.experiments,
        fixed: sum.fixed + coverage.fixed,
        sequential: sum.sequential + coverage.sequential,
        controlValue: sum.controlValue + coverage.controlValue,
      }));
      const { low, high } = binomialBounds(0.95, total.experiments);
      expect(total.fixed).toBeGreaterThanOrEqual(low);
      expect(total.fixed).toBeLessThanOrEqual(high);
      expect(total.controlValue).toBeGreaterThanOrEqual(low);
      expect(total.controlValue).toBeLessThanOrEqual(high);
      expect(total.sequential).toBeGreaterThanOrEqual(total.fixed);
    });
  },
);

describe('looking every day', () => {
  // An A/A test (no true difference) looked at after each of 14 days: the sequential p-value stays above
  // 0.05 at every look in at least 95% of experiments, which the fixed-horizon one, looked at the same way,
  // does not.
  it('keeps the sequential false positives at alpha, where fixed-horizon peeking inflates them', () => {
    const experiments = 400;
    const days = 14;
    const playersPerDay = 100;
    const model: PlayerModel = { kind: 'conversion', level: 0.2, spread: 0, payRate: 1 };
    const uniform = seededRandom(2026);
    let sequentialFalsePositives = 0;
    let fixedFalsePositives = 0;
    for (let experiment = 0; experiment < experiments; experiment += 1) {
      let control: CaseStatistics = { n: 0, sum: 0, sumSquares: 0 };
      let treatment: CaseStatistics = { n: 0, sum: 0, sumSquares: 0 };
      let isSequentialPositive = false;
      let isFixedPositive = false;
      for (let day = 0; day < days; day += 1) {
        control = addCases(control, simulateCase(model, playersPerDay, uniform));
        treatment = addCases(treatment, simulateCase(model, playersPerDay, uniform));
        const sequential = analyseMetric('conversion', [control, treatment]).cases[1]!.comparison!;
        const fixed = analyseMetric('conversion', [control, treatment], { sequential: false }).cases[1]!
          .comparison!;
        if (sequential.pValue < 0.05) isSequentialPositive = true;
        if (fixed.pValue < 0.05) isFixedPositive = true;
      }
      if (isSequentialPositive) sequentialFalsePositives += 1;
      if (isFixedPositive) fixedFalsePositives += 1;
    }
    const { high } = binomialBounds(0.05, experiments);
    expect(sequentialFalsePositives).toBeLessThanOrEqual(high);
    expect(fixedFalsePositives).toBeGreaterThan(high);
  });
});

function addCases(a: CaseStatistics, b: CaseStatistics): CaseStatistics {
  return { n: a.n + b.n, sum: a.sum + b.sum, sumSquares: a.sumSquares + b.sumSquares };
}

describe('sequential against fixed-horizon', () => {
  // The confidence sequence's half-width over the fixed one's is at least 2·(−ln α)/t² > 1 at every n once
  // Welch's t quantile is near the normal one (30 players a case and more), whatever the tuning.
  it('gives an interval containing the fixed-horizon one', () => {
    const caseStatistics = fc
      .record({
        n: fc.integer({ min: 30, max: 1_000_000 }),
        mean: fc.double({ min: 0.01, max: 1000, noNaN: true }),
        deviation: fc.double({ min: 0.01, max: 1000, noNaN: true }),
      })
      .map(({ n, mean, deviation }) => ({
        n,
        sum: n * mean,
        sumSquares: (n - 1) * deviation ** 2 + n * mean ** 2,
      }));
    fc.assert(
      fc.property(
        caseStatistics,
        caseStatistics,
        fc.integer({ min: 1, max: 1_000_000_000 }),
        fc.constantFrom(0.01, 0.05, 0.1),
        (control, treatment, sequentialTuning, alpha) => {
          const fixed = analyseMetric('mean', [control, treatment], { sequential: false, alpha }).cases[1]!
            .comparison!;
          const sequential = analyseMetric('mean', [control, treatment], { sequentialTuning, alpha })
            .cases[1]!.comparison!;
          expect(sequential.interval[0]).toBeLessThan(fixed.interval[0]);
          expect(sequential.interval[1]).toBeGreaterThan(fixed.interval[1]);
          // So whatever the sequential test calls significant at alpha, the fixed-horizon one does too.
          if (sequential.pValue < alpha) expect(fixed.pValue).toBeLessThan(alpha);
        },
      ),
      { seed: 61, numRuns: 500 },
    );
  });
});

describe('sample ratio mismatch over simulated assignments', () => {
  // Players assigned by the weights themselves: the p-value is about uniform, so the check flags about 5% at
  // 0.05 and at most about 0.1% at its threshold.
  it('has the false-positive rate of its threshold', () => {
    const splits = [
      [500_000, 500_000],
      [900_000, 100_000],
      [250_000, 250_000, 250_000, 250_000],
      [500_000, 300_000, 200_000],
    ];
    const runsPerSplit = 5000;
    const uniform = seededRandom(99);
    let flagged = 0;
    let belowFivePercent = 0;
    for (const weights of splits) {
      for (let run = 0; run < runsPerSplit; run += 1) {
        const check = checkSampleRatio(simulateAssignment(weights, 200, uniform), weights);
        if (check.isMismatch) flagged += 1;
        if (check.pValue < 0.05) belowFivePercent += 1;
      }
    }
    const runs = splits.length * runsPerSplit;
    expect(flagged).toBeLessThanOrEqual(binomialBounds(SAMPLE_RATIO_MISMATCH_P_VALUE, runs).high);
    const fivePercent = binomialBounds(0.05, runs);
    expect(belowFivePercent).toBeGreaterThanOrEqual(fivePercent.low);
    expect(belowFivePercent).toBeLessThanOrEqual(fivePercent.high);
  });

  it('flags a real mismatch: a 2% shortfall in one case of 20,000 players', () => {
    const uniform = seededRandom(7);
    const exposed = simulateAssignment([510_000, 490_000], 20_000, uniform);
    expect(checkSampleRatio(exposed, [500_000, 500_000]).isMismatch).toBe(true);
  });
});
