import { describe, expect, it } from 'vitest';
import { newAbTestData } from './abtest.rules.ts';
import {
  abTestIdRequestSchema,
  abTestSchema,
  abTestUsageResponseSchema,
  activateTestRequestSchema,
  activateVersionRequestSchema,
  createAbTestRequestSchema,
  saveAbTestRequestSchema,
  saveCaseDescriptionsRequestSchema,
  saveSegmentRequestSchema,
  saveVersionRequestSchema,
  validateConditionRequestSchema,
  versionPercentsFormSchema,
} from './abtest.schemas.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('versions/save', () => {
  it('accepts numbers and numeric texts and normalises them to integers', () => {
    expect(saveVersionRequestSchema.parse({ id: 'a', weights: ['250000', 750000] })).toEqual({
      id: 'a',
      weights: [250_000, 750_000],
    });
    expect(saveVersionRequestSchema.parse({ id: 'a', weights: [' 1000000 '] }).weights).toEqual([1_000_000]);
  });
  it('refuses an empty list with the product’s text only once', () => {
    expect(messages(saveVersionRequestSchema.safeParse({ id: 'a', weights: [] }))).toEqual([
      'Weights cannot be empty',
    ]);
  });
  it('refuses a wrong total, giving it', () => {
    expect(messages(saveVersionRequestSchema.safeParse({ id: 'a', weights: ['500000', 400000] }))).toEqual([
      'Weights must total 1000000 (100%), but they total 900000 (90.0000%)',
    ]);
  });
  it('refuses weights that are not whole numbers ≥ 0', () => {
    for (const weight of ['-1', '1.5', 'abc', -1, 1.5, null]) {
      const result = saveVersionRequestSchema.safeParse({ id: 'a', weights: [weight, 1_000_000] });
      expect(result.success, String(weight)).toBe(false);
      expect(messages(result).join(' '), String(weight)).toMatch(/weight/);
    }
  });
});

describe('create', () => {
  it('takes an id, a trimmed description and a type', () => {
    expect(createAbTestRequestSchema.parse({ id: 'spring-sale', description: ' x ', type: 20 })).toEqual({
      id: 'spring-sale',
      description: 'x',
      type: 20,
    });
    expect(createAbTestRequestSchema.parse({ id: 'a', type: 0 }).description).toBe('');
  });
  it('refuses other types and unsanitised ids with clear messages', () => {
    expect(messages(createAbTestRequestSchema.safeParse({ id: 'a', type: 5 }))).toEqual([
      'type must be 0 (Sticky segmentation), 10 (Dynamic segmentation) or 20 (Rollout)',
    ]);
    expect(messages(createAbTestRequestSchema.safeParse({ id: 'a b', type: 0 }))).toEqual([
      'AB-test ID may contain only letters, digits, - and _',
    ]);
  });
});

describe('save', () => {
  const loaded = {
    id: 'spring-sale',
    description: ' new ',
    active: true,
    created: 1,
    modified: 2,
    lastModifier: 'op',
    data: { ...newAbTestData(10), caseDescriptions: ['control', 'blue'], version: 3 },
    usedBy: [4],
  };
  it('keeps only the writable fields of a loaded AB-test', () => {
    expect(saveAbTestRequestSchema.parse({ abTest: loaded })).toEqual({
      abTest: {
        id: 'spring-sale',
        description: 'new',
        data: { caseDescriptions: ['control', 'blue'], segment: { conditions: [] } },
      },
    });
  });
  it('leaves omitted fields out', () => {
    expect(saveAbTestRequestSchema.parse({ abTest: { id: 'x' } })).toEqual({ abTest: { id: 'x' } });
  });
  it('case descriptions are trimmed and bounded', () => {
    expect(saveCaseDescriptionsRequestSchema.parse({ id: 'x', descriptions: [' a '] }).descriptions).toEqual([
      'a',
    ]);
    expect(
      messages(saveCaseDescriptionsRequestSchema.safeParse({ id: 'x', descriptions: ['d'.repeat(101)] })),
    ).toEqual(['case description must be at most 100 characters']);
  });
});

describe('activation and lookups', () => {
  it('activate/test defaults to activating', () => {
    expect(activateTestRequestSchema.parse({ id: 'x' })).toEqual({ id: 'x', active: true });
    expect(activateTestRequestSchema.parse({ id: 'x', active: false }).active).toBe(false);
  });
  it('activate/version needs a version ≥ 0', () => {
    expect(messages(activateVersionRequestSchema.safeParse({ id: 'x', version: -1 }))).toEqual([
      'version must be at least 0',
    ]);
    expect(messages(activateVersionRequestSchema.safeParse({ id: 'x' }))).toEqual([
      'version must be a number',
    ]);
  });
  it('get names the missing id', () => {
    expect(messages(abTestIdRequestSchema.safeParse({}))).toEqual(['AB-test ID must be a text']);
  });
});

describe('segments', () => {
  it('a condition with property 0 and an empty value parses (the mask reports it)', () => {
    expect(
      validateConditionRequestSchema.safeParse({ condition: { property: 0, op: 1, value: '' } }).success,
    ).toBe(true);
  });
  it('a malformed condition is refused naming the field', () => {
    expect(
      messages(validateConditionRequestSchema.safeParse({ condition: { property: '2', op: 1, value: 'x' } })),
    ).toEqual(['condition property must be a number']);
    expect(
      messages(saveSegmentRequestSchema.safeParse({ abTestId: 'x', segment: { conditions: 'none' } })),
    ).toEqual(['segment conditions must be a list']);
  });
});

describe('responses', () => {
  it('an AB-test round-trips', () => {
    const abTest = {
      id: 'spring-sale',
      description: 'd',
      active: false,
      created: 1,
      modified: 2,
      lastModifier: 'op',
      data: {
        ...newAbTestData(0),
        version: 0,
        cases: [1_000_000],
        versions: [{ version: 0, active: true, cases: [1_000_000], created: 1, lastModifier: 'op' }],
        segment: { conditions: [{ property: 2, op: 1, value: 'ios' }] },
      },
      usedBy: [4],
    };
    expect(abTestSchema.parse(abTest)).toEqual(abTest);
  });
  it('the usage response holds plugin ids and [pluginId, error] pairs', () => {
    const usage = { validUsages: [2, 3], fatal: [[4, 'boom']] };
    expect(abTestUsageResponseSchema.parse(usage)).toEqual(usage);
    expect(abTestUsageResponseSchema.safeParse({ validUsages: [], fatal: [[4]] }).success).toBe(false);
  });
});

describe('the Create-Version form (versionPercentsFormSchema)', () => {
  it('turns the shown percents into the request, exactly', () => {
    expect(versionPercentsFormSchema.parse({ id: 'a', percents: ['60', '39.9999', '0.0001'] })).toEqual({
      id: 'a',
      weights: [600_000, 399_999, 1],
    });
  });
  it('refuses a field that does not read as a percent, naming its position, instead of sending another value', () => {
    const result = versionPercentsFormSchema.safeParse({ id: 'a', percents: ['60', '-5'] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['percents', 1],
      message: 'Must be from 0 to 100',
    });
  });
  it('refuses shown percents that do not total 100%', () => {
    expect(messages(versionPercentsFormSchema.safeParse({ id: 'a', percents: ['60', '30'] }))).toEqual([
      'Weights must total 1000000 (100%), but they total 900000 (90.0000%)',
    ]);
  });
});
