import { describe, expect, it } from 'vitest';
import { isNestedDeeperThan, MAX_BODY_NESTING_DEPTH } from './json-nesting.ts';

const nested = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;

describe('isNestedDeeperThan', () => {
  it('counts lists and objects opened inside each other, up to the limit and one over', () => {
    expect(isNestedDeeperThan(nested(3), 3)).toBe(false);
    expect(isNestedDeeperThan(nested(4), 3)).toBe(true);
    expect(isNestedDeeperThan(`${'{"a":'.repeat(4)}1${'}'.repeat(4)}`, 3)).toBe(true);
    expect(isNestedDeeperThan('[{"a":[{}]}]', 3)).toBe(true);
    expect(isNestedDeeperThan('[{"a":[1]},{"b":[2]},[3]]', 3)).toBe(false);
    expect(isNestedDeeperThan(nested(MAX_BODY_NESTING_DEPTH), MAX_BODY_NESTING_DEPTH)).toBe(false);
    expect(isNestedDeeperThan(nested(200_000), MAX_BODY_NESTING_DEPTH)).toBe(true);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(isNestedDeeperThan(`["${'['.repeat(10)}"]`, 3)).toBe(false);
    expect(isNestedDeeperThan(`["\\"${'{'.repeat(10)}"]`, 3)).toBe(false);
    expect(isNestedDeeperThan(`["\\\\",[[[]]]]`, 3)).toBe(true);
  });

  it('agrees with the depth of what JSON.parse reads', () => {
    const depthOf = (value: unknown): number =>
      value !== null && typeof value === 'object'
        ? 1 + Math.max(0, ...Object.values(value as object).map(depthOf))
        : 0;
    const texts = ['{"a":[1,{"b":"]]]"}],"c":{}}', '[[],[[["x\\"["]]]]', '{"k":"\\\\"}', '[]', '1'];
    for (const text of texts) {
      const depth = depthOf(JSON.parse(text));
      expect(isNestedDeeperThan(`${text}${' '.repeat(10)}`, depth), text).toBe(false);
      if (depth > 0) expect(isNestedDeeperThan(`${text}${' '.repeat(10)}`, depth - 1), text).toBe(true);
    }
  });
});
