import { SegmentOperation as Op, SegmentProperty as Prop } from '../enums.ts';
import type { SegmentCondition } from './segment.ts';

export interface ConditionVector {
  readonly condition: SegmentCondition;
  readonly expectedMask: number;
  readonly why: string;
}

const c = (property: number, op: number, value: string): SegmentCondition => ({ property, op, value });

/**
 * The condition rules by example (0 valid, 1 property, 2 operation, 4 value, 8 format). The unit
 * test iterates these; docs/decisions/0162 cites them. Format (8) = the text does not have the shape
 * (not a number, not dotted digits, not two letters, malformed list); value (4) = well-formed but
 * not allowed (unknown platform or country, negative or fractional count, empty).
 */
export const SEGMENT_CONDITION_VECTORS: readonly ConditionVector[] = Object.freeze([
  // valid
  { condition: c(Prop.Platform, Op.Equals, 'ios'), expectedMask: 0, why: 'known platform' },
  {
    condition: c(Prop.Platform, Op.NotEquals, 'Android'),
    expectedMask: 0,
    why: 'platforms are case-insensitive',
  },
  {
    condition: c(Prop.Platform, Op.Contains, 'ios, android ,webgl'),
    expectedMask: 0,
    why: 'list entries trimmed',
  },
  { condition: c(Prop.ClientVersion, Op.GreaterThan, '1.2'), expectedMask: 0, why: 'two-part version' },
  { condition: c(Prop.ClientVersion, Op.LessThan, '1.2.3'), expectedMask: 0, why: 'three-part version' },
  { condition: c(Prop.ClientVersion, Op.Contains, '1.2,1.3.1'), expectedMask: 0, why: 'list of versions' },
  {
    condition: c(Prop.ClientVersion, Op.NotEquals, '2'),
    expectedMask: 0,
    why: 'one part is a version (as on the release screen)',
  },
  { condition: c(Prop.FirstCountry, Op.Equals, 'US'), expectedMask: 0, why: 'ISO 3166-1 alpha-2 code' },
  {
    condition: c(Prop.FirstCountry, Op.Contains, 'de, fr, GB'),
    expectedMask: 0,
    why: 'country codes case-insensitive',
  },
  { condition: c(Prop.Payer, Op.Equals, 'true'), expectedMask: 0, why: 'boolean' },
  { condition: c(Prop.Payer, Op.NotEquals, 'FALSE'), expectedMask: 0, why: 'boolean, case-insensitive' },
  { condition: c(Prop.PurchaseCount, Op.GreaterThan, '0'), expectedMask: 0, why: 'zero is a count' },
  { condition: c(Prop.PurchaseCount, Op.Contains, '1, 2, 3'), expectedMask: 0, why: 'list of counts' },
  { condition: c(Prop.PurchaseAmount, Op.LessThan, '19.99'), expectedMask: 0, why: 'decimal amount' },
  { condition: c(Prop.UserId, Op.Equals, 'player-42'), expectedMask: 0, why: 'opaque user id' },
  { condition: c(Prop.UserId, Op.Contains, 'a1,b2'), expectedMask: 0, why: 'list of user ids' },
  { condition: c(Prop.Platform, Op.Equals, '  ios  '), expectedMask: 0, why: 'value is trimmed' },
  // 1 property
  { condition: c(Prop.UnSupported, Op.Equals, 'x'), expectedMask: 1, why: 'property 0 (none) is invalid' },
  { condition: c(99, Op.Equals, 'x'), expectedMask: 1, why: 'unknown property id' },
  { condition: c(Prop.UnSupported, 9, 'x'), expectedMask: 3, why: 'no property and an unknown operation' },
  { condition: c(Prop.UnSupported, Op.Equals, ''), expectedMask: 5, why: 'no property and an empty value' },
  // 2 operation
  { condition: c(Prop.Platform, Op.GreaterThan, 'ios'), expectedMask: 2, why: 'platforms are not ordered' },
  { condition: c(Prop.Payer, Op.Contains, 'true'), expectedMask: 2, why: 'payer has no "in"' },
  { condition: c(Prop.PurchaseAmount, Op.Contains, '1.5'), expectedMask: 2, why: 'amounts have no "in"' },
  { condition: c(Prop.FirstCountry, 0, 'US'), expectedMask: 2, why: 'operation 0 does not exist' },
  { condition: c(Prop.UserId, Op.LessThan, 'a'), expectedMask: 2, why: 'user ids are not ordered' },
  // 4 value
  { condition: c(Prop.Platform, Op.Equals, ''), expectedMask: 4, why: 'empty value' },
  { condition: c(Prop.Platform, Op.Equals, '   '), expectedMask: 4, why: 'blank value is empty' },
  { condition: c(Prop.Platform, Op.Equals, 'windows'), expectedMask: 4, why: 'not a known platform' },
  { condition: c(Prop.FirstCountry, Op.Equals, 'XK'), expectedMask: 4, why: 'not an assigned ISO code' },
  { condition: c(Prop.FirstCountry, Op.Contains, 'US, ZZ'), expectedMask: 4, why: 'one list entry unknown' },
  { condition: c(Prop.PurchaseCount, Op.Equals, '-1'), expectedMask: 4, why: 'negative count' },
  { condition: c(Prop.PurchaseCount, Op.Equals, '1.5'), expectedMask: 4, why: 'a count is whole' },
  { condition: c(Prop.PurchaseAmount, Op.GreaterThan, '-0.5'), expectedMask: 4, why: 'negative amount' },
  // 8 format
  { condition: c(Prop.ClientVersion, Op.Equals, '1.2.3.4.5'), expectedMask: 8, why: 'at most four parts' },
  { condition: c(Prop.ClientVersion, Op.Equals, '1.2.x'), expectedMask: 8, why: 'version parts are digits' },
  { condition: c(Prop.ClientVersion, Op.Equals, '1..2'), expectedMask: 8, why: 'empty version part' },
  { condition: c(Prop.FirstCountry, Op.Equals, 'USA'), expectedMask: 8, why: 'alpha-3 is not alpha-2' },
  { condition: c(Prop.FirstCountry, Op.Equals, 'US,FR'), expectedMask: 8, why: 'a list needs "in"' },
  { condition: c(Prop.Payer, Op.Equals, 'yes'), expectedMask: 8, why: 'payer is true or false' },
  { condition: c(Prop.PurchaseCount, Op.GreaterThan, 'ten'), expectedMask: 8, why: 'not a number' },
  { condition: c(Prop.PurchaseAmount, Op.Equals, '1e3'), expectedMask: 8, why: 'no exponent notation' },
  { condition: c(Prop.Platform, Op.Equals, 'ios 14'), expectedMask: 8, why: 'platform is one word' },
  { condition: c(Prop.UserId, Op.Equals, 'a b'), expectedMask: 8, why: 'user ids have no spaces' },
  { condition: c(Prop.Platform, Op.Contains, 'ios,,android'), expectedMask: 8, why: 'empty list entry' },
  { condition: c(Prop.FirstCountry, Op.Contains, 'US,'), expectedMask: 8, why: 'trailing separator' },
  // combinations
  {
    condition: c(Prop.FirstCountry, Op.Contains, 'US, USA, ZZ'),
    expectedMask: 12,
    why: 'one malformed, one unknown',
  },
  {
    condition: c(Prop.Payer, Op.GreaterThan, 'maybe'),
    expectedMask: 10,
    why: 'wrong operation and not a boolean',
  },
  {
    condition: c(Prop.Platform, Op.LessThan, 'windows'),
    expectedMask: 6,
    why: 'wrong operation and unknown platform',
  },
  { condition: c(Prop.PurchaseCount, 7, ''), expectedMask: 6, why: 'unknown operation and empty value' },
]);
