import {
  type BucketRange,
  bucketRangeSchema,
  initialRanges,
  rangesAfterActivation,
} from '@console/domain/runtime';
import { z } from 'zod';
import { parseJsonColumn } from '../../db/json-column.ts';

// Bucketing: each case of an active version owns explicit bucket ranges, fixed when the
// version is activated. The rules are the domain's (initialRanges, reassignRanges); this only
// decides which of them applies and reads what is stored.

/** The ranges of each case, by case index, as stored in ab_test_version.ranges. */
export type CaseRanges = BucketRange[][];

const caseRangesSchema = z.array(z.array(bucketRangeSchema));

/**
 * The ranges a version serves: those fixed at its activation, or, for a version activated before
 * ranges were stored (null), the initial ranges of its weights — what the first snapshot published.
 */
export function servedRanges(cases: readonly number[], stored: unknown, what: string): CaseRanges {
  if (stored === null || stored === undefined) return initialRanges(cases);
  return parseJsonColumn(caseRangesSchema, stored, `ranges of ${what}`);
}

export interface RangeActivation {
  /** The current version before this activation (its weights and stored ranges); null without one. */
  previous: { cases: readonly number[]; ranges: unknown } | null;
  weights: readonly number[];
  /** A fresh split (with a new salt): the initial ranges, whatever was served before. */
  reRandomise: boolean;
  /** Names the A/B-test in an error about stored ranges. */
  what: string;
}

/**
 * The ranges of a version being activated: the previous current version's ranges reassigned so that
 * the fewest players change case (½·Σ|Δweight|), or the initial ranges for a first version or a
 * re-randomised split.
 */
export function rangesForActivation({ previous, weights, reRandomise, what }: RangeActivation): CaseRanges {
  // The impact preview calls the same domain rule with the same input.
  const current =
    reRandomise || previous === null ? null : servedRanges(previous.cases, previous.ranges, what);
  return rangesAfterActivation(current, weights, reRandomise);
}
