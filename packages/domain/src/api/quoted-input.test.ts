import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  describeFieldPath,
  FIELD_PATH_MAX_LENGTH,
  QUOTED_TEXT_MAX_LENGTH,
  quoteInput,
} from './quoted-input.ts';

const nested = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level += 1) value = level % 2 ? [value] : { a: value };
  return value;
};

describe('what an error message quotes of the input', () => {
  it.each([
    ['Diamond', '"Diamond"'],
    ['', '""'],
    [42, '42'],
    [true, 'true'],
    [null, 'null'],
    [undefined, 'nothing'],
    [[1, 2], 'a list'],
    [{ a: 1 }, 'an object'],
  ])('%j as %s', (value, expected) => {
    expect(quoteInput(value)).toBe(expected);
  });

  it('cuts long text and never serialises a deep or huge value', () => {
    expect(quoteInput('x'.repeat(100_000))).toBe(`"${'x'.repeat(QUOTED_TEXT_MAX_LENGTH)}…"`);
    expect(quoteInput(nested(100_000))).toBe('a list');
    expect(quoteInput(nested(100_001))).toBe('an object');
    expect(quoteInput(Array.from({ length: 1_000_000 }, () => 'y'))).toBe('a list');
  });

  it('stays short whatever the value (property)', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(quoteInput(value).length).toBeLessThanOrEqual(QUOTED_TEXT_MAX_LENGTH + 10);
      }),
    );
  });
});

describe('a field path in an error message', () => {
  it('is the path when short', () => {
    expect(describeFieldPath(['list', 1, 'description'])).toBe('list.1.description');
  });

  it('keeps its ends and says how many steps it left out when long', () => {
    const deep = Array.from({ length: 10_000 }, (_, index) => (index % 2 ? index : 'a'));
    expect(describeFieldPath(deep)).toBe('a.1.…(9997 more)….9999');
    expect(describeFieldPath(['x'.repeat(500), 'y'.repeat(500), 'z'.repeat(500)])).toBe(
      `${'x'.repeat(20)}….${'y'.repeat(20)}….${'z'.repeat(20)}…`,
    );
  });

  it('is never longer than its bound (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ maxLength: 200 }), fc.nat()), { maxLength: 300 }), (path) => {
        expect(describeFieldPath(path).length).toBeLessThanOrEqual(FIELD_PATH_MAX_LENGTH + 30);
      }),
    );
  });
});
