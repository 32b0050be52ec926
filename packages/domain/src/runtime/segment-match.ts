import { z } from 'zod';
import {
  type SegmentCondition,
  segmentConditionSchema,
  splitListValue,
  validateCondition,
} from '../abtest/segment.ts';
import { SegmentOperation, SegmentProperty } from '../enums.ts';
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
  /** The ClientVersion's numbers; null when it is not a version; undefined when absent (read lazily). */
  version: number[] | null | undefined;
  hasVersion: boolean;
}

// v1/README.md: letters are the ASCII letters, and case is changed for them alone, so `ß` is not
// `SS` (South Sudan) nor `ﬁ` `FI` as JavaScript's full Unicode mapping would have it.
const NON_ASCII = /[\u0080-\uffff]/;
const toAsciiLowerCase = (text: string) =>
  NON_ASCII.test(text) ? text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase()) : text.toLowerCase();
const toAsciiUpperCase = (text: string) =>
  NON_ASCII.test(text) ? text.replace(/[a-z]+/g, (letters) => letters.toUpperCase()) : text.toUpperCase();

export function prepareSegmentPlayer(userId: string, context: PlayerContext): SegmentPlayer {
  return {
    userId,
    context,
    platform: context.Platform === undefined ? undefined : toAsciiLowerCase(context.Platform.trim()),
    country: context.FirstCountry === undefined ? undefined : toAsciiUpperCase(context.FirstCountry.trim()),
    version: undefined,
    hasVersion: false,
  };
}

/**
 * A version's numbers: 1 to 4 parts of 1 to 9 digits separated by dots (CLIENT_VERSION_PATTERN, read
 * by hand: it is parsed for every player a ClientVersion condition meets); null for anything else.
 */
export function parseClientVersion(text: string): number[] | null {
  const parts: number[] = [];
  let part = 0;
  let digits = 0;
  for (let index = 0; index <= text.length; index += 1) {
    const code = index < text.length ? text.charCodeAt(index) : 46; // a final '.' closes the last part
    if (code >= 48 && code <= 57) {
      if (++digits > 9) return null;
      part = part * 10 + (code - 48);
    } else if (code === 46 && digits > 0 && parts.length < 4) {
      parts.push(part);
      part = 0;
      digits = 0;
    } else {
      return null;
    }
  }
  return parts;
}

/** The player's ClientVersion as numbers, parsed on first use (most segments do not ask). */
function versionOf(player: SegmentPlayer): number[] | null | undefined {
  if (!player.hasVersion) {
    const version = player.context.ClientVersion;
    player.version = version === undefined ? undefined : parseClientVersion(version.trim());
    player.hasVersion = true;
  }
  return player.version;
}

/**
 * A condition ready to evaluate for many players (conditionFailure): its values parsed and normalised
 * once. Data, not a closure per condition, so one comparison routine serves every condition.
 */
export interface CompiledCondition {
  readonly condition: SegmentCondition;
  /** The property's name (`Platform`), or `property <id>` for an unknown one. */
  readonly property: string;
  /** False for a condition the segment editor would refuse: it never holds. */
  readonly isValid: boolean;
  readonly propertyId: number;
  readonly op: number;
  /** The value as compared: normalised text, a number, true/false, or a version's numbers. */
  readonly value: string | number | boolean | readonly number[];
  /** "in": the list's values (texts and numbers in a set; versions as a list). */
  readonly set: ReadonlySet<string | number> | null;
  readonly versions: readonly (readonly number[])[] | null;
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

const { Equals, NotEquals, GreaterThan, Contains } = SegmentOperation;
const P = SegmentProperty;

/** A condition value as its property compares it. */
function parseValue(propertyId: number, text: string): string | number | boolean | number[] {
  switch (propertyId) {
    case P.Platform:
      return text.toLowerCase();
    case P.FirstCountry:
      return text.toUpperCase();
    case P.ClientVersion:
      return text.split('.').map(Number);
    case P.Payer:
      return text.toLowerCase() === 'true';
    case P.PurchaseCount:
    case P.PurchaseAmount:
      return Number(text);
    default:
      return text;
  }
}

/** Prepares a condition once (its values parsed and normalised) for many players. */
export function compileCondition(condition: SegmentCondition): CompiledCondition {
  const propertyId = condition.property;
  const property = PROPERTY_NAMES[propertyId] ?? `property ${propertyId}`;
  const isValid =
    propertyId in PROPERTY_NAMES && propertyId !== P.UnSupported && validateCondition(condition) === 0;
  const text = condition.value.trim();
  const isList = condition.op === Contains;
  const values = isValid
    ? (isList ? splitListValue(text) : [text]).map((entry) => parseValue(propertyId, entry))
    : [];
  const isVersion = propertyId === P.ClientVersion;
  return {
    condition,
    property,
    isValid,
    propertyId,
    op: condition.op,
    value: values[0] ?? '',
    set: isValid && isList && !isVersion ? new Set(values as (string | number)[]) : null,
    versions: isValid && isList && isVersion ? (values as number[][]) : null,
  };
}

/** The player's value of the condition's property as compared; undefined = absent, null = wrong shape. */
function comparedValueOf(
  propertyId: number,
  player: SegmentPlayer,
): string | number | boolean | number[] | null | undefined {
  switch (propertyId) {
    case P.Platform:
      return player.platform;
    case P.FirstCountry:
      return player.country;
    case P.ClientVersion:
      return versionOf(player);
    case P.Payer:
      return player.context.Payer;
    case P.PurchaseCount:
      return player.context.PurchaseCount;
    case P.PurchaseAmount:
      return player.context.PurchaseAmount;
    default:
      return player.userId;
  }
}

/** Whether the condition holds for the player: null when it does, else why not. */
export function conditionFailure(
  compiled: CompiledCondition,
  player: SegmentPlayer,
): SegmentFailureCause | null {
  if (!compiled.isValid) return 'invalid-condition';
  const playerValue = comparedValueOf(compiled.propertyId, player);
  if (playerValue === undefined) return 'absent';
  if (playerValue === null) return 'invalid-player-value';
  let order: number;
  if (compiled.propertyId === P.ClientVersion) {
    const parts = playerValue as number[];
    if (compiled.op === Contains) {
      return compiled.versions!.some((version) => compareVersionParts(parts, version) === 0)
        ? null
        : 'mismatch';
    }
    order = compareVersionParts(parts, compiled.value as number[]);
  } else {
    if (compiled.op === Contains)
      return compiled.set!.has(playerValue as string | number) ? null : 'mismatch';
    const value = compiled.value;
    // texts and true/false are only equal or not; numbers are ordered
    order =
      playerValue === value
        ? 0
        : typeof value === 'number'
          ? (playerValue as number) < value
            ? -1
            : 1
          : Number.NaN;
  }
  switch (compiled.op) {
    case Equals:
      return order === 0 ? null : 'mismatch';
    case NotEquals:
      return order !== 0 ? null : 'mismatch';
    case GreaterThan:
      return order > 0 ? null : 'mismatch';
    default:
      return order < 0 ? null : 'mismatch';
  }
}

/** The player's value of the condition's property as the explanation shows it (as sent). */
function shownValueOf(compiled: CompiledCondition, player: SegmentPlayer): PlayerValue | null {
  const { context } = player;
  switch (compiled.propertyId) {
    case P.Platform:
      return context.Platform ?? null;
    case P.FirstCountry:
      return context.FirstCountry ?? null;
    case P.ClientVersion:
      return context.ClientVersion ?? null;
    case P.Payer:
      return context.Payer ?? null;
    case P.PurchaseCount:
      return context.PurchaseCount ?? null;
    case P.PurchaseAmount:
      return context.PurchaseAmount ?? null;
    case P.UserId:
      return player.userId;
    default:
      return null;
  }
}

/** The first failing compiled condition; null when all hold. */
export function findFailingCondition(
  conditions: readonly CompiledCondition[],
  player: SegmentPlayer,
): SegmentFailure | null {
  for (const compiled of conditions) {
    const cause = conditionFailure(compiled, player);
    if (cause === null) continue;
    return {
      condition: compiled.condition,
      property: compiled.property,
      playerValue: shownValueOf(compiled, player),
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
