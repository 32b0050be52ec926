import { describe, expect, it } from 'vitest';
import { describeForest } from './ForestPlot.tsx';
import { formatChange, formatChangeInterval, formatMetricValue, formatPValue } from './results.format.ts';
import { verdictOf } from './verdict.ts';

describe('the results panel’s words and numbers', () => {
  it('writes changes as signed percentages, without a sign for no change', () => {
    expect([0.031, -0.004, 0.00004, -0.00004, 2].map(formatChange)).toEqual([
      '+3.1%',
      '−0.4%',
      '0.0%',
      '0.0%',
      '+200.0%',
    ]);
    expect(formatChangeInterval({ low: -0.005, high: 0.067 })).toBe('−0.5% to +6.7%');
  });

  it('writes p-values with three decimals, and below 0.001 says so', () => {
    expect([0.06191, 0.001, 0.00099, 0].map(formatPValue)).toEqual(['0.062', '0.001', '< 0.001', '< 0.001']);
  });

  it('writes rates as percentages and other values with four significant digits', () => {
    expect(formatMetricValue(0.1234, true)).toBe('12.3%');
    expect(formatMetricValue(2.71234, false)).toBe('2.712');
    expect(formatMetricValue(12_345.6, false)).toBe('12,346');
  });

  it('calls a change better or worse only when its whole interval is on one side, read the metric’s way', () => {
    expect(verdictOf({ low: 0.01, high: 0.2 }, true)).toBe('better');
    expect(verdictOf({ low: 0.01, high: 0.2 }, false)).toBe('worse');
    expect(verdictOf({ low: -0.2, high: -0.01 }, false)).toBe('better');
    expect(verdictOf({ low: -0.01, high: 0.2 }, true)).toBe('unclear');
    expect(verdictOf({ low: 0, high: 0.2 }, true)).toBe('unclear');
  });

  it('says every point of the plot in its text alternative', () => {
    expect(
      describeForest('Revenue', [
        { label: 'Case 2', change: 0.05, interval: { low: 0.01, high: 0.09 }, verdict: 'better' },
        { label: 'Case 3', change: -0.01, interval: { low: -0.04, high: 0.02 }, verdict: 'unclear' },
      ]),
    ).toBe(
      'Change of Revenue against Case 1 (control): Case 2 +5.0% (95% interval +1.0% to +9.0%), better than ' +
        'the control; Case 3 −1.0% (95% interval −4.0% to +2.0%), not clearly different from the control.',
    );
  });
});
