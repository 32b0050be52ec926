import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyseMetric, analysisMethodOf } from './analyse-metric.ts';
import { checkEnoughData, MINIMUM_CONVERSIONS_PER_CASE, MINIMUM_EXPOSED_PER_CASE } from './enough-data.ts';
import { SEQUENTIAL_TUNING_DEFAULT } from './relative-change.ts';
import { checkSampleRatio, SAMPLE_RATIO_MISMATCH_P_VALUE } from './sample-ratio.ts';
import {
  type CaseStatistics,
  caseStatisticsSchema,
  METRIC_KINDS,
  metricAnalysisSchema,
  sampleRatioCheckSchema,
} from './statistics.schemas.ts';

/** The paths of the numbers JSON could not carry (NaN and the infinities become null). */
function nonFiniteNumbersIn(value: unknown, path = ''): string[] {
  if (typeof value === 'number') return Number.isFinite(value) ? [] : [path];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => nonFiniteNumbersIn(inner, `${path}.${key}`));
}

const mean = (n: number, average: number, deviation: number): CaseStatistics => ({
  n,
  sum: n * average,
  sumSquares: (n - 1) * deviation ** 2 + n * average ** 2,
});

describe('analyseMetric', () => {
  it('is sequential by default, with its method named, and fixed-horizon on request', () => {
    const sequential = analysisMethodOf();
    expect(sequential).toMatchObject({
      name: 'sequential',
      sequentialTuning: SEQUENTIAL_TUNING_DEFAULT,
      alpha: 0.05,
      prior: null,
    });
    expect(sequential.description).toContain('asymptotic confidence sequences (Waudby-Smith et al.)');
    expect(analysisMethodOf({ sequential: false })).toMatchObject({
      name: 'fixed-horizon',
      sequentialTuning: null,
    });
    expect(analysisMethodOf({ sequentialTuning: 20_000 }).description).toContain('tuning 20000');
  });

  it('compares every case with case 1 and never the control with itself', () => {
    const analysis = analyseMetric('mean', [mean(1000, 10, 3), mean(1000, 10.5, 3), mean(1000, 9.5, 3)]);
    expect(analysis.cases.map((result) => result.comparison === null)).toEqual([true, false, false]);
    expect(analysis.cases[1]!.comparison!.relativeChange).toBeCloseTo(0.05, 12);
    expect(analysis.cases[2]!.comparison!.relativeChange).toBeCloseTo(-0.05, 12);
    expect(analysis.cases[1]!.comparison!.chanceToBeatControl).toBeGreaterThan(0.99);
    expect(analysis.cases[2]!.comparison!.chanceToBeatControl).toBeLessThan(0.01);
    expect(analysis.enoughData).toEqual({ isEnough: true, shortfalls: [] });
  });

  it('counts the other direction when lower is better', () => {
    const cases = [mean(500, 10, 3), mean(500, 10.2, 3)];
    const higher = analyseMetric('mean', cases).cases[1]!.comparison!;
    const lower = analyseMetric('mean', cases, { higherIsBetter: false }).cases[1]!.comparison!;
    expect(lower.chanceToBeatControl).toBeCloseTo(1 - higher.chanceToBeatControl, 12);
    expect(lower.interval).toEqual(higher.interval);
    expect(lower.pValue).toBe(higher.pValue);
  });

  it('answers no value and no comparison where there is none', () => {
    const empty = analyseMetric('conversion', [
      { n: 0, sum: 0, sumSquares: 0 },
      { n: 10, sum: 3, sumSquares: 3 },
    ]);
    expect(empty.cases[0]).toEqual({ n: 0, value: null, interval: null, comparison: null });
    expect(empty.cases[1]!.comparison).toBeNull();
    const zeroControl = analyseMetric('revenue', [{ n: 200, sum: 0, sumSquares: 0 }, mean(200, 1, 1)]);
    expect(zeroControl.cases[0]!.value).toBe(0);
    expect(zeroControl.cases[1]!.comparison).toBeNull();
    expect(zeroControl.enoughData.shortfalls).toEqual([
      { caseIndex: 0, reason: 'no-variance' },
      { caseIndex: 0, reason: 'control-value-zero' },
    ]);
    const zeroDenominator = analyseMetric('ratio', [
      { n: 200, sum: 10, sumSquares: 10, denominatorSum: 0, denominatorSumSquares: 0, sumProduct: 0 },
      { n: 200, sum: 10, sumSquares: 10, denominatorSum: 20, denominatorSumSquares: 40, sumProduct: 15 },
    ]);
    expect(zeroDenominator.cases[0]!.value).toBeNull();
    expect(zeroDenominator.cases[1]!.value).toBe(0.5);
    expect(zeroDenominator.enoughData.shortfalls).toEqual([{ caseIndex: 0, reason: 'zero-denominator' }]);
  });

  // Whatever sufficient statistics pass the schema (even ones no real players could give), the answer is
  // one the results schema accepts and JSON carries unchanged: no NaN, no infinity, no exception.
  it('answers within the results schema for any statistics the input schema accepts', () => {
    const number = fc.double({ min: -1e15, max: 1e15, noNaN: true });
    const statistics = fc.record({
      n: fc.oneof(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 1e15 })),
      sum: number,
      sumSquares: fc.double({ min: 0, max: 1e30, noNaN: true }),
      denominatorSum: number,
      denominatorSumSquares: fc.double({ min: 0, max: 1e30, noNaN: true }),
      sumProduct: number,
    });
    fc.assert(
      fc.property(
        fc.constantFrom(...METRIC_KINDS),
        fc.array(statistics, { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        (kind, rawCases, sequential) => {
          const cases = rawCases.map((raw) => caseStatisticsSchema.parse(raw));
          const analysis = analyseMetric(kind, cases, { sequential });
          expect(metricAnalysisSchema.parse(analysis)).toEqual(analysis);
          expect(nonFiniteNumbersIn(analysis)).toEqual([]);
        },
      ),
      { seed: 17, numRuns: 400 },
    );
  });
});

describe('checkEnoughData', () => {
  const conversion = (n: number, sum: number): CaseStatistics => ({ n, sum, sumSquares: sum });

  it(`needs ${MINIMUM_EXPOSED_PER_CASE} exposed players in every case`, () => {
    expect(checkEnoughData('mean', [mean(100, 5, 1), mean(100, 5, 1)]).isEnough).toBe(true);
    expect(checkEnoughData('mean', [mean(100, 5, 1), mean(99, 5, 1)])).toEqual({
      isEnough: false,
      shortfalls: [{ caseIndex: 1, reason: 'too-few-exposed' }],
    });
  });

  it(`needs ${MINIMUM_CONVERSIONS_PER_CASE} converted and as many not converted players for a conversion`, () => {
    expect(checkEnoughData('conversion', [conversion(100, 10), conversion(100, 90)]).isEnough).toBe(true);
    expect(checkEnoughData('conversion', [conversion(100, 9), conversion(100, 91)]).shortfalls).toEqual([
      { caseIndex: 0, reason: 'too-few-conversions' },
      { caseIndex: 1, reason: 'too-few-conversions' },
    ]);
  });

  it('needs a control and one more case', () => {
    expect(checkEnoughData('mean', [mean(1000, 5, 1)]).isEnough).toBe(false);
    expect(checkEnoughData('mean', []).isEnough).toBe(false);
  });
});

describe('checkSampleRatio', () => {
  it(`flags a p-value below ${SAMPLE_RATIO_MISMATCH_P_VALUE} and not one above`, () => {
    // 1,000 of 2,000 expected: χ² = 2·(d²/1000) crosses the χ²(1) threshold 10.828 between d = 73 and 74.
    expect(checkSampleRatio([1073, 927], [1, 1])).toMatchObject({ isMismatch: false });
    expect(checkSampleRatio([1074, 926], [1, 1])).toMatchObject({ isMismatch: true });
    expect(checkSampleRatio([1073, 927], [1, 1]).pValue).toBeGreaterThan(SAMPLE_RATIO_MISMATCH_P_VALUE);
    expect(checkSampleRatio([1074, 926], [1, 1]).pValue).toBeLessThan(SAMPLE_RATIO_MISMATCH_P_VALUE);
  });

  it('leaves cases without weight out of the test, but players in one are a mismatch', () => {
    expect(checkSampleRatio([500, 0, 500], [500_000, 0, 500_000])).toEqual({
      chiSquare: 0,
      degreesOfFreedom: 1,
      pValue: 1,
      isMismatch: false,
    });
    expect(checkSampleRatio([500, 1, 500], [500_000, 0, 500_000])).toMatchObject({
      pValue: 0,
      isMismatch: true,
    });
  });

  it('has nothing to test without players or with one weighted case', () => {
    expect(checkSampleRatio([0, 0], [1, 1])).toMatchObject({ pValue: 1, isMismatch: false });
    expect(checkSampleRatio([40], [1_000_000])).toMatchObject({ pValue: 1, isMismatch: false });
    expect(sampleRatioCheckSchema.parse(checkSampleRatio([3, 9], [1, 3]))).toBeTruthy();
  });

  it('refuses counts and weights of different lengths', () => {
    expect(() => checkSampleRatio([1, 2], [1])).toThrow('2 exposed counts for 1 weights');
  });
});
