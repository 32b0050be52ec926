import { z } from 'zod';
import { caseLabel, caseLabels } from '../abtest/case-label.ts';
import { formatPercentage, WEIGHT_PER_PERCENT } from '../abtest/weights.ts';
import { BUCKET_COUNT, type BucketRange } from './snapshot.ts';

// Each case of an A/B-test's current version owns explicit ranges of buckets, so a new
// version moves the fewest possible players: a case that shrinks gives up buckets (from its highest
// ranges), a case that grows takes them (the lowest freed buckets first, cases in index order), and
// every other bucket stays where it was. Exactly ½·Σ|Δweight| buckets change case, which is the
// minimum: each shrinking case must lose at least its decrease. A re-randomise is a new salt with
// initialRanges: every player's bucket is drawn afresh, so everyone is re-split.
// A case's ranges are kept normalised: sorted, non-empty, adjacent ones merged.

/** The total size of a case's ranges. */
export function rangesSize(ranges: readonly BucketRange[]): number {
  let size = 0;
  for (const [start, end] of ranges) size += end - start;
  return size;
}

/** Sorted by start, empty ranges dropped, touching or overlapping ones merged. */
export function normalizeRanges(ranges: readonly BucketRange[]): BucketRange[] {
  const sorted = ranges.filter(([start, end]) => end > start).sort((a, b) => a[0] - b[0]);
  const merged: BucketRange[] = [];
  for (const [start, end] of sorted) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

function assertWeights(weights: readonly number[]): void {
  let total = 0;
  for (const weight of weights) {
    if (!Number.isSafeInteger(weight) || weight < 0) {
      throw new RangeError(`Case weights must be whole numbers of at least 0, got ${weight}`);
    }
    total += weight;
  }
  if (total !== BUCKET_COUNT) throw new RangeError(`Case weights must total ${BUCKET_COUNT}, not ${total}`);
}

/** Every range of every case, tagged with its case, sorted by start; throws when ranges are malformed or overlap. */
function sortedTaggedRanges(cases: readonly (readonly BucketRange[])[]): [number, number, number][] {
  const tagged: [number, number, number][] = [];
  cases.forEach((ranges, caseIndex) => {
    for (const [start, end] of ranges) {
      if (!(Number.isInteger(start) && Number.isInteger(end) && start >= 0 && end <= BUCKET_COUNT)) {
        throw new RangeError(
          `${caseLabel(caseIndex)} has a range [${start}, ${end}) outside [0, ${BUCKET_COUNT})`,
        );
      }
      if (end > start) tagged.push([start, end, caseIndex]);
    }
  });
  tagged.sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < tagged.length; i += 1) {
    if (tagged[i]![0] < tagged[i - 1]![1]) {
      throw new RangeError(`${caseLabels([tagged[i - 1]![2], tagged[i]![2]])} own overlapping buckets`);
    }
  }
  return tagged;
}

/** A first version (or a re-randomise): contiguous ranges in case order, [0, w1), [w1, w1 + w2), ... */
export function initialRanges(weights: readonly number[]): BucketRange[][] {
  assertWeights(weights);
  let start = 0;
  return weights.map((weight) => {
    const ranges: BucketRange[] = weight > 0 ? [[start, start + weight]] : [];
    start += weight;
    return ranges;
  });
}

/**
 * The ranges of a new version from the current one's, moving the fewest buckets: each case whose
 * weight drops gives up that many buckets from its highest ranges; buckets no case owned before are
 * free too; each case whose weight rises takes what it needs from the free buckets, lowest first,
 * cases in index order. Cases beyond the new weights give up everything; new cases start empty.
 * Throws a RangeError when the weights do not total BUCKET_COUNT or the previous ranges overlap.
 */
export function reassignRanges(
  previousRanges: readonly (readonly BucketRange[])[],
  newWeights: readonly number[],
): BucketRange[][] {
  assertWeights(newWeights);
  const tagged = sortedTaggedRanges(previousRanges);
  const free: BucketRange[] = [];
  let cursor = 0;
  for (const [start, end] of tagged) {
    if (start > cursor) free.push([cursor, start]);
    cursor = end;
  }
  if (cursor < BUCKET_COUNT) free.push([cursor, BUCKET_COUNT]);

  const next: BucketRange[][] = newWeights.map((weight, caseIndex) => {
    const kept = normalizeRanges((previousRanges[caseIndex] ?? []).map(([start, end]) => [start, end]));
    let excess = rangesSize(kept) - weight;
    while (excess > 0) {
      const last = kept[kept.length - 1]!;
      const cut = Math.min(excess, last[1] - last[0]);
      free.push([last[1] - cut, last[1]]);
      last[1] -= cut;
      if (last[1] === last[0]) kept.pop();
      excess -= cut;
    }
    return kept;
  });
  for (let caseIndex = newWeights.length; caseIndex < previousRanges.length; caseIndex += 1) {
    free.push(...previousRanges[caseIndex]!.map(([start, end]): BucketRange => [start, end]));
  }

  const pool = normalizeRanges(free);
  let poolIndex = 0;
  newWeights.forEach((weight, caseIndex) => {
    const ranges = next[caseIndex]!;
    let missing = weight - rangesSize(ranges);
    while (missing > 0) {
      const range = pool[poolIndex]!;
      const take = Math.min(missing, range[1] - range[0]);
      ranges.push([range[0], range[0] + take]);
      range[0] += take;
      if (range[0] === range[1]) poolIndex += 1;
      missing -= take;
    }
    next[caseIndex] = normalizeRanges(ranges);
  });
  return next;
}

/**
 * The index of the case owning `bucket`, -1 when none does. A linear walk: a version has few cases
 * and few ranges (the resolution builds a binary-searchable index once per snapshot instead).
 */
export function caseOfBucket(cases: readonly (readonly BucketRange[])[], bucket: number): number {
  for (let caseIndex = 0; caseIndex < cases.length; caseIndex += 1) {
    for (const [start, end] of cases[caseIndex]!) {
      if (bucket >= start && bucket < end) return caseIndex;
    }
  }
  return -1;
}

/**
 * Whether `cases` is a valid split: ranges inside [0, BUCKET_COUNT), disjoint, covering every
 * bucket, and (when given) each case's size equal to its weight. The answer says what is wrong, or null.
 */
export function findRangesProblem(
  cases: readonly (readonly BucketRange[])[],
  weights?: readonly number[],
): string | null {
  let tagged: [number, number, number][];
  try {
    tagged = sortedTaggedRanges(cases);
  } catch (error) {
    return (error as Error).message;
  }
  let cursor = 0;
  for (const [start, end] of tagged) {
    if (start !== cursor) return `No case owns the buckets [${cursor}, ${start})`;
    cursor = end;
  }
  if (cursor !== BUCKET_COUNT) return `No case owns the buckets [${cursor}, ${BUCKET_COUNT})`;
  if (weights) {
    if (weights.length !== cases.length)
      return `${cases.length} cases of ranges for ${weights.length} weights`;
    const wrong = cases.findIndex((ranges, caseIndex) => rangesSize(ranges) !== weights[caseIndex]);
    if (wrong >= 0) {
      return `${caseLabel(wrong)} owns ${rangesSize(cases[wrong]!)} buckets, but its weight is ${weights[wrong]}`;
    }
  }
  return null;
}

// ---- moves between two splits (the impact of a change, before it is made) ----

/** Buckets moving from one case to another; null = no case (the test did not have or no longer has them). */
export const caseFlowSchema = z.object({
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
  buckets: z.number().int(),
});
export type CaseFlow = z.infer<typeof caseFlowSchema>;

export const movedBucketsSchema = z.object({
  /** Buckets whose case changes (to or from no case included); a share of BUCKET_COUNT. */
  moved: z.number().int(),
  /** Sorted by from, then to (no case last). */
  flows: z.array(caseFlowSchema),
});
export type MovedBuckets = z.infer<typeof movedBucketsSchema>;

/** [start, end, case] pieces partitioning [0, BUCKET_COUNT), gaps as case null. */
function partition(cases: readonly (readonly BucketRange[])[]): [number, number, number | null][] {
  const pieces: [number, number, number | null][] = [];
  let cursor = 0;
  for (const [start, end, caseIndex] of sortedTaggedRanges(cases)) {
    if (start > cursor) pieces.push([cursor, start, null]);
    pieces.push([start, end, caseIndex]);
    cursor = end;
  }
  if (cursor < BUCKET_COUNT) pieces.push([cursor, BUCKET_COUNT, null]);
  return pieces;
}

const flowOrder = (value: number | null) => (value === null ? Number.POSITIVE_INFINITY : value);

/**
 * How many buckets change case between two splits and between which cases, exactly (interval
 * arithmetic over both partitions of [0, BUCKET_COUNT), no sampling). Throws on overlapping ranges.
 */
export function movedBuckets(
  previousRanges: readonly (readonly BucketRange[])[],
  nextRanges: readonly (readonly BucketRange[])[],
): MovedBuckets {
  const before = partition(previousRanges);
  const after = partition(nextRanges);
  const flows = new Map<string, CaseFlow>();
  let moved = 0;
  let i = 0;
  let j = 0;
  let position = 0;
  while (position < BUCKET_COUNT) {
    const a = before[i]!;
    const b = after[j]!;
    const end = Math.min(a[1], b[1]);
    if (a[2] !== b[2]) {
      const key = `${a[2]}>${b[2]}`;
      const flow = flows.get(key) ?? { from: a[2], to: b[2], buckets: 0 };
      flow.buckets += end - position;
      flows.set(key, flow);
      moved += end - position;
    }
    position = end;
    if (a[1] === end) i += 1;
    if (b[1] === end) j += 1;
  }
  const sorted = [...flows.values()].sort(
    (x, y) => flowOrder(x.from) - flowOrder(y.from) || flowOrder(x.to) - flowOrder(y.to),
  );
  return { moved, flows: sorted };
}

/** A share of the bucket space as a percentage with 2 decimals; a non-zero share below 0.01% reads "<0.01%". */
export function formatBucketShare(buckets: number): string {
  const percent = buckets / WEIGHT_PER_PERCENT;
  if (buckets > 0 && percent < 0.005) return '<0.01%';
  return formatPercentage(percent);
}

const caseName = (caseIndex: number | null) => (caseIndex === null ? 'no case' : caseLabel(caseIndex));

/**
 * The impact sentence of a version change: "4.00% of players in this test move: 4.00% from Case 1 (control) to Case 2",
 * or "No player changes case".
 */
export function describeMovedBuckets(moves: MovedBuckets): string {
  if (moves.moved === 0) return 'No player changes case';
  const flows = moves.flows.map(
    (flow) => `${formatBucketShare(flow.buckets)} from ${caseName(flow.from)} to ${caseName(flow.to)}`,
  );
  return `${formatBucketShare(moves.moved)} of players in this test move: ${flows.join(', ')}`;
}
