import { describe, expect, it } from 'vitest';
import { stableStringify } from './stable-stringify.ts';

describe('stableStringify', () => {
  it('sorts keys at every depth', () => {
    expect(stableStringify({ b: 1, a: { d: [{ z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[{"y":2,"z":1}]},"b":1}',
    );
    expect(stableStringify({ b: 1, a: 2 })).toBe(stableStringify({ a: 2, b: 1 }));
  });
  it('matches JSON.stringify for primitives and key-sorted data', () => {
    for (const value of [
      null,
      true,
      0,
      -1.5,
      'text "quoted"',
      [],
      {},
      [1, 'a', null],
      { a: [1, { b: 'c' }] },
    ]) {
      expect(stableStringify(value)).toBe(JSON.stringify(value));
    }
  });
  it('drops undefined properties, writes null for undefined in arrays and non-finite numbers', () => {
    expect(stableStringify({ a: undefined, b: 1 })).toBe('{"b":1}');
    expect(stableStringify([undefined, Number.NaN, Number.POSITIVE_INFINITY])).toBe('[null,null,null]');
    expect(stableStringify(undefined)).toBe('null');
  });
  it('honours toJSON', () => {
    expect(stableStringify({ at: new Date(Date.UTC(2025, 0, 1)) })).toBe('{"at":"2025-01-01T00:00:00.000Z"}');
  });
  it('allows shared references but refuses cycles', () => {
    const shared = { x: 1 };
    expect(stableStringify({ a: shared, b: shared })).toBe('{"a":{"x":1},"b":{"x":1}}');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => stableStringify(cyclic)).toThrow('cycle');
  });
});
