import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SegmentCondition } from '../abtest/segment.ts';
import { activationSettingsSchema } from '../config/activation.schemas.ts';
import {
  AbTestType,
  SegmentOperation as Op,
  SegmentProperty as Prop,
  WorldEventActivationType as T,
  WorldEventStatus,
} from '../enums.ts';
import { bucketOf } from './bucket.ts';
import {
  describeMatchedEntry,
  describePluginOutcome,
  describeSkippedEntry,
  formatResolution,
} from './explain.ts';
import { caseOfBucket, initialRanges, reassignRanges } from './ranges.ts';
import { playerResolutionSchema } from './resolution.schemas.ts';
import { resolvePlayer } from './resolve.ts';
import type {
  BucketRange,
  RuntimeAbTest,
  RuntimeConfiguration,
  RuntimeContent,
  RuntimePlugin,
  RuntimeRelease,
} from './snapshot.ts';

const NOW = Date.parse('2024-03-10T10:30:00Z');
const H = 3_600;
// bucket.vectors.ts: with salt 'spring-sale', player-1 is in bucket 939577 and player-2 in 234881
const HALVES = initialRanges([500_000, 500_000]);

const release: RuntimeRelease = {
  nextReleaseTime: 0,
  maxLevel: 100,
  nextMaxLevel: 100,
  remindVersion: '',
  minimumVersion: '',
  keyValue: '',
};

function abTest(
  id: string,
  overrides: Partial<RuntimeAbTest> & { ranges?: BucketRange[][] } = {},
): RuntimeAbTest {
  const { ranges = HALVES, ...rest } = overrides;
  return {
    id,
    type: AbTestType.DynamicSegmentation,
    active: true,
    salt: 'spring-sale',
    segment: { conditions: [] },
    version: 1,
    cases: ranges.map((caseRanges) => ({
      weight: caseRanges.reduce((sum, [start, end]) => sum + end - start, 0),
      ranges: caseRanges,
    })),
    ...rest,
  };
}

function configuration(id: string, activation: object = {}, kind = 'ar'): RuntimeConfiguration {
  return {
    id,
    kind,
    activation: activationSettingsSchema.parse({ minLevel: 1, ...activation }),
    data: { id },
  };
}

function plugin(id: number, entries: [string, string[], number?][], enabled = true): RuntimePlugin {
  return {
    id,
    name: `PLUGIN_${id}`,
    enabled,
    entries: entries.map(([abTestId, configurations, version = 1]) => ({
      abTestId,
      abTestVersion: version,
      configurations,
    })),
  };
}

function content(
  plugins: RuntimePlugin[],
  abTests: RuntimeAbTest[],
  configurations: RuntimeConfiguration[],
): RuntimeContent {
  return { plugins, abTests, configurations, release };
}

const platformIs = (value: string): SegmentCondition => ({ property: Prop.Platform, op: Op.Equals, value });

describe('resolvePlayer', () => {
  const base = content([plugin(1, [['spring', ['', 'gold']]])], [abTest('spring')], [configuration('gold')]);

  it('gives the configuration of the player case, by the bucket and the ranges', () => {
    const one = resolvePlayer(base, { userId: 'player-1', context: {} }, NOW).plugins[0]!;
    expect(one.outcome).toBe('configuration');
    expect(one.configuration?.id).toBe('gold');
    expect(one.matched).toMatchObject({
      caseIndex: 1,
      bucket: 939577,
      configurationId: 'gold',
      running: true,
      // Continuous from 1970 without end or cooldown: its back-to-back runs never stop serving
      runningUntil: null,
    });
    expect(one.status).toBe(WorldEventStatus.Running);
    expect(describePluginOutcome(one, 1)).toBe("Receives configuration 'gold'");
    const daily = content(base.plugins, base.abTests, [
      configuration('gold', { type: T.Daily, maxEventDuration: 4 * H, scheduleOffset: 9 * H }),
    ]);
    const until = resolvePlayer(daily, { userId: 'player-1', context: {} }, NOW).plugins[0]!;
    expect(until.matched?.runningUntil).toBe(Date.parse('2024-03-10T13:00:00Z'));
    expect(describePluginOutcome(until, 1)).toBe(
      "Receives configuration 'gold', running until 2024-03-10T13:00:00.000Z",
    );
  });

  it('gives the plugin default for an empty control case', () => {
    const two = resolvePlayer(base, { userId: 'player-2', context: {} }, NOW).plugins[0]!;
    expect(two).toMatchObject({ outcome: 'default', configuration: null });
    expect(two.matched).toMatchObject({ caseIndex: 0, bucket: 234881, configurationId: '', running: null });
    expect(describePluginOutcome(two, 1)).toBe("Case 1 (control) has no configuration: the plugin's default");
  });

  it('gives nothing from a disabled plugin and answers plugins by id', () => {
    const both = content(
      [plugin(7, [['spring', ['gold', 'gold']]]), plugin(3, [['spring', ['gold', 'gold']]], false)],
      [abTest('spring')],
      [configuration('gold')],
    );
    const { plugins } = resolvePlayer(both, { userId: 'player-1', context: {} }, NOW);
    expect(plugins.map((p) => [p.pluginId, p.outcome])).toEqual([
      [3, 'disabled'],
      [7, 'configuration'],
    ]);
    expect(describePluginOutcome(plugins[0]!, 1)).toBe(
      'PLUGIN_3 is switched off: the player receives nothing',
    );
  });

  it('walks the entries in order and says why each earlier one did not apply', () => {
    const ordered = content(
      [
        plugin(1, [
          ['gone', ['a', 'a']],
          ['sleeping', ['a', 'a']],
          ['unversioned', ['a', 'a']],
          ['ios-only', ['a', 'a']],
          ['spring', ['a', 'b']],
          ['never-reached', ['a', 'a']],
        ]),
      ],
      [
        abTest('sleeping', { active: false }),
        abTest('unversioned', { version: null, ranges: [] }),
        abTest('ios-only', { segment: { conditions: [platformIs('ios')] } }),
        abTest('spring'),
        abTest('never-reached'),
      ],
      [configuration('a'), configuration('b')],
    );
    const result = resolvePlayer(ordered, { userId: 'player-2', context: { Platform: 'android' } }, NOW);
    const resolved = result.plugins[0]!;
    expect(resolved.skipped.map((entry) => [entry.position, entry.cause.reason])).toEqual([
      [0, 'abtest-missing'],
      [1, 'abtest-inactive'],
      [2, 'no-active-version'],
      [3, 'segment'],
    ]);
    expect(resolved.skipped[3]!.cause).toMatchObject({
      reason: 'segment',
      failure: { condition: platformIs('ios'), playerValue: 'android', cause: 'mismatch' },
    });
    expect(describeSkippedEntry(resolved.skipped[3]!)).toBe(
      `Not in the segment of AB-test 'ios-only': Platform == ios does not hold: the player's Platform is "android"`,
    );
    expect(resolved.matched).toMatchObject({
      position: 4,
      abTestId: 'spring',
      caseIndex: 0,
      configurationId: 'a',
    });
    expect(resolved.skipped.map(describeSkippedEntry).slice(0, 3)).toEqual([
      "AB-test 'gone' is not in the snapshot",
      "AB-test 'sleeping' is not active",
      "AB-test 'unversioned' has no active version",
    ]);
    expect(playerResolutionSchema.parse(result)).toEqual(result);
    expect(formatResolution(result)).toEqual([
      "PLUGIN_1 (1): Receives configuration 'a'",
      "  entry 1: AB-test 'gone' is not in the snapshot",
      "  entry 2: AB-test 'sleeping' is not active",
      "  entry 3: AB-test 'unversioned' has no active version",
      `  entry 4: Not in the segment of AB-test 'ios-only': Platform == ios does not hold: the player's Platform is "android"`,
      "  entry 5: AB-test 'spring' version 1, Case 1 (control) (bucket 234881)",
    ]);
  });

  it('says when no entry applies', () => {
    const none = content(
      [plugin(1, [['ios-only', ['a']]]), plugin(2, [])],
      [abTest('ios-only', { segment: { conditions: [platformIs('ios')] } })],
      [],
    );
    const { plugins } = resolvePlayer(none, { userId: 'p', context: {} }, NOW);
    expect(plugins.map((p) => p.outcome)).toEqual(['no-match', 'no-match']);
    expect(plugins[0]!.skipped[0]!.cause).toMatchObject({ reason: 'segment', failure: { cause: 'absent' } });
    expect(describePluginOutcome(plugins[0]!, 1)).toBe(
      "No entry of the active set applies: the plugin's default",
    );
  });

  it('skips an entry when no case owns the bucket', () => {
    const gap = content(
      [plugin(1, [['spring', ['a']]])],
      [abTest('spring', { ranges: [[[0, 500_000]]] })],
      [],
    );
    const resolved = resolvePlayer(gap, { userId: 'player-1', context: {} }, NOW).plugins[0]!;
    expect(resolved.skipped[0]!.cause).toEqual({ reason: 'no-case', bucket: 939577 });
  });

  it('decides the case by the test current version; an older entry without a slot gives the default', () => {
    const threeCases = initialRanges([300_000, 300_000, 400_000]); // player-1 (939577) is in case 3
    const pinned = content(
      [plugin(1, [['spring', ['a', 'b'], 1]])],
      [abTest('spring', { version: 2, ranges: threeCases })],
      [configuration('a'), configuration('b')],
    );
    const resolved = resolvePlayer(pinned, { userId: 'player-1', context: {} }, NOW).plugins[0]!;
    expect(resolved.outcome).toBe('default');
    expect(resolved.matched).toMatchObject({
      caseIndex: 2,
      hasSlot: false,
      abTestVersion: 1,
      testVersion: 2,
    });
    expect(describeMatchedEntry(resolved.matched!)).toContain(
      'the entry was added with version 1, which has no configuration for Case 3',
    );
  });

  it('gives the default for a configuration missing from the snapshot', () => {
    const missing = content([plugin(1, [['spring', ['x', 'x']]])], [abTest('spring')], []);
    const resolved = resolvePlayer(missing, { userId: 'p', context: {} }, NOW).plugins[0]!;
    expect(resolved).toMatchObject({ outcome: 'configuration-missing', configuration: null });
  });

  describe('schedule and level', () => {
    const scheduled = (activation: object, kind?: string) =>
      content(
        [plugin(1, [['spring', ['c', 'c']]])],
        [abTest('spring')],
        [configuration('c', activation, kind)],
      );

    it('gives nothing outside the configuration windows and says when it next starts', () => {
      const daily = scheduled({ type: T.Daily, maxEventDuration: 2 * H, scheduleOffset: 12 * H });
      const resolved = resolvePlayer(daily, { userId: 'p', context: {} }, NOW).plugins[0]!;
      expect(resolved).toMatchObject({ outcome: 'not-running', configuration: null });
      expect(resolved.matched).toMatchObject({
        running: false,
        nextStart: Date.parse('2024-03-10T12:00:00Z'),
      });
      expect(describePluginOutcome(resolved, 1)).toBe(
        "Configuration 'c' does not run now; it next starts 2024-03-10T12:00:00.000Z: the plugin's default",
      );
      const atNoon = resolvePlayer(daily, { userId: 'p', context: {} }, Date.parse('2024-03-10T13:00:00Z'));
      expect(atNoon.plugins[0]!.matched).toMatchObject({
        running: true,
        runningUntil: Date.parse('2024-03-10T14:00:00Z'),
      });
    });

    it('says when a configuration never starts within 30 days', () => {
      const over = scheduled({ type: T.OneShot, start: Date.parse('2024-01-01T00:00:00Z') });
      const resolved = resolvePlayer(over, { userId: 'p', context: {} }, NOW).plugins[0]!;
      expect(resolved.matched).toMatchObject({ running: false, nextStart: null });
      expect(describePluginOutcome(resolved, 1)).toBe(
        "Configuration 'c' does not run now, nor within 30 days: the plugin's default",
      );
    });

    it('gives nothing below the minimum level; a player without a level is level 1', () => {
      const sixty = scheduled({ minLevel: 60 });
      const low = resolvePlayer(sixty, { userId: 'p', context: {}, level: 59 }, NOW);
      expect(low.plugins[0]).toMatchObject({ outcome: 'below-min-level', configuration: null });
      expect(describePluginOutcome(low.plugins[0]!, low.level)).toBe(
        "Configuration 'c' needs level 60; the player is level 59: the plugin's default",
      );
      expect(resolvePlayer(sixty, { userId: 'p', context: {} }, NOW)).toMatchObject({ level: 1 });
      expect(resolvePlayer(sixty, { userId: 'p', context: {}, level: 60 }, NOW).plugins[0]!.outcome).toBe(
        'configuration',
      );
    });

    it('serves a kind without activation at any time and level', () => {
      const nuf = scheduled(
        { type: T.OneShot, start: Date.parse('2030-01-01T00:00:00Z'), minLevel: 60 },
        'plugin/nuf',
      );
      const resolved = resolvePlayer(nuf, { userId: 'p', context: {} }, NOW).plugins[0]!;
      expect(resolved.outcome).toBe('configuration');
      expect(resolved.matched).toMatchObject({ running: true, runningUntil: null, minLevel: null });
    });
  });

  it('keeps sticky assignments of A/B-tests named after every member of Object.prototype', () => {
    const names = Object.getOwnPropertyNames(Object.prototype);
    const named = content(
      names.map((name, index) => plugin(index + 1, [[name, [`${name}-a`, `${name}-b`]]])),
      names.map((name) => abTest(name, { type: AbTestType.StickySegmentation, salt: name })),
      names.flatMap((name) => [configuration(`${name}-a`), configuration(`${name}-b`)]),
    );
    const first = resolvePlayer(named, { userId: 'player-1', context: {} }, NOW);
    expect(Object.keys(first.assignments).sort()).toEqual([...names].sort());
    for (const result of first.plugins) expect(result.matched).toMatchObject({ sticky: 'assigned' });
    // The game server passes back what it was given (as JSON): every assignment is kept, none inherited.
    const passedBack = JSON.parse(JSON.stringify(first.assignments)) as Record<string, number>;
    const later = resolvePlayer(named, { userId: 'player-1', context: {}, assignments: passedBack }, NOW);
    for (const result of later.plugins) expect(result.matched).toMatchObject({ sticky: 'kept' });
    expect(later.assignments).toEqual(first.assignments);
  });

  describe('sticky, dynamic and rollout', () => {
    const withType = (type: number, ranges = HALVES) =>
      content(
        [plugin(1, [['spring', ['a', 'b', 'c'].slice(0, ranges.length)]])],
        [abTest('spring', { type, segment: { conditions: [platformIs('ios')] }, ranges })],
        [configuration('a'), configuration('b'), configuration('c')],
      );

    it('sticky: assigns the case once and keeps it even when segment and ranges change', () => {
      const first = resolvePlayer(
        withType(AbTestType.StickySegmentation),
        { userId: 'player-1', context: { Platform: 'ios' } },
        NOW,
      );
      expect(first.assignments).toEqual({ spring: 1 });
      expect(first.plugins[0]!.matched).toMatchObject({ caseIndex: 1, sticky: 'assigned' });
      // later: the player left the segment and a new version moved bucket 939577 to case 1
      const moved = withType(AbTestType.StickySegmentation, reassignRanges(HALVES, [1_000_000, 0]));
      const later = resolvePlayer(
        moved,
        { userId: 'player-1', context: { Platform: 'android' }, assignments: first.assignments },
        NOW,
      );
      expect(later.plugins[0]!.matched).toMatchObject({ caseIndex: 1, sticky: 'kept', configurationId: 'b' });
      expect(later.assignments).toEqual({ spring: 1 });
    });

    it('sticky: drops an assignment whose case no longer exists and evaluates the player afresh', () => {
      const result = resolvePlayer(
        withType(AbTestType.StickySegmentation),
        { userId: 'player-2', context: { Platform: 'ios' }, assignments: { spring: 5, other: 2 } },
        NOW,
      );
      expect(result.plugins[0]!.matched).toMatchObject({
        caseIndex: 0,
        sticky: 'assigned',
        droppedAssignment: 5,
      });
      expect(describeMatchedEntry(result.plugins[0]!.matched!)).toContain(
        'the earlier assignment to Case 6, which no longer exists, was dropped',
      );
      // an assignment of a test the snapshot does not hold is kept for later
      expect(result.assignments).toEqual({ spring: 0, other: 2 });
      const outside = resolvePlayer(
        withType(AbTestType.StickySegmentation),
        { userId: 'player-2', context: {}, assignments: { spring: 5 } },
        NOW,
      );
      expect(outside.plugins[0]!.skipped[0]).toMatchObject({
        droppedAssignment: 5,
        cause: { reason: 'segment' },
      });
      expect(outside.assignments).toEqual({});
    });

    it('sticky: a player not in the segment is not assigned', () => {
      const result = resolvePlayer(
        withType(AbTestType.StickySegmentation),
        { userId: 'p', context: { Platform: 'android' } },
        NOW,
      );
      expect(result.assignments).toEqual({});
    });

    it('dynamic: ignores assignments, re-evaluates segment and bucket each time, and drops them', () => {
      const dynamic = withType(AbTestType.DynamicSegmentation);
      const result = resolvePlayer(
        dynamic,
        { userId: 'player-1', context: { Platform: 'ios' }, assignments: { spring: 0 } },
        NOW,
      );
      expect(result.plugins[0]!.matched).toMatchObject({ caseIndex: 1, sticky: null });
      expect(result.assignments).toEqual({});
      const left = resolvePlayer(dynamic, { userId: 'player-1', context: { Platform: 'android' } }, NOW);
      expect(left.plugins[0]!.outcome).toBe('no-match');
    });

    it('rollout property: as treatment only grows, a treated player stays treated', () => {
      const players = Array.from({ length: 300 }, (_, i) => `player-${i}`);
      fc.assert(
        fc.property(
          fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 2, maxLength: 5 }),
          (shares) => {
            const growing = [...shares].sort((a, b) => a - b);
            let ranges = initialRanges([1_000_000 - growing[0]!, growing[0]!]);
            let treated = new Set<string>();
            for (const share of growing) {
              ranges = reassignRanges(ranges, [1_000_000 - share, share]);
              const rollout = content(
                [plugin(1, [['spring', ['', 'b']]])],
                [abTest('spring', { type: AbTestType.Rollout, ranges })],
                [configuration('b')],
              );
              const now = new Set(
                players.filter(
                  (userId) =>
                    resolvePlayer(rollout, { userId, context: {} }, NOW).plugins[0]!.outcome ===
                    'configuration',
                ),
              );
              for (const userId of treated) expect(now.has(userId)).toBe(true);
              for (const userId of players) {
                expect(now.has(userId)).toBe(caseOfBucket(ranges, bucketOf('spring-sale', userId)) === 1);
              }
              treated = now;
            }
          },
        ),
        { seed: 5, numRuns: 40 },
      );
    });
  });

  it('caches per snapshot object yet answers a new snapshot afresh', () => {
    const first = content([plugin(1, [['spring', ['a', 'a']]])], [abTest('spring')], [configuration('a')]);
    expect(resolvePlayer(first, { userId: 'p', context: {} }, NOW).plugins[0]!.outcome).toBe('configuration');
    const second = { ...first, plugins: [plugin(1, [['spring', ['a', 'a']]], false)] };
    expect(resolvePlayer(second, { userId: 'p', context: {} }, NOW).plugins[0]!.outcome).toBe('disabled');
    expect(resolvePlayer(first, { userId: 'p', context: {} }, NOW).plugins[0]!.outcome).toBe('configuration');
  });

  it('computes one bucket per test and player, the same in every plugin using the test', () => {
    const shared = content(
      [plugin(1, [['spring', ['a', 'b']]]), plugin(2, [['spring', ['a', 'b']]])],
      [abTest('spring')],
      [configuration('a'), configuration('b')],
    );
    for (const userId of ['player-1', 'player-2', 'x']) {
      const { plugins } = resolvePlayer(shared, { userId, context: {} }, NOW);
      expect(plugins[0]!.matched!.bucket).toBe(bucketOf('spring-sale', userId));
      expect(plugins[1]!.matched!.bucket).toBe(plugins[0]!.matched!.bucket);
    }
  });
});
