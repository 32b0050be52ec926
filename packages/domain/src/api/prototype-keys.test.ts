import { describe, expect, it } from 'vitest';
import { findPrototypeKey } from './prototype-keys.ts';

describe('keys that reach Object.prototype', () => {
  it('finds __proto__ and constructor.prototype at any depth, naming where', () => {
    expect(findPrototypeKey(JSON.parse('{"__proto__": {"x": 1}}'))?.path).toEqual(['__proto__']);
    expect(findPrototypeKey(JSON.parse('{"a": [1, {"b": {"\\u005f_proto__": null}}]}'))).toEqual({
      path: ['a', 1, 'b', '__proto__'],
      problem: 'must not be a key: JavaScript gives __proto__ a meaning of its own',
    });
    expect(findPrototypeKey(JSON.parse('{"x": {"constructor": {"prototype": {}}}}'))).toEqual({
      path: ['x', 'constructor'],
      problem:
        'must not be a key holding prototype: JavaScript gives constructor.prototype a meaning of its own',
    });
  });

  it('lets every other value through, however deep', () => {
    for (const text of [
      '{"constructor": "x"}',
      '{"constructor": {"name": 1}}',
      '[{"proto": 1}]',
      '"__proto__"',
      'null',
    ]) {
      expect(findPrototypeKey(JSON.parse(text)), text).toBeNull();
    }
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(findPrototypeKey(JSON.parse(deep))).toBeNull();
  });
});
