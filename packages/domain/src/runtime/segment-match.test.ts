import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareClientVersions, type SegmentCondition } from '../abtest/segment.ts';
import { SegmentOperation as Op, SegmentProperty as Prop } from '../enums.ts';
import { CLIENT_VERSION_PATTERN } from '../operations/release.ts';
import { describeSegmentFailure } from './explain.ts';
import type { PlayerContext } from './runtime-api.ts';
import { matchSegment, parseClientVersion } from './segment-match.ts';

const c = (property: number, op: number, value: string): SegmentCondition => ({ property, op, value });

const player: PlayerContext = {
  Platform: 'Android',
  ClientVersion: '1.10.2',
  FirstCountry: 'de',
  Payer: true,
  PurchaseCount: 3,
  PurchaseAmount: 4.99,
};

// [condition, does it hold for `player` (id 'p-42')?, why]
const VECTORS: [SegmentCondition, boolean, string][] = [
  [c(Prop.Platform, Op.Equals, 'android'), true, 'platform case-insensitive'],
  [c(Prop.Platform, Op.Equals, 'ios'), false, 'other platform'],
  [c(Prop.Platform, Op.NotEquals, 'IOS'), true, 'not ios'],
  [c(Prop.Platform, Op.Contains, 'ios, ANDROID'), true, 'in a list, trimmed, any case'],
  [c(Prop.Platform, Op.Contains, 'ios,webgl'), false, 'not in the list'],
  [c(Prop.ClientVersion, Op.GreaterThan, '1.9'), true, '1.10.2 > 1.9 numerically'],
  [c(Prop.ClientVersion, Op.LessThan, '1.10.2'), false, 'not less than itself'],
  [c(Prop.ClientVersion, Op.Equals, '1.10.2.0'), true, 'missing parts count as 0'],
  [c(Prop.ClientVersion, Op.NotEquals, '1.10'), true, '1.10.2 is not 1.10'],
  [c(Prop.ClientVersion, Op.Contains, '1.9, 1.10.2'), true, 'version in a list'],
  [c(Prop.FirstCountry, Op.Equals, 'DE'), true, 'country case-insensitive'],
  [c(Prop.FirstCountry, Op.Contains, 'FR,US'), false, 'country not in the list'],
  [c(Prop.Payer, Op.Equals, 'true'), true, 'payer'],
  [c(Prop.Payer, Op.NotEquals, 'TRUE'), false, 'payer is true'],
  [c(Prop.PurchaseCount, Op.GreaterThan, '2'), true, '3 > 2'],
  [c(Prop.PurchaseCount, Op.LessThan, '3'), false, '3 is not < 3'],
  [c(Prop.PurchaseCount, Op.Contains, '1, 3, 5'), true, '3 in the list'],
  [c(Prop.PurchaseAmount, Op.Equals, '4.99'), true, 'amount equal'],
  [c(Prop.PurchaseAmount, Op.GreaterThan, '10'), false, '4.99 < 10'],
  [c(Prop.UserId, Op.Equals, 'p-42'), true, 'the player id'],
  [c(Prop.UserId, Op.Equals, 'P-42'), false, 'ids are case-sensitive'],
  [c(Prop.UserId, Op.Contains, 'p-1,p-42'), true, 'id in a list'],
];

describe('matchSegment', () => {
  it.each(VECTORS)('%o holds: %s (%s)', (condition, holds) => {
    expect(matchSegment([condition], player, 'p-42') === null).toBe(holds);
  });

  it('lets every player in with no conditions', () => {
    expect(matchSegment([], {}, 'anyone')).toBeNull();
  });

  it('answers the first failing condition with the player value and why', () => {
    const failure = matchSegment(
      [
        c(Prop.Payer, Op.Equals, 'true'),
        c(Prop.Platform, Op.Equals, 'ios'),
        c(Prop.FirstCountry, Op.Equals, 'US'),
      ],
      player,
      'p-42',
    );
    expect(failure).toEqual({
      condition: c(Prop.Platform, Op.Equals, 'ios'),
      property: 'Platform',
      playerValue: 'Android',
      cause: 'mismatch',
    });
    expect(describeSegmentFailure(failure!)).toBe(
      `Platform == ios does not hold: the player's Platform is "Android"`,
    );
  });

  it('does not match a condition on a property absent from the context, != included', () => {
    const failure = matchSegment([c(Prop.PurchaseCount, Op.NotEquals, '0')], {}, 'p');
    expect(failure).toMatchObject({ cause: 'absent', playerValue: null, property: 'PurchaseCount' });
    expect(describeSegmentFailure(failure!)).toBe(
      "PurchaseCount != 0 does not hold: the player's context has no PurchaseCount",
    );
  });

  it('does not match an invalid condition nor a player version that is not a version', () => {
    expect(matchSegment([c(Prop.Platform, Op.GreaterThan, 'ios')], player, 'p')).toMatchObject({
      cause: 'invalid-condition',
    });
    expect(matchSegment([c(99, Op.Equals, 'x')], player, 'p')).toMatchObject({
      cause: 'invalid-condition',
      property: 'property 99',
    });
    expect(
      matchSegment([c(Prop.ClientVersion, Op.GreaterThan, '1.0')], { ClientVersion: '1.2-beta' }, 'p'),
    ).toMatchObject({ cause: 'invalid-player-value', playerValue: '1.2-beta' });
  });

  it('property: ClientVersion comparisons agree with compareClientVersions', () => {
    const version = fc
      .array(fc.integer({ min: 0, max: 30 }), { minLength: 1, maxLength: 4 })
      .map((parts) => parts.join('.'));
    fc.assert(
      fc.property(version, version, (mine, theirs) => {
        const order = compareClientVersions(mine, theirs);
        const holds = (op: number) =>
          matchSegment([c(Prop.ClientVersion, op, theirs)], { ClientVersion: mine }, 'p') === null;
        expect(holds(Op.GreaterThan)).toBe(order > 0);
        expect(holds(Op.LessThan)).toBe(order < 0);
        expect(holds(Op.Equals)).toBe(order === 0);
        expect(holds(Op.NotEquals)).toBe(order !== 0);
      }),
      { seed: 3, numRuns: 500 },
    );
  });

  it('property: reads a ClientVersion exactly as the release screen’s pattern accepts it', () => {
    const versionLike = fc.stringMatching(/^[0-9.]{0,14}$/);
    fc.assert(
      fc.property(fc.oneof(versionLike, fc.string({ maxLength: 12 })), (text) => {
        const expected = CLIENT_VERSION_PATTERN.test(text) ? text.split('.').map(Number) : null;
        expect(parseClientVersion(text)).toEqual(expected);
      }),
      { seed: 21, numRuns: 3000 },
    );
    expect(parseClientVersion('1.2.3.4')).toEqual([1, 2, 3, 4]);
    expect(parseClientVersion('123456789.0')).toEqual([123_456_789, 0]);
    for (const text of ['', '1.', '.1', '1..2', '1.2.3.4.5', '1234567890', '1.2-beta', ' 1']) {
      expect(parseClientVersion(text)).toBeNull();
    }
  });
});
