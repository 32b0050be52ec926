import { AbTestType } from '../enums.ts';
import { caseLabel } from './case-label.ts';
import { failRule, RULE_OK, type RuleResult } from './rule-result.ts';

// Case weights are integers summing to 1,000,000, shown as 100%.
export const WEIGHT_TOTAL = 1_000_000;
/** Millionths per percent: 1% is 10,000. */
export const WEIGHT_PER_PERCENT = WEIGHT_TOTAL / 100;
// Rollout versions have two cases, control and treatment.
export const ROLLOUT_CASE_COUNT = 2;
// Decision (docs/decisions/0120): a version holds at most 100 cases.
export const MAX_CASE_COUNT = 100;
// Decision (docs/decisions/0121): percentages are displayed with 2 decimals (0.01% = 100 millionths).
export const PERCENT_DECIMALS = 2;
/** A weight is a whole millionth, so a typed percent has at most 4 decimals (0.0001% = 1). */
export const PERCENT_INPUT_DECIMALS = 4;

export const WEIGHT_MESSAGES = {
  // Exact text
  empty: 'Weights cannot be empty',
  tooMany: `Weights cannot have more than ${MAX_CASE_COUNT} cases`,
  notWhole: (caseIndex: number) => `Weight of ${caseLabel(caseIndex)} must be a whole number of at least 0`,
  total: (total: number) =>
    `Weights must total ${WEIGHT_TOTAL} (100%), but they total ${total} (${formatPercentage(total / WEIGHT_PER_PERCENT, 4)})`,
  rolloutCases: (count: number) =>
    `Rollout versions must have exactly ${ROLLOUT_CASE_COUNT} cases, not ${count}`,
  // The Create-Version form's fields (every field shows exactly what will be sent).
  percentEmpty: 'Enter a percentage from 0 to 100',
  percentNotNumber: 'Enter a plain number from 0 to 100, such as 12.5',
  percentRange: 'Must be from 0 to 100',
  percentDecimals: `Use at most ${PERCENT_INPUT_DECIMALS} decimals (a weight is a whole millionth)`,
  nothingToDistribute: (keptCount: number) =>
    keptCount === 1
      ? `Nothing to distribute: ${caseLabel(0)} already has 100%`
      : `Nothing to distribute: ${caseLabel(0)} to ${caseLabel(keptCount - 1)} already total 100%`,
  noLaterCases: (keptCount: number) => `There is no case after ${caseLabel(keptCount - 1)} to distribute to`,
} as const;

export function sumWeights(weights: readonly number[]): number {
  return weights.reduce((total, weight) => total + weight, 0);
}

/** A version's weights are non-empty, whole, ≥ 0 and total exactly 1,000,000. */
export function validateWeights(weights: readonly number[]): RuleResult {
  if (weights.length === 0) return failRule(WEIGHT_MESSAGES.empty);
  if (weights.length > MAX_CASE_COUNT) return failRule(WEIGHT_MESSAGES.tooMany);
  const badIndex = weights.findIndex((weight) => !Number.isSafeInteger(weight) || weight < 0);
  if (badIndex >= 0) return failRule(WEIGHT_MESSAGES.notWhole(badIndex));
  const total = sumWeights(weights);
  if (total !== WEIGHT_TOTAL) return failRule(WEIGHT_MESSAGES.total(total));
  return RULE_OK;
}

/** validateWeights plus a rollout version has exactly two cases. */
export function validateVersionWeights(type: number, weights: readonly number[]): RuleResult {
  const result = validateWeights(weights);
  if (!result.ok) return result;
  if (type === AbTestType.Rollout && weights.length !== ROLLOUT_CASE_COUNT) {
    return failRule(WEIGHT_MESSAGES.rolloutCases(weights.length));
  }
  return RULE_OK;
}

/** Create is enabled only when the weights total exactly 100%. */
export function canCreateVersion(weights: readonly number[]): boolean {
  return validateWeights(weights).ok;
}

// ---- display ----

/** Exact percent of one weight (for a form field): 333,333 → 33.3333. */
export function weightToPercent(weight: number): number {
  return weight / WEIGHT_PER_PERCENT;
}

/** A percent typed in the form back to millionths, rounded to a whole weight and kept in 0..1,000,000. */
export function percentToWeight(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.min(WEIGHT_TOTAL, Math.max(0, Math.round(percent * WEIGHT_PER_PERCENT)));
}

/**
 * Display percentages that always total exactly 100 (largest-remainder method), each with `decimals`
 * decimals. Shares are of the weights' own total, so a list mid-edit still displays sensibly; a zero
 * total displays all zeros. Ties in the remainder go to the earlier case.
 * Example: [333334, 333333, 333333] → [33.34, 33.33, 33.33].
 */
export function toDisplayPercentages(
  weights: readonly number[],
  decimals: number = PERCENT_DECIMALS,
): number[] {
  return toPercentageUnits(weights, decimals).map((units) => units / 10 ** decimals);
}

/** The same as toDisplayPercentages in whole units of 10^-decimals percent; they sum to 100·10^decimals. */
export function toPercentageUnits(weights: readonly number[], decimals: number = PERCENT_DECIMALS): number[] {
  const total = sumWeights(weights);
  if (weights.length === 0 || total <= 0) return weights.map(() => 0);
  const target = 100 * 10 ** decimals;
  // Integer arithmetic: weight·target ≤ 1e6·1e4 stays far below 2^53 at the default precision.
  const shares = weights.map((weight, index) => {
    const scaled = Math.max(0, weight) * target;
    return { index, units: Math.floor(scaled / total), remainder: scaled % total };
  });
  let missing = target - shares.reduce((sum, share) => sum + share.units, 0);
  const byRemainder = [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const share of byRemainder) {
    if (missing <= 0) break;
    share.units += 1;
    missing -= 1;
  }
  return shares.map((share) => share.units);
}

/** "33.33%": a display percentage with a fixed number of decimals. */
export function formatPercentage(percent: number, decimals: number = PERCENT_DECIMALS): string {
  return `${percent.toFixed(decimals)}%`;
}

// ---- Create-Version form arithmetic ----

/** A new case starts at 0; the first (single) case gets 100%. */
export function addCase(weights: readonly number[]): number[] {
  return weights.length === 0 ? [WEIGHT_TOTAL] : [...weights, 0];
}

/**
 * Removes a case; its weight is handed to the last remaining case (if that is not enough to give,
 * when the total was above 100%, the cases before it give the rest), so the total is 100% again.
 */
export function removeCase(weights: readonly number[], index: number): number[] {
  if (index < 0 || index >= weights.length) return [...weights];
  const rest = weights.filter((_, i) => i !== index);
  if (rest.length === 0) return rest;
  return compensate(
    rest,
    rest.map((_, i) => rest.length - 1 - i),
  );
}

/**
 * Sets one case's weight (clamped to a whole 0..1,000,000) and adjusts the others so the total is
 * exactly 1,000,000 again. Decision (docs/decisions/0139): the control case (case 1, index 0)
 * absorbs an edit of any other case, so typing the cases top to bottom gives what was typed
 * (100/0/0, case 2 = 20, case 3 = 30 → 50/20/30); an edit of the control adjusts the last case.
 * When the absorbing case reaches 0, the rest is taken from the last case backwards, never from the
 * edited one. A single case takes what is typed, so the form shows what it would send.
 */
export function setCaseWeight(weights: readonly number[], index: number, weight: number): number[] {
  if (index < 0 || index >= weights.length) return [...weights];
  const next = [...weights];
  next[index] = Number.isFinite(weight) ? Math.min(WEIGHT_TOTAL, Math.max(0, Math.round(weight))) : 0;
  if (weights.length === 1) return next;
  const fromLast = next.map((_, i) => next.length - 1 - i).filter((i) => i !== index && i !== 0);
  return compensate(next, index === 0 ? fromLast : [0, ...fromLast]);
}

/** Brings the total back to WEIGHT_TOTAL by changing the cases at `order`, in that order. */
function compensate(weights: readonly number[], order: readonly number[]): number[] {
  const next = weights.map((weight) => (Number.isFinite(weight) ? Math.max(0, Math.round(weight)) : 0));
  let delta = WEIGHT_TOTAL - sumWeights(next);
  for (const i of order) {
    if (delta === 0) break;
    const current = next[i]!;
    // Adding never fails, so a positive delta lands entirely on the first case in the order.
    const change = delta > 0 ? delta : Math.max(delta, -current);
    next[i] = current + change;
    delta -= change;
  }
  return next;
}

/**
 * "distribute equally": keeps the first `keptCount` cases and spreads what remains of
 * 1,000,000 evenly over the later cases, in whole millionths; the leftover units go one each to the
 * earliest of them, so the total is exact. keptCount 0 spreads 100% over all cases. If the kept
 * cases already exceed 100%, the later cases get 0. With no later case the weights are unchanged.
 */
export function distributeEqually(weights: readonly number[], keptCount = 0): number[] {
  const kept = Math.max(0, Math.min(weights.length, Math.floor(keptCount)));
  const laterCount = weights.length - kept;
  if (laterCount === 0) return [...weights];
  const head = weights.slice(0, kept);
  const remainder = Math.max(0, WEIGHT_TOTAL - sumWeights(head));
  const base = Math.floor(remainder / laterCount);
  const extra = remainder - base * laterCount;
  const later = Array.from({ length: laterCount }, (_, i) => base + (i < extra ? 1 : 0));
  return [...head, ...later];
}

/**
 * "distribute equally" after case `keptCount` is refused with a reason when there is
 * nothing left to spread (the kept cases already total 100% or more) or no later case to spread it on.
 */
export function checkDistribution(weights: readonly number[], keptCount: number): RuleResult {
  if (keptCount >= weights.length) return failRule(WEIGHT_MESSAGES.noLaterCases(keptCount));
  if (sumWeights(weights.slice(0, keptCount)) >= WEIGHT_TOTAL) {
    return failRule(WEIGHT_MESSAGES.nothingToDistribute(keptCount));
  }
  return RULE_OK;
}

/** What one percent field of the Create-Version form holds: the weight it sends, or why it is invalid. */
export type PercentEntry = { ok: true; weight: number } | { ok: false; message: string };

const PERCENT_TEXT = /^-?\d+([.,]\d*)?$/;

/**
 * A percent typed in the Create-Version form, read exactly. Plain digits with an optional
 * decimal point or comma ("12", "12.", "12,5"), 0 to 100, at most 4 decimals; anything else ("",
 * "abc", "1e2", "-5", "150", "33.33333") is invalid with the reason, never clamped or rounded.
 */
export function readPercentEntry(text: string): PercentEntry {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: WEIGHT_MESSAGES.percentEmpty };
  if (!PERCENT_TEXT.test(trimmed)) return { ok: false, message: WEIGHT_MESSAGES.percentNotNumber };
  const normalized = trimmed.replace(',', '.');
  const percent = Number(normalized);
  if (trimmed.startsWith('-') || percent > 100) return { ok: false, message: WEIGHT_MESSAGES.percentRange };
  const decimals = normalized.split('.')[1] ?? '';
  if (decimals.length > PERCENT_INPUT_DECIMALS) {
    return { ok: false, message: WEIGHT_MESSAGES.percentDecimals };
  }
  return { ok: true, weight: Math.round(percent * WEIGHT_PER_PERCENT) };
}

// ---- rollout ----

/** Treatment 0..100 % (clamped, rounded to a whole millionth) → version weights [control, treatment]. */
export function rolloutWeights(treatmentPercent: number): [number, number] {
  const treatment = percentToWeight(treatmentPercent);
  return [WEIGHT_TOTAL - treatment, treatment];
}

/** The treatment share in percent of a rollout's current cases; 0 when there is no version yet. */
export function rolloutTreatmentPercent(cases: readonly number[]): number {
  return weightToPercent(cases[1] ?? 0);
}

/** The rollout screen warns when the new treatment share is smaller than the current one. */
export function isTreatmentShareReduced(
  currentCases: readonly number[],
  nextTreatmentPercent: number,
): boolean {
  return rolloutWeights(nextTreatmentPercent)[1] < (currentCases[1] ?? 0);
}
