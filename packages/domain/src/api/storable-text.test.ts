import { describe, expect, it } from 'vitest';
import { findUnstorableCharacter, findUnstorableText } from './storable-text.ts';

const NUL = 'must not contain the NUL character (U+0000)';
const SURROGATE = 'must be valid Unicode text (it contains an unpaired surrogate)';

describe('text PostgreSQL can store', () => {
  it.each([
    ['', null],
    ['plain text', null],
    ['emoji 😀 and 𝄞 (surrogate pairs)', null],
    ['\uffff\ufeff\u202e and other odd but valid characters', null],
    ['\u0001\u001f control characters other than NUL', null],
    ['\u0000', NUL],
    ['a\u0000b', NUL],
    ['\ud800', SURROGATE],
    ['\udfff', SURROGATE],
    ['x\ud83dy', SURROGATE],
    ['pair then lone high 😀\ud83d', SURROGATE],
    ['reversed pair \ude00\ud83d', SURROGATE],
  ])('%j: %s', (text, expected) => {
    expect(findUnstorableCharacter(text)).toBe(expected);
  });

  it('finds the first unstorable text of a parsed body in document order, with its path', () => {
    const body = { id: 'ok', list: ['fine', { description: 'a\u0000b' }], later: '\ud800' };
    expect(findUnstorableText(body)).toEqual({ path: ['list', 1, 'description'], problem: NUL });
    expect(findUnstorableText('\ud800')).toEqual({ path: [], problem: SURROGATE });
    expect(findUnstorableText({ id: 'ok', n: 1, b: true, none: null, list: [[]] })).toBeNull();
    expect(findUnstorableText([1, true, null, 'fine', { n: 2, t: '\udc00' }])).toEqual({
      path: [4, 't'],
      problem: SURROGATE,
    });
  });

  it('checks field names too', () => {
    expect(findUnstorableText({ data: { 'bad\u0000key': 1 } })).toEqual({
      path: ['data'],
      problem: `field names ${NUL}`,
    });
  });

  it('walks any depth without recursion', () => {
    let deep: unknown = 'x\u0000';
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    const found = findUnstorableText(deep);
    expect(found?.path).toHaveLength(100_000);
    expect(found?.problem).toBe(NUL);
  });
});
