import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AbTestType, SegmentOperation as Op, SegmentProperty as Prop } from '../enums.ts';
import { initialRanges } from './ranges.ts';
import { resolveAbTestCase, resolveReceipt } from './resolve.ts';
import type { RuntimeAbTest, RuntimeContent } from './snapshot.ts';

// An A/B-test read on its own (the OpenFeature provider's A/B-test flags) places a player in the same
// case as a plugin entry of that test does.

const NOW = Date.parse('2024-03-10T10:30:00Z');
const release = {
  nextReleaseTime: 0,
  maxLevel: 100,
  nextMaxLevel: 100,
  remindVersion: '',
  minimumVersion: '',
  keyValue: '',
};

function abTest(overrides: Partial<RuntimeAbTest> = {}): RuntimeAbTest {
  const ranges = initialRanges([300_000, 300_000, 400_000]);
  return {
    id: 'spring',
    type: AbTestType.DynamicSegmentation,
    active: true,
    // bucket.vectors.ts: with salt 'spring-sale', player-1 is in bucket 939577 and player-2 in 234881
    salt: 'spring-sale',
    segment: { conditions: [] },
    version: 2,
    cases: ranges.map((caseRanges) => ({
      weight: caseRanges.reduce((sum, [s, e]) => sum + e - s, 0),
      ranges: caseRanges,
    })),
    ...overrides,
  };
}

function contentWith(test: RuntimeAbTest): RuntimeContent {
  const entry = { abTestId: test.id, abTestVersion: 2, configurations: ['', '', ''] };
  return {
    plugins: [{ id: 1, name: 'GOLD_RUSH', enabled: true, entries: [entry] }],
    abTests: [test],
    configurations: [],
    release,
  };
}

describe('resolveAbTestCase', () => {
  it('places a player by bucket and ranges: bucket 939577 is in the third case, 234881 in the first', () => {
    const content = contentWith(abTest());
    expect(resolveAbTestCase(content, { userId: 'player-1', context: {} }, 'spring')).toEqual({
      outcome: 'case',
      caseIndex: 2,
      version: 2,
      sticky: null,
    });
    expect(resolveAbTestCase(content, { userId: 'player-2', context: {} }, 'spring')).toMatchObject({
      caseIndex: 0,
    });
  });

  it('keeps a sticky assignment, assigns one otherwise, and drops one whose case is gone', () => {
    const content = contentWith(abTest({ type: AbTestType.StickySegmentation }));
    const player = { userId: 'player-1', context: {} };
    expect(resolveAbTestCase(content, { ...player, assignments: { spring: 1 } }, 'spring')).toMatchObject({
      caseIndex: 1,
      sticky: 'kept',
    });
    expect(resolveAbTestCase(content, player, 'spring')).toMatchObject({ caseIndex: 2, sticky: 'assigned' });
    expect(resolveAbTestCase(content, { ...player, assignments: { spring: 7 } }, 'spring')).toMatchObject({
      caseIndex: 2,
      sticky: 'assigned',
    });
  });

  it('places nobody for a missing or inactive test, one without a version, or outside the segment', () => {
    const player = { userId: 'player-1', context: { Platform: 'android' } };
    const outcomeOf = (test: RuntimeAbTest, id = 'spring') =>
      resolveAbTestCase(contentWith(test), player, id).outcome;
    expect(outcomeOf(abTest(), 'autumn')).toBe('abtest-missing');
    // a sticky assignment does not bring a player into an inactive test
    const inactive = contentWith(abTest({ active: false, type: AbTestType.StickySegmentation }));
    expect(resolveAbTestCase(inactive, { ...player, assignments: { spring: 1 } }, 'spring').outcome).toBe(
      'abtest-inactive',
    );
    expect(outcomeOf(abTest({ version: null, cases: [] }))).toBe('no-active-version');
    const iosOnly = { conditions: [{ property: Prop.Platform, op: Op.Equals, value: 'ios' }] };
    expect(outcomeOf(abTest({ segment: iosOnly }))).toBe('segment');
    expect(outcomeOf(abTest({ cases: [{ weight: 1_000_000, ranges: [[0, 10]] }] }))).toBe('no-case');
  });

  it('agrees with the plugin entry of the same test for any player and assignment', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.constantFrom(AbTestType.StickySegmentation, AbTestType.DynamicSegmentation, AbTestType.Rollout),
        fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
        (userId, type, assigned) => {
          const content = contentWith(abTest({ type }));
          const input = {
            userId,
            context: {},
            ...(assigned === undefined ? {} : { assignments: { spring: assigned } }),
          };
          const plugin = resolveReceipt(content, input, NOW).plugins[0]!;
          const answer = resolveAbTestCase(content, input, 'spring');
          expect(answer.outcome === 'case' ? answer.caseIndex : null).toBe(plugin.caseIndex);
        },
      ),
    );
  });
});
