import { z } from 'zod';
import { boundedArray } from '../api/bounded.ts';
import { SegmentOperation, SegmentProperty } from '../enums.ts';
import { CLIENT_VERSION_PATTERN } from '../operations/release.ts';
import { isCountryCode } from './countries.ts';
import { failRule, RULE_OK, type RuleResult } from './rule-result.ts';

// The condition check answers a bit mask; 0 means valid.
export const ConditionFault = {
  None: 0,
  Property: 1,
  Operation: 2,
  Value: 4,
  Format: 8,
} as const;

// Decision (docs/decisions/0162): limits that keep a segment small enough to evaluate per player.
export const SEGMENT_MAX_CONDITIONS = 50;
export const SEGMENT_VALUE_MAX_LENGTH = 4000;
/** "in": a Contains value is a list separated by commas; entries are trimmed. */
export const SEGMENT_LIST_SEPARATOR = ',';
// Decision (docs/decisions/0162): the platform names a condition may use, compared case-insensitively.
export const PLATFORMS = ['ios', 'android', 'amazon', 'webgl', 'editor'] as const;
const USER_ID_MAX_LENGTH = 64;

export const SEGMENT_MESSAGES = {
  // Exact texts
  allPlayersTargeted: 'All players are targeted by this AB-test',
  saved: 'Segmentation saved...',
  savedMessageMs: 1500,
  notEditable: 'The segment of an active AB-test cannot be changed',
  // Decision (docs/decisions/0427): writers other than /segment/save (abtest/save) refuse an invalid
  // condition with a message naming it, instead of answering masks.
  invalidCondition: (index: number, mask: number) =>
    `Segment condition ${index + 1} is invalid (fault mask ${mask})`,
} as const;

/**
 * A condition as the editor sends it. Deliberately loose (any whole numbers, any text): a wrong
 * property, operation or value is answered with a mask by validateCondition, not refused as bad input.
 */
export const segmentConditionSchema = z.object({
  property: z.number({ error: 'condition property must be a number' }).int({
    error: 'condition property must be a whole number',
  }),
  op: z
    .number({ error: 'condition op must be a number' })
    .int({ error: 'condition op must be a whole number' }),
  value: z.string({ error: 'condition value must be a text' }).max(SEGMENT_VALUE_MAX_LENGTH, {
    error: `condition value must be at most ${SEGMENT_VALUE_MAX_LENGTH} characters`,
  }),
});
export type SegmentCondition = z.infer<typeof segmentConditionSchema>;

export const segmentSchema = z.object({
  conditions: boundedArray(segmentConditionSchema, SEGMENT_MAX_CONDITIONS, {
    error: 'segment conditions must be a list',
    tooMany: `a segment has at most ${SEGMENT_MAX_CONDITIONS} conditions`,
  }),
});
export type Segment = z.infer<typeof segmentSchema>;

/** Operations are shown as ==, !=, >, <, in. */
export const SEGMENT_OPERATION_SYMBOLS: Readonly<Record<number, string>> = Object.freeze({
  [SegmentOperation.Equals]: '==',
  [SegmentOperation.NotEquals]: '!=',
  [SegmentOperation.GreaterThan]: '>',
  [SegmentOperation.LessThan]: '<',
  [SegmentOperation.Contains]: 'in',
});

export function operationSymbol(op: number): string | undefined {
  return SEGMENT_OPERATION_SYMBOLS[op];
}

/** /api/segment/property/list: property names to ids. UnSupported (0, "none") is left out. */
export const SEGMENT_PROPERTY_LIST: Readonly<Record<string, number>> = Object.freeze(
  Object.fromEntries(Object.entries(SegmentProperty).filter(([, id]) => id !== SegmentProperty.UnSupported)),
);
export const segmentPropertyListResponseSchema = z.record(z.string(), z.number().int());
export type SegmentPropertyListResponse = z.infer<typeof segmentPropertyListResponseSchema>;

// ---- value checks: each answers None, Value (well-formed but not allowed) or Format (wrong shape) ----

type ValueCheck = (text: string) => number;

const NUMBER_SHAPE = /^-?\d{1,15}(\.\d{1,6})?$/;
// The same versions the release screen accepts (1 to 4 dot-separated numbers), so the rule is stated once.
const CLIENT_VERSION_SHAPE = CLIENT_VERSION_PATTERN;
const PLATFORM_SHAPE = /^[A-Za-z][A-Za-z0-9]*$/;
const COUNTRY_SHAPE = /^[A-Za-z]{2}$/;
const PAYER_SHAPE = /^(true|false)$/i;
const USER_ID_SHAPE = new RegExp(`^[^\\s${SEGMENT_LIST_SEPARATOR}]{1,${USER_ID_MAX_LENGTH}}$`);

const PLATFORM_SET: ReadonlySet<string> = new Set(PLATFORMS);

const checkPlatform: ValueCheck = (text) => {
  if (!PLATFORM_SHAPE.test(text)) return ConditionFault.Format;
  return PLATFORM_SET.has(text.toLowerCase()) ? ConditionFault.None : ConditionFault.Value;
};
const checkClientVersion: ValueCheck = (text) =>
  CLIENT_VERSION_SHAPE.test(text) ? ConditionFault.None : ConditionFault.Format;
const checkCountry: ValueCheck = (text) => {
  if (!COUNTRY_SHAPE.test(text)) return ConditionFault.Format;
  return isCountryCode(text) ? ConditionFault.None : ConditionFault.Value;
};
const checkPayer: ValueCheck = (text) =>
  PAYER_SHAPE.test(text) ? ConditionFault.None : ConditionFault.Format;
const checkPurchaseCount: ValueCheck = (text) => {
  if (!NUMBER_SHAPE.test(text)) return ConditionFault.Format;
  const count = Number(text);
  return Number.isInteger(count) && count >= 0 ? ConditionFault.None : ConditionFault.Value;
};
const checkPurchaseAmount: ValueCheck = (text) => {
  if (!NUMBER_SHAPE.test(text)) return ConditionFault.Format;
  return Number(text) >= 0 ? ConditionFault.None : ConditionFault.Value;
};
const checkUserId: ValueCheck = (text) =>
  USER_ID_SHAPE.test(text) ? ConditionFault.None : ConditionFault.Format;

const { Equals, NotEquals, GreaterThan, LessThan, Contains } = SegmentOperation;

interface PropertyRule {
  readonly operations: readonly number[];
  readonly check: ValueCheck;
  /** What a value may be, in the operator's words (shown with an invalid value). */
  readonly allowed: string;
}

// Decision (docs/decisions/0162): which operations apply to which property, and what a value is.
const PROPERTY_RULES: Readonly<Record<number, PropertyRule>> = {
  [SegmentProperty.Platform]: {
    operations: [Equals, NotEquals, Contains],
    check: checkPlatform,
    allowed: PLATFORMS.join(', '),
  },
  [SegmentProperty.ClientVersion]: {
    operations: [Equals, NotEquals, GreaterThan, LessThan, Contains],
    check: checkClientVersion,
    allowed: 'a version of 1 to 4 numbers separated by dots, such as 1.2.3',
  },
  [SegmentProperty.FirstCountry]: {
    operations: [Equals, NotEquals, Contains],
    check: checkCountry,
    allowed: 'an assigned two-letter ISO 3166 country code, such as DE',
  },
  [SegmentProperty.Payer]: { operations: [Equals, NotEquals], check: checkPayer, allowed: 'true or false' },
  [SegmentProperty.PurchaseCount]: {
    operations: [Equals, NotEquals, GreaterThan, LessThan, Contains],
    check: checkPurchaseCount,
    allowed: 'a whole number of at least 0',
  },
  [SegmentProperty.PurchaseAmount]: {
    operations: [Equals, NotEquals, GreaterThan, LessThan],
    check: checkPurchaseAmount,
    allowed: 'an amount of at least 0 with up to 6 decimals, such as 4.99',
  },
  [SegmentProperty.UserId]: {
    operations: [Equals, NotEquals, Contains],
    check: checkUserId,
    allowed: `a player id of 1 to ${USER_ID_MAX_LENGTH} characters without spaces or commas`,
  },
};

const KNOWN_OPERATIONS: ReadonlySet<number> = new Set(Object.values(SegmentOperation));

/** The operations the editor offers for a property; empty for UnSupported or an unknown id. */
export function operationsFor(property: number): number[] {
  return [...(PROPERTY_RULES[property]?.operations ?? [])];
}

/**
 * What a condition's value may be, for the editor to show with an invalid value:
 * "Allowed: ios, android, amazon, webgl, editor" (Platform), "...; several separated by commas" for
 * "in". Undefined for UnSupported or an unknown property, where no value can be right.
 */
export function allowedValuesOf(property: number, op: number): string | undefined {
  const rule = PROPERTY_RULES[property];
  if (!rule) return undefined;
  const list = op === Contains ? '; several separated by commas' : '';
  return `Allowed: ${rule.allowed}${list}`;
}

/** The entries of an "in" list, trimmed; an empty entry stays (as '') so it can be reported. */
export function splitListValue(value: string): string[] {
  return value.split(SEGMENT_LIST_SEPARATOR).map((entry) => entry.trim());
}

/**
 * The fault mask of one condition (0 valid, 1 property, 2 operation, 4 value, 8 format).
 * Faults combine. An empty (or blank) value is always 4. With an unknown property only the
 * operation (unknown id → 2) and emptiness can be judged. An operation that does not apply to the
 * property sets 2; the value is still checked, as a list for "in" and as one value otherwise.
 * In a list every entry is checked and the faults are OR-ed; an empty entry ("a,,b") is 8.
 */
export function validateCondition(condition: SegmentCondition): number {
  const rule = PROPERTY_RULES[condition.property];
  const value = condition.value.trim();
  let mask = ConditionFault.None as number;
  if (!rule) mask |= ConditionFault.Property;
  const operationApplies = rule ? rule.operations.includes(condition.op) : KNOWN_OPERATIONS.has(condition.op);
  if (!operationApplies) mask |= ConditionFault.Operation;
  if (value === '') return mask | ConditionFault.Value;
  if (!rule) return mask;
  const entries = condition.op === Contains ? splitListValue(value) : [value];
  for (const entry of entries) {
    mask |= entry === '' ? ConditionFault.Format : rule.check(entry);
  }
  return mask;
}

/** The save result, one mask per condition. */
export function validateSegment(conditions: readonly SegmentCondition[]): number[] {
  return conditions.map(validateCondition);
}

/** A segment is saved only when every condition is valid; no conditions targets all players. */
export function isSegmentValid(conditions: readonly SegmentCondition[]): boolean {
  return conditions.every((condition) => validateCondition(condition) === ConditionFault.None);
}

/** "matching fields are marked invalid": which editor fields a mask marks. */
export function invalidConditionFields(mask: number): { property: boolean; op: boolean; value: boolean } {
  return {
    property: (mask & ConditionFault.Property) !== 0,
    op: (mask & ConditionFault.Operation) !== 0,
    value: (mask & (ConditionFault.Value | ConditionFault.Format)) !== 0,
  };
}

/** Numeric comparison of dotted versions; missing parts count as 0, so 1.2 equals 1.2.0 and 1.10 > 1.9. */
export function compareClientVersions(a: string, b: string): -1 | 0 | 1 {
  const left = a.trim().split('.').map(Number);
  const right = b.trim().split('.').map(Number);
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return difference < 0 ? -1 : 1;
  }
  return 0;
}

/**
 * The form the server stores: value trimmed, list entries trimmed and joined with ", ", platform and
 * payer lower case, countries upper case. Meant for valid conditions; others keep their text trimmed.
 */
export function normalizeCondition(condition: SegmentCondition): SegmentCondition {
  const normalizeEntry = (entry: string): string => {
    if (condition.property === SegmentProperty.FirstCountry) return entry.toUpperCase();
    if (condition.property === SegmentProperty.Platform || condition.property === SegmentProperty.Payer) {
      return entry.toLowerCase();
    }
    return entry;
  };
  const value = condition.value.trim();
  const normalized =
    condition.op === Contains ? splitListValue(value).map(normalizeEntry).join(', ') : normalizeEntry(value);
  return { property: condition.property, op: condition.op, value: normalized };
}

/** The segment as stored: every condition normalised (normalizeCondition). */
export function normalizeSegment(segment: Segment): Segment {
  return { conditions: segment.conditions.map(normalizeCondition) };
}

/** Whether two segments are the same once normalised (sending back the loaded segment changes nothing). */
export function isSameSegment(a: Segment, b: Segment): boolean {
  return JSON.stringify(normalizeSegment(a)) === JSON.stringify(normalizeSegment(b));
}

/** For writers other than /segment/save (abtest/save): the first invalid condition, named. */
export function checkSegmentConditions(segment: Segment): RuleResult {
  const masks = validateSegment(segment.conditions);
  const index = masks.findIndex((mask) => mask !== ConditionFault.None);
  return index < 0 ? RULE_OK : failRule(SEGMENT_MESSAGES.invalidCondition(index, masks[index]!));
}
