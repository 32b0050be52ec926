import { describe, expect, it } from 'vitest';
import { SegmentOperation as Op, SegmentProperty as Prop } from '../enums.ts';
import { COUNTRY_CODES, isCountryCode } from './countries.ts';
import {
  allowedValuesOf,
  checkSegmentConditions,
  compareClientVersions,
  invalidConditionFields,
  isSameSegment,
  isSegmentValid,
  normalizeCondition,
  normalizeSegment,
  operationSymbol,
  operationsFor,
  SEGMENT_PROPERTY_LIST,
  type Segment,
  type SegmentCondition,
  splitListValue,
  validateCondition,
  validateSegment,
} from './segment.ts';
import { SEGMENT_CONDITION_VECTORS } from './segment.vectors.ts';

const c = (property: number, op: number, value: string): SegmentCondition => ({ property, op, value });

describe('validateCondition vectors', () => {
  it.each(SEGMENT_CONDITION_VECTORS.map((v) => [v.why, v.condition, v.expectedMask] as const))(
    '%s',
    (_why, condition, expectedMask) => {
      expect(validateCondition(condition)).toBe(expectedMask);
    },
  );
  it('covers every fault bit and every property', () => {
    const masks = SEGMENT_CONDITION_VECTORS.map((v) => v.expectedMask);
    for (const bit of [1, 2, 4, 8]) expect(masks.some((mask) => (mask & bit) !== 0)).toBe(true);
    for (const id of Object.values(Prop)) {
      expect(SEGMENT_CONDITION_VECTORS.some((v) => v.condition.property === id)).toBe(true);
    }
  });
});

describe('operations per property', () => {
  it('offers ordering only for versions and purchase numbers', () => {
    expect(operationsFor(Prop.ClientVersion)).toContain(Op.GreaterThan);
    expect(operationsFor(Prop.PurchaseCount)).toContain(Op.LessThan);
    expect(operationsFor(Prop.PurchaseAmount)).toContain(Op.GreaterThan);
    for (const property of [Prop.Platform, Prop.FirstCountry, Prop.Payer, Prop.UserId]) {
      expect(operationsFor(property)).not.toContain(Op.GreaterThan);
    }
  });
  it('offers nothing for UnSupported or unknown ids', () => {
    expect(operationsFor(Prop.UnSupported)).toEqual([]);
    expect(operationsFor(42)).toEqual([]);
  });
  it('every offered operation is accepted with a valid value', () => {
    const sample: Record<number, string> = {
      [Prop.Platform]: 'ios',
      [Prop.ClientVersion]: '2.0',
      [Prop.FirstCountry]: 'FR',
      [Prop.Payer]: 'true',
      [Prop.PurchaseCount]: '3',
      [Prop.PurchaseAmount]: '4.5',
      [Prop.UserId]: 'u1',
    };
    for (const [property, value] of Object.entries(sample)) {
      for (const op of operationsFor(Number(property))) {
        expect(validateCondition(c(Number(property), op, value)), `${property} ${op}`).toBe(0);
      }
    }
  });
  it('shows the product’s symbols', () => {
    expect([1, 2, 3, 4, 5].map(operationSymbol)).toEqual(['==', '!=', '>', '<', 'in']);
    expect(operationSymbol(0)).toBeUndefined();
  });
});

describe('segments', () => {
  const valid = c(Prop.Platform, Op.Equals, 'ios');
  const invalid = c(Prop.UnSupported, Op.Equals, '');
  it('answers one mask per condition', () => {
    expect(validateSegment([valid, invalid, c(Prop.Payer, Op.Equals, 'yes')])).toEqual([0, 5, 8]);
    expect(validateSegment([])).toEqual([]);
  });
  it('is valid only when every condition is', () => {
    expect(isSegmentValid([valid, valid])).toBe(true);
    expect(isSegmentValid([valid, invalid])).toBe(false);
    expect(isSegmentValid([])).toBe(true);
  });
  it('marks the fields a mask names', () => {
    expect(invalidConditionFields(0)).toEqual({ property: false, op: false, value: false });
    expect(invalidConditionFields(1)).toEqual({ property: true, op: false, value: false });
    expect(invalidConditionFields(2)).toEqual({ property: false, op: true, value: false });
    expect(invalidConditionFields(4).value).toBe(true);
    expect(invalidConditionFields(8).value).toBe(true);
  });
});

describe('property list', () => {
  it('maps names to ids without UnSupported', () => {
    expect(SEGMENT_PROPERTY_LIST).toEqual({
      Platform: 2,
      ClientVersion: 3,
      FirstCountry: 10,
      Payer: 20,
      PurchaseCount: 21,
      PurchaseAmount: 22,
      UserId: 30,
    });
  });
});

describe('countries', () => {
  it('holds the 249 assigned ISO 3166-1 alpha-2 codes, unique and upper case', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect(COUNTRY_CODES.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
  });
  it('matches case-insensitively', () => {
    expect(isCountryCode('de')).toBe(true);
    expect(isCountryCode('UK')).toBe(false);
  });
});

describe('helpers', () => {
  it('compares client versions numerically', () => {
    expect(compareClientVersions('1.10', '1.9')).toBe(1);
    expect(compareClientVersions('1.2', '1.2.0')).toBe(0);
    expect(compareClientVersions('1.2.3', '1.3')).toBe(-1);
  });
  it('splits lists on commas and trims entries', () => {
    expect(splitListValue(' a , b,,c ')).toEqual(['a', 'b', '', 'c']);
  });
  it('normalises what it stores', () => {
    expect(normalizeCondition(c(Prop.FirstCountry, Op.Contains, ' us,fr , de'))).toEqual(
      c(Prop.FirstCountry, Op.Contains, 'US, FR, DE'),
    );
    expect(normalizeCondition(c(Prop.Platform, Op.Equals, ' iOS '))).toEqual(
      c(Prop.Platform, Op.Equals, 'ios'),
    );
    expect(normalizeCondition(c(Prop.UserId, Op.Equals, 'AbC'))).toEqual(c(Prop.UserId, Op.Equals, 'AbC'));
  });
  it('normalising keeps a valid condition valid', () => {
    for (const { condition, expectedMask } of SEGMENT_CONDITION_VECTORS) {
      if (expectedMask === 0) expect(validateCondition(normalizeCondition(condition))).toBe(0);
    }
  });
});

describe('allowedValuesOf', () => {
  it('names what a value may be, the platform list for Platform', () => {
    expect(allowedValuesOf(Prop.Platform, Op.Equals)).toBe('Allowed: ios, android, amazon, webgl, editor');
    expect(allowedValuesOf(Prop.Platform, Op.Contains)).toBe(
      'Allowed: ios, android, amazon, webgl, editor; several separated by commas',
    );
    expect(allowedValuesOf(Prop.Payer, Op.Equals)).toBe('Allowed: true or false');
  });
  it('has a text for every property the editor offers, and none for None or an unknown one', () => {
    for (const id of Object.values(SEGMENT_PROPERTY_LIST))
      expect(allowedValuesOf(id, Op.Equals)).toMatch(/^Allowed: ./);
    expect(allowedValuesOf(Prop.UnSupported, Op.Equals)).toBeUndefined();
    expect(allowedValuesOf(99, Op.Equals)).toBeUndefined();
  });
});

describe('segments as stored and compared', () => {
  const segment = (...values: string[]): Segment => ({
    conditions: values.map((value) => ({ property: Prop.Platform, op: Op.Contains, value })),
  });

  it('normalises every condition, so a segment differing only in spelling is the same', () => {
    expect(normalizeSegment(segment(' IOS ,android '))).toEqual(segment('ios, android'));
    expect(isSameSegment(segment(' IOS ,android '), segment('ios, android'))).toBe(true);
    expect(isSameSegment(segment('ios'), segment('android'))).toBe(false);
    expect(isSameSegment(segment('ios'), segment('ios', 'android'))).toBe(false);
  });

  it('names the first invalid condition, with its mask, for writers that refuse instead of answering masks', () => {
    expect(checkSegmentConditions(segment('ios'))).toEqual({ ok: true });
    expect(checkSegmentConditions({ conditions: [] })).toEqual({ ok: true });
    const refused = checkSegmentConditions(segment('ios', 'nokia', ''));
    expect(refused.ok ? undefined : [refused.error.code, refused.error.message]).toEqual([
      'RULE_VIOLATION',
      'Segment condition 2 is invalid (fault mask 4)',
    ]);
  });
});
