import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { boundedArray, boundedRecord, lengthCheckedFirst, sizeLimitMessage } from './bounded.ts';

/** An element schema that counts how often it is parsed. */
function countingNumber() {
  const counter = { parsed: 0 };
  const schema = z.number().refine(() => {
    counter.parsed += 1;
    return true;
  });
  return { counter, schema };
}

const messagesOf = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('boundedArray', () => {
  it('refuses a list over its limit with one issue, before parsing any element', () => {
    const { counter, schema } = countingNumber();
    const list = z.object({ weights: boundedArray(schema, 100) });
    const result = list.safeParse({ weights: Array(100_000).fill(null) });
    expect(messagesOf(result)).toEqual(['weights: must have at most 100 items']);
    expect(counter.parsed).toBe(0);
  });

  it('parses a list within its limit element by element, as z.array does', () => {
    const { counter, schema } = countingNumber();
    const list = boundedArray(schema, 3, { error: 'must be a list' });
    expect(list.parse([1, 2, 3])).toEqual([1, 2, 3]);
    expect(counter.parsed).toBe(3);
    expect(messagesOf(list.safeParse([1, 'x']))).toEqual([
      '1: Invalid input: expected number, received string',
    ]);
    expect(messagesOf(list.safeParse('x'))).toEqual([': must be a list']);
    expect(messagesOf(list.safeParse(undefined))).toEqual([': must be a list']);
  });

  it('says the limit in its own words when given them', () => {
    const list = boundedArray(z.string(), 2, { tooMany: 'a segment has at most 2 conditions' });
    expect(messagesOf(list.safeParse(['a', 'b', 'c']))).toEqual([': a segment has at most 2 conditions']);
  });

  it('keeps the type a caller sends and gets, and the limit in the JSON Schema', () => {
    const list = boundedArray(z.string(), 2).optional();
    expectTypeOf<z.input<typeof list>>().toEqualTypeOf<string[] | undefined>();
    expectTypeOf<z.output<typeof list>>().toEqualTypeOf<string[] | undefined>();
    expect(z.toJSONSchema(boundedArray(z.string(), 2), { io: 'input' })).toMatchObject({
      type: 'array',
      maxItems: 2,
    });
  });

  it('encodes (as answers are) without a check', () => {
    const answer = z.object({ list: boundedArray(z.string(), 2) });
    expect(z.encode(answer, { list: ['a', 'b'] })).toEqual({ list: ['a', 'b'] });
  });
});

describe('lengthCheckedFirst', () => {
  it('checks the raw length before a list schema with further steps', () => {
    const { counter, schema } = countingNumber();
    const list = lengthCheckedFirst(z.array(schema).pipe(z.array(z.number())), 5, 'weights: too many');
    expect(messagesOf(list.safeParse(Array(10).fill(1)))).toEqual([': weights: too many']);
    expect(counter.parsed).toBe(0);
    expect(list.parse([1, 2])).toEqual([1, 2]);
    expect(z.toJSONSchema(list, { io: 'input' })).toMatchObject({ type: 'array', maxItems: 5 });
  });
});

describe('boundedRecord', () => {
  it('refuses a map of more keys than its limit before parsing any value', () => {
    const { counter, schema } = countingNumber();
    const map = boundedRecord(z.string().max(10), schema, 3);
    const huge = Object.fromEntries(Array.from({ length: 10_000 }, (_, index) => [`k${index}`, 'x']));
    expect(messagesOf(map.safeParse(huge))).toEqual([`: ${sizeLimitMessage.entries(3)}`]);
    expect(counter.parsed).toBe(0);
    expect(map.parse({ a: 1, b: 2, c: 3 })).toEqual({ a: 1, b: 2, c: 3 });
    expect(messagesOf(map.safeParse([1]))[0]).toMatch(/^: /);
  });

  it('says large limits with thousands separators', () => {
    expect(sizeLimitMessage.items(10_000)).toBe('must have at most 10,000 items');
    expect(sizeLimitMessage.entries(1000)).toBe('must have at most 1,000 entries');
  });
});
