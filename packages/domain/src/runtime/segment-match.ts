import { z } from 'zod';
import {
  type SegmentCondition,
  segmentConditionSchema,
  splitListValue,
  validateCondition,
} from '../abtest/segment.ts';
import { SegmentOperation, SegmentProperty } from '../enums.ts';
import { CLIENT_VERSION_PATTERN } from '../operations/release.ts';
import type { PlayerContext } from './runtime-api.ts';

// Whether a player is in an A/B-test's segment. Every condition must hold (no conditions:
// every player). The values mean what the segment editor (abtest/segment.ts) lets an operator type:
// Platform and FirstCountry compare case-insensitively, ClientVersion as dotted numbers
// (compareClientVersions), Payer as true/false, PurchaseCount and PurchaseAmount as numbers, UserId
// as the player id exactly; "in" (Contains) is membership in the comma-separated list. A condition
// on a property the player's context lacks does not hold, whatever its operation (!= included), and
// neither does a condition the editor would refuse (validateCondition ≠ 0) or a player value of the
// wrong shape (a ClientVersion that is not 1 to 4 dotted numbers).

/** Why a condition does not hold for a player. */
export const segmentFailureCauseSchema = z.enum([
  'absent',
  'mismatch',
  'invalid-condition',
  'invalid-player-value',
]);
export type SegmentFailureCause = z.infer<typeof segmentFailureCauseSchema>;

export const segmentFailureSchema = z.object({
  /** The first condition (in the segment's order) that does not hold. */
  condition: segmentConditionSchema,
  /** The property's name (`Platform`), or `property <id>` for an unknown one. */
  property: z.string(),
  /** The player's value of that property; null when the context does not have it. */
  playerValue: z.union([z.string(), z.number(), z.boolean()]).nullable(),
  cause: segmentFailureCauseSchema,
});
export type SegmentFailure = z.infer<typeof segmentFailureSchema>;

type PlayerValue = string | number | boolean;

/** A player as the conditions read it: context values normalised once per resolution. */
export interface SegmentPlayer {
  readonly userId: string;
  readonly context: PlayerContext;
  /** Platform lower case, FirstCountry upper case (undefined when absent). */
  readonly platform: string | undefined;
  readonly country: string | undefined;
  /** The ClientVersion's numbers; null when it is not a version; undefined when absent. */
  readonly version: number[] | null | undefined;
}

export function prepareSegmentPlayer(userId: string, context: PlayerContext): SegmentPlayer {
  const version = context.ClientVersion?.trim();
  return {
    userId,
    context,
    platform: context.Platform?.trim().toLowerCase(),
    country: context.FirstCountry?.trim().toUpperCase(),
    version:
      version === undefined
        ? undefined
        : CLIENT_VERSION_PATTERN.test(version)
          ? version.split('.').map(Number)
          : null,
  };
}

/** A condition ready to evaluate: answers null when it holds, else the cause. */
export interface CompiledCondition {
  readonly condition: SegmentCondition;
  readonly property: string;
  readonly test: (player: SegmentPlayer) => SegmentFailureCause | null;
  readonly playerValueOf: (player: SegmentPlayer) => PlayerValue | null;
}

const PROPERTY_NAMES: Readonly<Record<number, string>> = Object.fromEntries(
  Object.entries(SegmentProperty).map(([name, id]) => [id, name]),
);

/** compareClientVersions on numbers already split (missing parts count as 0). */
function compareVersionParts(left: readonly number[], right: readonly number[]): number {
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return difference < 0 ? -1 : 1;
  }
  return 0;
}

const { Equals, NotEquals, GreaterThan, LessThan, Contains } = SegmentOperation;

/** How one property reads a condition value and the player's value, and compares them. */
interface PropertyReader<T> {
  /** The player's value as compared; undefined = absent, null = of the wrong shape. */
  readonly read: (player: SegmentPlayer) => T | null | undefined;
  readonly shown: (player: SegmentPlayer) => PlayerValue | null;
  readonly parse: (text: string) => T;
  /** -1, 0, 1; equality only (NaN otherwise) for properties without an order. */
  readonly compare: (player: T, value: T) => number;
}

const textEquality = (a: string, b: string) => (a === b ? 0 : Number.NaN);
const numberOrder = (a: number, b: number) => (a === b ? 0 : a < b ? -1 : 1);

const READERS: Readonly<Record<number, PropertyReader<never>>> = {
  [SegmentProperty.Platform]: {
    read: (player) => player.platform,
    shown: (player) => player.context.Platform ?? null,
    parse: (text) => text.toLowerCase(),
    compare: textEquality,
  } satisfies PropertyReader<string>,
  [SegmentProperty.FirstCountry]: {
    read: (player) => player.country,
    shown: (player) => player.context.FirstCountry ?? null,
    parse: (text) => text.toUpperCase(),
    compare: textEquality,
  } satisfies PropertyReader<string>,
  [SegmentProperty.ClientVersion]: {
    read: (player) => player.version,
    shown: (player) => player.context.ClientVersion ?? null,
    parse: (text) => text.split('.').map(Number),
    compare: compareVersionParts,
  } satisfies PropertyReader<number[]>,
  [SegmentProperty.Payer]: {
    read: (player) => player.context.Payer,
    shown: (player) => player.context.Payer ?? null,
    parse: (text) => text.toLowerCase() === 'true',
    compare: (a, b) => (a === b ? 0 : Number.NaN),
  } satisfies PropertyReader<boolean>,
  [SegmentProperty.PurchaseCount]: {
    read: (player) => player.context.PurchaseCount,
    shown: (player) => player.context.PurchaseCount ?? null,
    parse: Number,
    compare: numberOrder,
  } satisfies PropertyReader<number>,
  [SegmentProperty.PurchaseAmount]: {
    read: (player) => player.context.PurchaseAmount,
    shown: (player) => player.context.PurchaseAmount ?? null,
    parse: Number,
    compare: numberOrder,
  } satisfies PropertyReader<number>,
  [SegmentProperty.UserId]: {
    read: (player) => player.userId,
    shown: (player) => player.userId,
    parse: (text) => text,
    compare: textEquality,
  } satisfies PropertyReader<string>,
} as unknown as Record<number, PropertyReader<never>>;

/** The predicate of one operation over the comparison's result(s). */
function holds<T>(reader: PropertyReader<T>, op: number, player: T, values: readonly T[]): boolean {
  switch (op) {
    case Equals:
      return reader.compare(player, values[0]!) === 0;
    case NotEquals:
      return reader.compare(player, values[0]!) !== 0;
    case GreaterThan:
      return reader.compare(player, values[0]!) > 0;
    case LessThan:
      return reader.compare(player, values[0]!) < 0;
    default:
      return values.some((value) => reader.compare(player, value) === 0);
  }
}

/** Prepares a condition once (its values parsed and normalised) for many players. */
export function compileCondition(condition: SegmentCondition): CompiledCondition {
  const property = PROPERTY_NAMES[condition.property] ?? `property ${condition.property}`;
  const reader = READERS[condition.property] as PropertyReader<unknown> | undefined;
  const playerValueOf = (player: SegmentPlayer) => (reader ? reader.shown(player) : null);
  if (!reader || validateCondition(condition) !== 0) {
    return { condition, property, playerValueOf, test: () => 'invalid-condition' };
  }
  const value = condition.value.trim();
  const values = (condition.op === Contains ? splitListValue(value) : [value]).map(reader.parse);
  const { op } = condition;
  return {
    condition,
    property,
    playerValueOf,
    test: (player) => {
      const playerValue = reader.read(player);
      if (playerValue === undefined) return 'absent';
      if (playerValue === null) return 'invalid-player-value';
      return holds(reader, op, playerValue, values) ? null : 'mismatch';
    },
  };
}

/** The first failing compiled condition; null when all hold. */
export function findFailingCondition(
  conditions: readonly CompiledCondition[],
  player: SegmentPlayer,
): SegmentFailure | null {
  for (const compiled of conditions) {
    const cause = compiled.test(player);
    if (cause === null) continue;
    return {
      condition: compiled.condition,
      property: compiled.property,
      playerValue: compiled.playerValueOf(player),
      cause,
    };
  }
  return null;
}

const compiledSegments = new WeakMap<readonly SegmentCondition[], CompiledCondition[]>();

/** The conditions compiled once per list object (a snapshot's segments are immutable). */
export function compileSegment(conditions: readonly SegmentCondition[]): CompiledCondition[] {
  let compiled = compiledSegments.get(conditions);
  if (!compiled) {
    compiled = conditions.map(compileCondition);
    compiledSegments.set(conditions, compiled);
  }
  return compiled;
}

/**
 * Whether the player is in the segment: null when every condition holds (no conditions: everyone),
 * else the first condition that does not, with the player's value and why.
 */
export function matchSegment(
  conditions: readonly SegmentCondition[],
  context: PlayerContext,
  userId: string,
): SegmentFailure | null {
  return findFailingCondition(compileSegment(conditions), prepareSegmentPlayer(userId, context));
}
