import { describe, expect, it } from 'vitest';
import { analyseMetric } from './analyse-metric.ts';
import { caseInterval, estimateCase } from './case-value.ts';
import { checkSampleRatio } from './sample-ratio.ts';
import { CASE_INTERVAL_VECTORS, COMPARISON_VECTORS, SAMPLE_RATIO_VECTORS } from './statistics.vectors.ts';

// The references publish rounded numbers; jstat's t quantile is good to about 1e-8, so a comparison asks
// for the published decimals up to 6 (the bar is 4).
const digitsOf = (decimals: number) => Math.min(decimals, 6);

describe('comparisons against the control match their references', () => {
  it.each(COMPARISON_VECTORS)('$name ($source)', (vector) => {
    const analysis = analyseMetric(vector.kind, [vector.control, vector.treatment], {
      sequential: vector.sequential,
      ...(vector.sequentialTuning === undefined ? {} : { sequentialTuning: vector.sequentialTuning }),
      prior: vector.prior ?? null,
    });
    const digits = digitsOf(vector.decimals);
    const [control, treatment] = analysis.cases;
    const comparison = treatment!.comparison!;
    const { expected } = vector;
    const actual: Record<string, number | undefined> = {
      controlValue: control!.value ?? undefined,
      treatmentValue: treatment!.value ?? undefined,
      relativeChange: comparison.relativeChange,
      lower: comparison.interval[0],
      upper: comparison.interval[1],
      standardError: comparison.standardError,
      pValue: comparison.pValue,
      chanceToBeatControl: comparison.chanceToBeatControl,
    };
    const checked = Object.entries(expected);
    expect(checked.length).toBeGreaterThan(0);
    for (const [field, value] of checked) {
      expect(actual[field], field).toBeCloseTo(value, digits);
    }
    expect(analysis.method.name).toBe(vector.sequential ? 'sequential' : 'fixed-horizon');
  });
});

describe('each case has its value and interval', () => {
  it.each(CASE_INTERVAL_VECTORS)('$name', (vector) => {
    const estimate = estimateCase(vector.kind, vector.statistics);
    expect(estimate!.value).toBeCloseTo(vector.expected.value, 6);
    expect(estimate!.variance).toBeCloseTo(vector.expected.variance, 6);
    const interval = caseInterval(vector.kind, estimate, 0.05);
    expect(interval![0]).toBeCloseTo(vector.expected.lower, 5);
    expect(interval![1]).toBeCloseTo(vector.expected.upper, 5);
  });
});

describe('sample ratio mismatch matches its references', () => {
  it.each(SAMPLE_RATIO_VECTORS)('$name ($source)', (vector) => {
    const check = checkSampleRatio(vector.exposed, vector.weights);
    expect(check.chiSquare).toBeCloseTo(vector.expected.chiSquare, 5);
    expect(check.pValue).toBeCloseTo(vector.expected.pValue, 6);
    expect(check.degreesOfFreedom).toBe(vector.exposed.length - 1);
    expect(check.isMismatch).toBe(vector.expected.isMismatch);
  });
});
