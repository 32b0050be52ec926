import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  caseOfBucket,
  describeMovedBuckets,
  findRangesProblem,
  formatBucketShare,
  initialRanges,
  movedBuckets,
  normalizeRanges,
  rangesSize,
  reassignRanges,
} from './ranges.ts';
import { BUCKET_COUNT, type BucketRange } from './snapshot.ts';

const N = BUCKET_COUNT;

/** Weights of 1 to `maxCases` cases totalling BUCKET_COUNT (zeros included). */
const weightsArbitrary = (maxCases = 8) =>
  fc
    .array(fc.integer({ min: 0, max: N }), { minLength: 0, maxLength: maxCases - 1 })
    .chain((cuts) =>
      fc.constant([...cuts.sort((a, b) => a - b), N].map((cut, i, all) => cut - (i === 0 ? 0 : all[i - 1]!))),
    );

const halfAbsoluteDelta = (a: readonly number[], b: readonly number[]) => {
  let sum = 0;
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / 2;
};

const isNormalized = (ranges: readonly BucketRange[]) =>
  ranges.every(([start, end], i) => end > start && (i === 0 || start > ranges[i - 1]![1]));

describe('initialRanges', () => {
  it('lays cases out contiguously in case order, empty cases without ranges', () => {
    expect(initialRanges([500_000, 0, 300_000, 200_000])).toEqual([
      [[0, 500_000]],
      [],
      [[500_000, 800_000]],
      [[800_000, N]],
    ]);
    expect(initialRanges([N])).toEqual([[[0, N]]]);
  });

  it('refuses weights that do not total BUCKET_COUNT', () => {
    expect(() => initialRanges([500_000, 400_000])).toThrow('must total 1000000, not 900000');
    expect(() => initialRanges([N + 1, -1])).toThrow('at least 0');
  });
});

describe('reassignRanges', () => {
  it('moves a rollout from 10% to 20% treatment by taking the control highest buckets', () => {
    const ten = initialRanges([900_000, 100_000]);
    const twenty = reassignRanges(ten, [800_000, 200_000]);
    expect(twenty).toEqual([[[0, 800_000]], [[800_000, N]]]);
    expect(movedBuckets(ten, twenty)).toEqual({
      moved: 100_000,
      flows: [{ from: 0, to: 1, buckets: 100_000 }],
    });
  });

  it('gives a shrinking case highest buckets to the growing ones, lowest freed first, in case order', () => {
    const before = initialRanges([500_000, 500_000]);
    // case 1 gives up 200,000 from its top; case 2 keeps; case 3 is new and takes them
    expect(reassignRanges(before, [300_000, 500_000, 200_000])).toEqual([
      [[0, 300_000]],
      [[500_000, N]],
      [[300_000, 500_000]],
    ]);
    // both shrink; the freed [400k,500k) and [900k,1M) go to case 3 first, then case 4
    expect(reassignRanges(before, [400_000, 400_000, 150_000, 50_000])).toEqual([
      [[0, 400_000]],
      [[500_000, 900_000]],
      [
        [400_000, 500_000],
        [900_000, 950_000],
      ],
      [[950_000, N]],
    ]);
  });

  it('hands a removed case buckets to the remaining cases', () => {
    const before = initialRanges([300_000, 300_000, 400_000]);
    expect(reassignRanges(before, [600_000, 400_000])).toEqual([
      [
        [0, 300_000],
        [600_000, 900_000],
      ],
      [
        [300_000, 600_000],
        [900_000, N],
      ],
    ]);
  });

  it('keeps the same weights in place and lays out a first version from no ranges', () => {
    const before = initialRanges([200_000, 800_000]);
    expect(reassignRanges(before, [200_000, 800_000])).toEqual(before);
    expect(reassignRanges([], [200_000, 800_000])).toEqual(before);
  });

  it('refuses overlapping previous ranges and bad weights', () => {
    expect(() => reassignRanges([[[0, 600_000]], [[500_000, N]]], [500_000, 500_000])).toThrow(
      'Case 1 (control) and Case 2 own overlapping buckets',
    );
    expect(() => reassignRanges(initialRanges([N]), [1])).toThrow('must total');
  });

  it('properties: a valid split, sizes equal weights, exactly ½·Σ|Δw| buckets move, over chains of versions', () => {
    fc.assert(
      fc.property(fc.array(weightsArbitrary(), { minLength: 2, maxLength: 6 }), (versions) => {
        let ranges = initialRanges(versions[0]!);
        for (let v = 1; v < versions.length; v += 1) {
          const next = reassignRanges(ranges, versions[v]!);
          expect(findRangesProblem(next, versions[v])).toBeNull();
          expect(next.every(isNormalized)).toBe(true);
          const moves = movedBuckets(ranges, next);
          expect(moves.moved).toBe(halfAbsoluteDelta(versions[v - 1]!, versions[v]!));
          // no bucket ever moves into a case that shrank or out of a case that grew
          for (const flow of moves.flows) {
            expect((versions[v - 1]![flow.from!] ?? 0) > (versions[v]![flow.from!] ?? 0)).toBe(true);
            expect((versions[v]![flow.to!] ?? 0) > (versions[v - 1]![flow.to!] ?? 0)).toBe(true);
          }
          ranges = next;
        }
      }),
      { seed: 1313, numRuns: 400 },
    );
  });

  it('property: a rollout that only grows never moves a treated player back to control', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: N }), { minLength: 2, maxLength: 8 }), (shares) => {
        const growing = [...shares].sort((a, b) => a - b);
        let ranges = initialRanges([N - growing[0]!, growing[0]!]);
        for (const treatment of growing.slice(1)) {
          const next = reassignRanges(ranges, [N - treatment, treatment]);
          expect(movedBuckets(ranges, next).flows.every((flow) => flow.from === 0 && flow.to === 1)).toBe(
            true,
          );
          ranges = next;
        }
      }),
      { seed: 20, numRuns: 200 },
    );
  });
});

describe('caseOfBucket', () => {
  const cases: BucketRange[][] = [
    [
      [0, 10],
      [50, 60],
    ],
    [],
    [
      [10, 50],
      [60, N],
    ],
  ];
  it.each([
    [0, 0],
    [9, 0],
    [10, 2],
    [49, 2],
    [50, 0],
    [59, 0],
    [60, 2],
    [N - 1, 2],
  ])('bucket %i is in case index %i', (bucket, expected) => {
    expect(caseOfBucket(cases, bucket)).toBe(expected);
  });
  it('answers -1 for a bucket no case owns', () => {
    expect(caseOfBucket([[[0, 10]]], 10)).toBe(-1);
  });
});

describe('findRangesProblem', () => {
  it('names gaps, overlaps, out-of-range bounds and sizes that differ from the weights', () => {
    expect(findRangesProblem(initialRanges([400_000, 600_000]), [400_000, 600_000])).toBeNull();
    expect(findRangesProblem([[[0, 400_000]], [[500_000, N]]])).toBe(
      'No case owns the buckets [400000, 500000)',
    );
    expect(findRangesProblem([[[0, 400_000]]])).toBe('No case owns the buckets [400000, 1000000)');
    expect(findRangesProblem([[[0, 600_000]], [[500_000, N]]])).toBe(
      'Case 1 (control) and Case 2 own overlapping buckets',
    );
    expect(findRangesProblem([[[0, N + 1]]])).toContain('outside');
    expect(findRangesProblem(initialRanges([400_000, 600_000]), [500_000, 500_000])).toBe(
      'Case 1 (control) owns 400000 buckets, but its weight is 500000',
    );
  });
});

describe('normalizeRanges and rangesSize', () => {
  it('sorts, drops empty ranges and merges touching ones', () => {
    expect(
      normalizeRanges([
        [50, 60],
        [0, 10],
        [10, 20],
        [30, 30],
        [55, 70],
      ]),
    ).toEqual([
      [0, 20],
      [50, 70],
    ]);
    expect(
      rangesSize([
        [0, 20],
        [50, 70],
      ]),
    ).toBe(40);
  });
});

describe('movedBuckets', () => {
  it('counts flows between cases, and to and from no case', () => {
    const before: BucketRange[][] = [[[0, 500_000]], [[500_000, N]]];
    const after: BucketRange[][] = [[[0, 400_000]], [[400_000, 900_000]]];
    expect(movedBuckets(before, after)).toEqual({
      moved: 200_000,
      flows: [
        { from: 0, to: 1, buckets: 100_000 },
        { from: 1, to: null, buckets: 100_000 },
      ],
    });
    expect(movedBuckets([], initialRanges([N]))).toEqual({
      moved: N,
      flows: [{ from: null, to: 0, buckets: N }],
    });
  });

  it('property: equals bucket-by-bucket counting on one sampled bucket per block of 1,000', () => {
    // Weights in whole thousands keep every range bound a multiple of 1,000, so each block of 1,000
    // buckets lies in one case before and one after: one bucket per block, times 1,000, is exact.
    const block = 1_000;
    const thousands = weightsArbitrary(5).map((weights) => {
      const rounded = weights.map((weight) => Math.floor(weight / block) * block);
      rounded[rounded.length - 1]! += N - rounded.reduce((sum, weight) => sum + weight, 0);
      return rounded;
    });
    fc.assert(
      fc.property(thousands, thousands, thousands, fc.nat(block - 1), (first, second, third, offset) => {
        const before = reassignRanges(initialRanges(first), second);
        const after = reassignRanges(before, third);
        const counted = new Map<string, number>();
        for (let bucket = offset; bucket < N; bucket += block) {
          const from = caseOfBucket(before, bucket);
          const to = caseOfBucket(after, bucket);
          if (from !== to) counted.set(`${from}>${to}`, (counted.get(`${from}>${to}`) ?? 0) + block);
        }
        const moves = movedBuckets(before, after);
        expect(new Map(moves.flows.map((flow) => [`${flow.from}>${flow.to}`, flow.buckets]))).toEqual(
          counted,
        );
        expect(moves.moved).toBe([...counted.values()].reduce((sum, count) => sum + count, 0));
      }),
      { seed: 99, numRuns: 300 },
    );
  });

  it('equals exact bucket-by-bucket counting over the whole space for a few splits', () => {
    const before = reassignRanges(initialRanges([250_000, 250_000, 500_000]), [100_000, 600_000, 300_000]);
    const after = reassignRanges(before, [333_334, 333_333, 0, 333_333]);
    const counted = new Map<string, number>();
    for (let bucket = 0; bucket < N; bucket += 1) {
      const from = caseOfBucket(before, bucket);
      const to = caseOfBucket(after, bucket);
      if (from !== to) counted.set(`${from}>${to}`, (counted.get(`${from}>${to}`) ?? 0) + 1);
    }
    const flows = movedBuckets(before, after).flows.map((flow) => [`${flow.from}>${flow.to}`, flow.buckets]);
    expect(new Map(flows as [string, number][])).toEqual(counted);
  });
});

describe('describeMovedBuckets', () => {
  it('says the share that moves and between which cases, with 2 decimals', () => {
    const ten = initialRanges([900_000, 100_000]);
    expect(describeMovedBuckets(movedBuckets(ten, reassignRanges(ten, [860_000, 140_000])))).toBe(
      '4.00% of players in this test move: 4.00% from Case 1 (control) to Case 2',
    );
    expect(describeMovedBuckets(movedBuckets(ten, ten))).toBe('No player changes case');
    expect(formatBucketShare(1)).toBe('<0.01%');
    expect(formatBucketShare(333_333)).toBe('33.33%');
  });
});
