import { describe, expect, it } from 'vitest';
import {
  abTestDescriptionSchema,
  abTestIdRefSchema,
  abTestIdSchema,
  caseDescriptionSchema,
  sanitizeAbTestId,
} from './abtest-id.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('sanitizeAbTestId', () => {
  it.each([
    ['spring-sale', 'spring-sale'],
    ['Spring Sale 2024', 'Spring-Sale-2024'],
    ['tab\there', 'tab-here'],
    ['a  b', 'a--b'],
    ['price: 5$!', 'price-5'],
    ['café_crème', 'cafe_creme'],
    ['日本', ''],
    ['x'.repeat(40), 'x'.repeat(36)],
    ['spring ', 'spring-'],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeAbTestId(input)).toBe(expected);
  });
  it('is idempotent', () => {
    for (const input of ['A b!c', ' é ', 'x'.repeat(50), 'a\u00a0b']) {
      const once = sanitizeAbTestId(input);
      expect(sanitizeAbTestId(once)).toBe(once);
    }
  });
});

describe('abTestIdSchema', () => {
  it('accepts what the sanitiser keeps', () => {
    expect(abTestIdSchema.parse('Spring-Sale_2')).toBe('Spring-Sale_2');
    expect(abTestIdSchema.safeParse('x'.repeat(36)).success).toBe(true);
  });
  it('refuses what the sanitiser would change, naming the field', () => {
    expect(firstMessage(abTestIdSchema.safeParse('spring sale'))).toBe(
      'AB-test ID may contain only letters, digits, - and _',
    );
    expect(firstMessage(abTestIdSchema.safeParse(''))).toBe('AB-test ID must not be empty');
    expect(firstMessage(abTestIdSchema.safeParse('x'.repeat(37)))).toBe(
      'AB-test ID must be at most 36 characters',
    );
    expect(firstMessage(abTestIdSchema.safeParse(7))).toBe('AB-test ID must be a text');
  });
  it('refuses the names JavaScript gives a meaning of its own, as every id does', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'valueOf', 'NaN']) {
      expect(firstMessage(abTestIdSchema.safeParse(name))).toBe(
        'AB-test ID must not be a name JavaScript gives a meaning of its own (such as constructor, __proto__, NaN)',
      );
    }
    expect(abTestIdSchema.parse('Constructor')).toBe('Constructor');
  });
  it('a reference id is only bounded in length', () => {
    expect(abTestIdRefSchema.safeParse('spring sale').success).toBe(true);
    expect(abTestIdRefSchema.safeParse('').success).toBe(false);
  });
});

describe('descriptions', () => {
  it('are trimmed and at most 100 characters', () => {
    expect(abTestDescriptionSchema.parse('  hello ')).toBe('hello');
    expect(abTestDescriptionSchema.safeParse(` ${'d'.repeat(100)} `).success).toBe(true);
    expect(firstMessage(abTestDescriptionSchema.safeParse('d'.repeat(101)))).toBe(
      'description must be at most 100 characters',
    );
    expect(firstMessage(caseDescriptionSchema.safeParse('d'.repeat(101)))).toBe(
      'case description must be at most 100 characters',
    );
  });
});
