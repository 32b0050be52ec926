import type { Interval } from '@console/domain/experiment';

// How the results panel writes its numbers. The statistics answer fractions (0.031 is +3.1%); the screen
// writes them as signed percentages, so "better" and "worse" read the same in the table and the plot.

const sign = (value: number) => (value > 0 ? '+' : value < 0 ? '−' : '');

/** A relative change as a signed percentage with one decimal: +3.1%, −0.4%, 0.0%. */
export function formatChange(fraction: number): string {
  const percent = fraction * 100;
  const rounded = Math.abs(percent).toFixed(1);
  return rounded === '0.0' ? '0.0%' : `${sign(percent)}${rounded}%`;
}

/** An interval of relative changes: "−0.5% to +6.7%". */
export const formatChangeInterval = ({ low, high }: Interval) =>
  `${formatChange(low)} to ${formatChange(high)}`;

/** A p-value with three decimals; below 0.001 it says so rather than printing 0.000. */
export function formatPValue(p: number): string {
  return p < 0.001 ? '< 0.001' : p.toFixed(3);
}

/** A probability (the chance to beat the control) as a percentage with one decimal. */
export const formatChance = (probability: number) => `${(probability * 100).toFixed(1)}%`;

/** A metric's value: a conversion rate as a percentage, any other value with up to four significant digits. */
export function formatMetricValue(value: number, isRate: boolean): string {
  if (isRate) return `${(value * 100).toFixed(1)}%`;
  if (value === 0) return '0';
  return Math.abs(value) >= 1000
    ? Math.round(value).toLocaleString('en-US')
    : String(Number(value.toPrecision(4)));
}

/** A whole count with thousands separators: 12,345. */
export const formatCount = (count: number) => count.toLocaleString('en-US');
