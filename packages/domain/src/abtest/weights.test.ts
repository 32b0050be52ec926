import { describe, expect, it } from 'vitest';
import { AbTestType } from '../enums.ts';
import { seededRandom } from '../seeded-random.test-helpers.ts';
import {
  addCase,
  canCreateVersion,
  checkDistribution,
  distributeEqually,
  formatPercentage,
  isTreatmentShareReduced,
  percentToWeight,
  readPercentEntry,
  removeCase,
  rolloutTreatmentPercent,
  rolloutWeights,
  setCaseWeight,
  sumWeights,
  toDisplayPercentages,
  toPercentageUnits,
  validateVersionWeights,
  validateWeights,
  WEIGHT_MESSAGES,
  WEIGHT_TOTAL,
} from './weights.ts';

/** A random vector of `count` whole weights totalling exactly 1,000,000. */
function randomWeights(random: () => number, count: number): number[] {
  const cuts = Array.from({ length: count - 1 }, () => Math.floor(random() * (WEIGHT_TOTAL + 1))).sort(
    (a, b) => a - b,
  );
  const bounds = [0, ...cuts, WEIGHT_TOTAL];
  return bounds.slice(1).map((bound, i) => bound - bounds[i]!);
}

const messageOf = (result: ReturnType<typeof validateWeights>) =>
  result.ok ? undefined : result.error.message;

describe('validateWeights', () => {
  it('accepts whole weights totalling 1,000,000', () => {
    expect(validateWeights([WEIGHT_TOTAL]).ok).toBe(true);
    expect(validateWeights([500_000, 0, 500_000]).ok).toBe(true);
  });
  it('refuses an empty list with the product’s text', () => {
    expect(messageOf(validateWeights([]))).toBe('Weights cannot be empty');
  });
  it('refuses another total and gives it', () => {
    expect(messageOf(validateWeights([500_000, 499_999]))).toBe(
      'Weights must total 1000000 (100%), but they total 999999 (99.9999%)',
    );
    expect(messageOf(validateWeights([600_000, 600_000]))).toContain('they total 1200000');
  });
  it('refuses negative and fractional weights, naming the case', () => {
    expect(messageOf(validateWeights([1_000_001, -1]))).toBe(
      'Weight of Case 2 must be a whole number of at least 0',
    );
    expect(messageOf(validateWeights([999_999.5, 0.5]))).toBe(
      'Weight of Case 1 (control) must be a whole number of at least 0',
    );
  });
  it('refuses more than 100 cases', () => {
    expect(messageOf(validateWeights(distributeEqually(new Array(101).fill(0))))).toBe(
      'Weights cannot have more than 100 cases',
    );
  });
  it('errors are rule violations', () => {
    const result = validateWeights([]);
    expect(result.ok ? undefined : result.error.code).toBe('RULE_VIOLATION');
  });
});

describe('validateVersionWeights', () => {
  it('requires exactly two cases for a rollout', () => {
    expect(messageOf(validateVersionWeights(AbTestType.Rollout, [WEIGHT_TOTAL]))).toBe(
      'Rollout versions must have exactly 2 cases, not 1',
    );
    expect(messageOf(validateVersionWeights(AbTestType.Rollout, [400_000, 300_000, 300_000]))).toBe(
      'Rollout versions must have exactly 2 cases, not 3',
    );
    expect(validateVersionWeights(AbTestType.Rollout, [900_000, 100_000]).ok).toBe(true);
  });
  it('lets segmentation types have any number of cases', () => {
    expect(validateVersionWeights(AbTestType.StickySegmentation, [WEIGHT_TOTAL]).ok).toBe(true);
    expect(validateVersionWeights(AbTestType.DynamicSegmentation, distributeEqually([0, 0, 0])).ok).toBe(
      true,
    );
  });
  it('checks the total before the case count', () => {
    expect(messageOf(validateVersionWeights(AbTestType.Rollout, []))).toBe('Weights cannot be empty');
  });
});

describe('display percentages (largest remainder, 2 decimals)', () => {
  it('splits thirds so they total 100', () => {
    expect(toDisplayPercentages([333_334, 333_333, 333_333])).toEqual([33.34, 33.33, 33.33]);
    expect(toDisplayPercentages([333_333, 333_333, 333_334])).toEqual([33.33, 33.33, 33.34]);
  });
  it('gives a tie in the remainder to the earlier case', () => {
    // 3 × 1/3 exactly (weights not summing to 1e6): 33.333…% each, one unit missing.
    expect(toDisplayPercentages([1, 1, 1])).toEqual([33.34, 33.33, 33.33]);
  });
  it('keeps exact values exact', () => {
    expect(toDisplayPercentages([250_000, 750_000])).toEqual([25, 75]);
    expect(toDisplayPercentages([WEIGHT_TOTAL, 0])).toEqual([100, 0]);
  });
  it('rounds a tiny share by its remainder like any other', () => {
    expect(toDisplayPercentages([999_940, 60])).toEqual([99.99, 0.01]);
    expect(toDisplayPercentages([999_950, 50])).toEqual([100, 0]);
    expect(toDisplayPercentages([999_990, 5, 5])).toEqual([100, 0, 0]);
  });
  it('displays zeros for an empty or zero total', () => {
    expect(toDisplayPercentages([])).toEqual([]);
    expect(toDisplayPercentages([0, 0])).toEqual([0, 0]);
  });
  it('always totals exactly 100.00 for 2,000 random vectors', () => {
    const random = seededRandom(20240501);
    for (let run = 0; run < 2000; run += 1) {
      const weights = randomWeights(random, 1 + Math.floor(random() * 12));
      const units = toPercentageUnits(weights);
      expect(sumWeights(units), JSON.stringify(weights)).toBe(10_000);
      // each display value is within one unit of the exact share
      weights.forEach((weight, i) => {
        expect(Math.abs(units[i]! - weight / 100), JSON.stringify(weights)).toBeLessThan(1);
      });
      expect(toDisplayPercentages(weights)).toEqual(units.map((u) => u / 100));
    }
  });
  it('totals exactly 100 at other precisions too', () => {
    const random = seededRandom(7);
    for (let run = 0; run < 200; run += 1) {
      const weights = randomWeights(random, 2 + Math.floor(random() * 7));
      expect(sumWeights(toPercentageUnits(weights, 0))).toBe(100);
      expect(sumWeights(toPercentageUnits(weights, 1))).toBe(1000);
    }
  });
  it('formats with fixed decimals', () => {
    expect(formatPercentage(33.3)).toBe('33.30%');
    expect(formatPercentage(100, 0)).toBe('100%');
  });
});

describe('Create-Version form arithmetic', () => {
  it('gives a single case 100% and starts new cases at 0', () => {
    expect(addCase([])).toEqual([WEIGHT_TOTAL]);
    expect(addCase([WEIGHT_TOTAL])).toEqual([WEIGHT_TOTAL, 0]);
    expect(addCase([600_000, 400_000])).toEqual([600_000, 400_000, 0]);
  });
  // The control case (case 1) absorbs edits of the other cases; an edit of the control
  // adjusts the last case; what the absorbing case cannot give comes from the last case backwards.
  it.each([
    ['case 2 from 100/0/0: control absorbs', [100, 0, 0], 1, 20, [80, 20, 0]],
    ['then case 3: control absorbs again', [80, 20, 0], 2, 30, [50, 20, 30]],
    ['lowering a case gives it back to control', [50, 20, 30], 1, 0, [70, 0, 30]],
    ['the last case is absorbed by control too', [50, 20, 30], 2, 10, [70, 20, 10]],
    ['control empty: the rest from the last case backwards', [10, 40, 30, 20], 1, 75, [0, 75, 25, 0]],
    ['never from the edited case', [10, 60, 30], 1, 80, [0, 80, 20]],
    ['control up: the last case gives', [50, 20, 30], 0, 60, [60, 20, 20]],
    ['control up beyond the last case: then the one before', [50, 20, 30], 0, 90, [90, 10, 0]],
    ['control down: the last case gains', [50, 20, 30], 0, 10, [10, 20, 70]],
    ['two cases: case 2 edited', [50, 50], 1, 30, [70, 30]],
    ['two cases: control edited', [50, 50], 0, 30, [30, 70]],
    ['control to 100%', [20, 30, 50], 0, 100, [100, 0, 0]],
    ['a case to 100%', [20, 30, 50], 1, 100, [0, 100, 0]],
  ])('%s', (_why, percents, index, percent, expected) => {
    const toWeights = (values: number[]) => values.map((value) => value * 10_000);
    expect(setCaseWeight(toWeights(percents), index, percent * 10_000)).toEqual(toWeights(expected));
  });
  it('typing the cases top to bottom gives what was typed', () => {
    let weights = [WEIGHT_TOTAL, 0, 0, 0];
    for (const [index, weight] of [
      [1, 100_000],
      [2, 200_000],
      [3, 300_000],
    ] as const) {
      weights = setCaseWeight(weights, index, weight);
    }
    expect(weights).toEqual([400_000, 100_000, 200_000, 300_000]);
  });
  it('brings the total back to 100% even when it was not before', () => {
    expect(setCaseWeight([500_000, 0], 1, 500_000)).toEqual([500_000, 500_000]);
    expect(setCaseWeight([900_000, 900_000, 0], 2, 100_000)).toEqual([0, 900_000, 100_000]);
  });
  it('clamps the edited weight to 0..1,000,000 and rounds it', () => {
    expect(setCaseWeight([500_000, 500_000], 0, 2_000_000)).toEqual([WEIGHT_TOTAL, 0]);
    expect(setCaseWeight([500_000, 500_000], 0, -5)).toEqual([0, WEIGHT_TOTAL]);
    expect(setCaseWeight([500_000, 500_000], 1, 123.6)).toEqual([999_876, 124]);
  });
  it('gives a single case what is typed, so the form shows the total it would send', () => {
    expect(setCaseWeight([WEIGHT_TOTAL], 0, 400_000)).toEqual([400_000]);
    expect(canCreateVersion(setCaseWeight([WEIGHT_TOTAL], 0, 400_000))).toBe(false);
  });
  it('restores the total after any sequence of edits', () => {
    const random = seededRandom(99);
    let weights = [WEIGHT_TOTAL];
    for (let step = 0; step < 500; step += 1) {
      const action = random();
      if (action < 0.2 && weights.length < 10) weights = addCase(weights);
      else if (action < 0.3 && weights.length > 1)
        weights = removeCase(weights, Math.floor(random() * weights.length));
      else if (weights.length > 1)
        weights = setCaseWeight(
          weights,
          Math.floor(random() * weights.length),
          Math.floor(random() * 1_200_000),
        );
      expect(canCreateVersion(weights), JSON.stringify(weights)).toBe(true);
    }
  });
  it('hands a removed case to the last remaining case', () => {
    expect(removeCase([500_000, 300_000, 200_000], 1)).toEqual([500_000, 500_000]);
    expect(removeCase([500_000, 300_000, 200_000], 2)).toEqual([500_000, 500_000]);
    expect(removeCase([500_000, 500_000], 0)).toEqual([WEIGHT_TOTAL]);
    expect(removeCase([WEIGHT_TOTAL], 0)).toEqual([]);
  });
  it('distributes equally over all cases, leftover units to the earliest', () => {
    expect(distributeEqually([0, 0, 0])).toEqual([333_334, 333_333, 333_333]);
    expect(distributeEqually([1, 2, 3, 4, 5, 6, 7])).toEqual([
      142_858, 142_857, 142_857, 142_857, 142_857, 142_857, 142_857,
    ]);
  });
  it('distributes the remainder over the cases after the kept ones', () => {
    expect(distributeEqually([400_000, 0, 0, 0], 1)).toEqual([400_000, 200_000, 200_000, 200_000]);
    expect(distributeEqually([100_000, 100_001, 5, 5], 2)).toEqual([100_000, 100_001, 400_000, 399_999]);
    expect(distributeEqually([700_000, 600_000, 1], 2)).toEqual([700_000, 600_000, 0]);
    expect(distributeEqually([700_000, 300_000], 2)).toEqual([700_000, 300_000]);
  });
  it('is exact for every case count and split point', () => {
    for (let count = 1; count <= 40; count += 1) {
      for (let kept = 0; kept < count; kept += 1) {
        const head = Array.from({ length: kept }, (_, i) => (i * 7919) % 20_000);
        const result = distributeEqually([...head, ...new Array(count - kept).fill(0)], kept);
        expect(sumWeights(result)).toBe(WEIGHT_TOTAL);
        const later = result.slice(kept);
        expect(Math.max(...later) - Math.min(...later)).toBeLessThanOrEqual(1);
        expect(result.every(Number.isInteger)).toBe(true);
      }
    }
  });
  it('says when there is nothing to distribute or nowhere to distribute it', () => {
    expect(checkDistribution([400_000, 600_000, 0], 1)).toEqual({ ok: true });
    expect(messageOf(checkDistribution([WEIGHT_TOTAL, 0, 0], 1))).toBe(
      'Nothing to distribute: Case 1 (control) already has 100%',
    );
    expect(messageOf(checkDistribution([400_000, 600_000, 0], 2))).toBe(
      'Nothing to distribute: Case 1 (control) to Case 2 already total 100%',
    );
    expect(messageOf(checkDistribution([400_000, 600_000], 2))).toBe(
      'There is no case after Case 2 to distribute to',
    );
  });
  it('enables Create only at exactly 100%', () => {
    expect(canCreateVersion([WEIGHT_TOTAL])).toBe(true);
    expect(canCreateVersion([WEIGHT_TOTAL, 1])).toBe(false);
    expect(canCreateVersion([])).toBe(false);
  });
  it('converts percents typed in the form', () => {
    expect(percentToWeight(33.3333)).toBe(333_333);
    expect(percentToWeight(150)).toBe(WEIGHT_TOTAL);
    expect(percentToWeight(Number.NaN)).toBe(0);
  });
});

describe('percent fields of the Create-Version form (readPercentEntry)', () => {
  it.each([
    ['50', 500_000],
    ['0', 0],
    ['100', WEIGHT_TOTAL],
    ['12.', 120_000],
    ['12,5', 125_000],
    [' 33.3333 ', 333_333],
    ['0.0001', 1],
    ['007', 70_000],
  ])('reads %j as %i millionths', (text, weight) => {
    expect(readPercentEntry(text)).toEqual({ ok: true, weight });
  });
  it.each([
    ['', WEIGHT_MESSAGES.percentEmpty],
    ['   ', WEIGHT_MESSAGES.percentEmpty],
    ['abc', WEIGHT_MESSAGES.percentNotNumber],
    ['1e2', WEIGHT_MESSAGES.percentNotNumber],
    ['12%', WEIGHT_MESSAGES.percentNotNumber],
    ['.5', WEIGHT_MESSAGES.percentNotNumber],
    ['1.2.3', WEIGHT_MESSAGES.percentNotNumber],
    ['-5', WEIGHT_MESSAGES.percentRange],
    ['-0', WEIGHT_MESSAGES.percentRange],
    ['150', WEIGHT_MESSAGES.percentRange],
    ['100.0001', WEIGHT_MESSAGES.percentRange],
    ['33.33333', WEIGHT_MESSAGES.percentDecimals],
  ])('refuses %j: %s', (text, message) => {
    expect(readPercentEntry(text)).toEqual({ ok: false, message });
  });
});

describe('rollout', () => {
  it('turns a treatment percent into [control, treatment] millionths', () => {
    expect(rolloutWeights(0)).toEqual([WEIGHT_TOTAL, 0]);
    expect(rolloutWeights(25)).toEqual([750_000, 250_000]);
    expect(rolloutWeights(100)).toEqual([0, WEIGHT_TOTAL]);
    expect(rolloutWeights(120)).toEqual([0, WEIGHT_TOTAL]);
  });
  it('reads the current treatment share', () => {
    expect(rolloutTreatmentPercent([750_000, 250_000])).toBe(25);
    expect(rolloutTreatmentPercent([])).toBe(0);
  });
  it('tells when the treatment share shrinks', () => {
    expect(isTreatmentShareReduced([750_000, 250_000], 20)).toBe(true);
    expect(isTreatmentShareReduced([750_000, 250_000], 25)).toBe(false);
    expect(isTreatmentShareReduced([750_000, 250_000], 30)).toBe(false);
    expect(isTreatmentShareReduced([], 0)).toBe(false);
  });
});
