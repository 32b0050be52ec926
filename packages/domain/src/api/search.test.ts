import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import {
  carriedTotalOf,
  decodeSearchCursor,
  encodeSearchCursor,
  SEARCH_TEXT_TOTAL_CAP,
  SEARCH_TOTAL_CAP,
  searchFiltersKeyOf,
  searchInMemory,
  searchRequestSchemaOf,
  toSearchPage,
} from './search.ts';

describe('search cursors', () => {
  const expected = { sort: 'modified', direction: 'desc', valueKind: 'number', keyKind: 'text' } as const;

  it('decode to the position they were made from, for any text or whole number', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.maxSafeInteger(), (key, value) => {
        const text = encodeSearchCursor({ sort: 'modified', direction: 'desc', value, key });
        expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(decodeSearchCursor(text, expected)).toEqual({
          sort: 'modified',
          direction: 'desc',
          value,
          key,
        });
      }),
    );
  });

  it('refuse anything else as bad input, never throwing another error', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        try {
          decodeSearchCursor(text, expected);
        } catch (error) {
          expect(error).toBeInstanceOf(DomainError);
        }
      }),
    );
    const other = encodeSearchCursor({ sort: 'created', direction: 'desc', value: 1, key: 'a' });
    expect(() => decodeSearchCursor(other, expected)).toThrow('cursor belongs to another sort or direction');
    const textValue = encodeSearchCursor({ sort: 'modified', direction: 'desc', value: 'x', key: 'a' });
    expect(() => decodeSearchCursor(textValue, expected)).toThrow(
      'cursor is not a cursor this search answered',
    );
  });
});

describe('totals carried by cursors', () => {
  const expected = { sort: 'id', direction: 'asc', valueKind: 'text', keyKind: 'text' } as const;

  it('decode with the total and filters they were made with, and older cursors without', () => {
    const counted = { total: SEARCH_TOTAL_CAP + 1, filters: searchFiltersKeyOf({ q: 'sale' }) };
    const text = encodeSearchCursor({ sort: 'id', direction: 'asc', value: 'a', key: 'a', counted });
    expect(decodeSearchCursor(text, expected)).toEqual({
      sort: 'id',
      direction: 'asc',
      value: 'a',
      key: 'a',
      counted,
    });
    const plain = encodeSearchCursor({ sort: 'id', direction: 'asc', value: 'a', key: 'a' });
    expect(decodeSearchCursor(plain, expected).counted).toBeUndefined();
  });

  it('refuse a total that no count answers', () => {
    const made = (total: unknown, filters: unknown) =>
      btoa(JSON.stringify([1, 'id', 'asc', 'a', 'a', total, filters])).replaceAll('=', '');
    for (const [total, filters] of [
      [-1, 'x'],
      [SEARCH_TOTAL_CAP + 2, 'x'],
      [1.5, 'x'],
      ['3', 'x'],
      [3, 7],
      [3, 'x'.repeat(17)],
    ]) {
      expect(() => decodeSearchCursor(made(total, filters), expected)).toThrow(
        'cursor is not a cursor this search answered',
      );
    }
  });

  it('answer their total to the same filters only, whatever the page and order', () => {
    const request = { q: 'sale', active: true, sort: 'id', direction: 'asc', limit: 20 } as const;
    const page = toSearchPage(
      ['a', 'b'],
      { ...request, limit: 1 },
      7,
      (id) => ({ value: id, key: id }),
      String,
    );
    const cursor = decodeSearchCursor(page.nextCursor!, expected);
    expect(carriedTotalOf(cursor, { ...request, limit: 50, cursor: page.nextCursor })).toBe(7);
    expect(carriedTotalOf(cursor, { ...request, active: false })).toBeUndefined();
    expect(carriedTotalOf(cursor, { ...request, q: 'sales' })).toBeUndefined();
    expect(carriedTotalOf(cursor, { sort: 'id', direction: 'asc', limit: 1 })).toBeUndefined();
    expect(searchFiltersKeyOf({ b: 1, a: [2] })).toBe(searchFiltersKeyOf({ a: [2], b: 1, q: undefined }));
  });
});

describe('search requests', () => {
  const schema = searchRequestSchemaOf(['id', 'created'], {});

  it('default to the first page in the first sort, ascending, 50 rows', () => {
    for (const body of [undefined, {}]) {
      expect(schema.parse(body)).toEqual({ sort: 'id', direction: 'asc', limit: 50 });
    }
  });

  it('refuse unknown fields and out-of-bounds values, naming the field', () => {
    expect(() => schema.parse({ unknown: 1 })).toThrow('unknown');
    expect(() => schema.parse({ q: 'x'.repeat(101) })).toThrow('q must be at most 100 characters');
    expect(() => schema.parse({ limit: 201 })).toThrow('limit must be at most 200');
    expect(() => schema.parse({ sort: 'salt' })).toThrow('sort must be one of id, created');
  });
});

describe('pages', () => {
  it('cap the total and name the next page only when a row beyond the limit was read', () => {
    const request = { sort: 'id', direction: 'asc', limit: 2 } as const;
    const position = (id: string) => ({ value: id, key: id });
    const more = toSearchPage(['a', 'b', 'c'], request, SEARCH_TOTAL_CAP + 1, position, (id) => id);
    expect(more).toMatchObject({ items: ['a', 'b'], total: SEARCH_TOTAL_CAP, isTotalCapped: true });
    expect(
      decodeSearchCursor(more.nextCursor!, { ...request, valueKind: 'text', keyKind: 'text' }),
    ).toMatchObject({
      value: 'b',
    });
    expect(toSearchPage(['a', 'b'], request, 2, position, (id) => id)).toMatchObject({ nextCursor: null });
  });

  it('with text, cap the total lower, and carry the capped count', () => {
    const request = { q: 'sale', sort: 'id', direction: 'asc', limit: 2 } as const;
    const position = (id: string) => ({ value: id, key: id });
    const counted = SEARCH_TEXT_TOTAL_CAP + 1;
    const page = toSearchPage(['a', 'b', 'c'], request, counted, position, (id) => id);
    expect(page).toMatchObject({ total: SEARCH_TEXT_TOTAL_CAP, isTotalCapped: true });
    const exact = toSearchPage(['a'], request, SEARCH_TEXT_TOTAL_CAP, position, (id) => id);
    expect(exact).toMatchObject({ total: SEARCH_TEXT_TOTAL_CAP, isTotalCapped: false });
    const cursor = decodeSearchCursor(page.nextCursor!, { ...request, valueKind: 'text', keyKind: 'text' });
    expect(carriedTotalOf(cursor, request)).toBe(counted);
    const blank = toSearchPage(['a'], { ...request, q: '' }, SEARCH_TEXT_TOTAL_CAP + 1, position, String);
    expect(blank).toMatchObject({ total: SEARCH_TEXT_TOTAL_CAP + 1, isTotalCapped: false });
  });

  it('searched in memory, walk every row once in order, ties broken by the key', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({ key: fc.string({ maxLength: 4 }), value: fc.integer({ min: 0, max: 3 }) }),
          {
            selector: (row) => row.key,
            maxLength: 30,
          },
        ),
        fc.integer({ min: 1, max: 7 }),
        fc.constantFrom('asc' as const, 'desc' as const),
        (rows, limit, direction) => {
          const shown: typeof rows = [];
          let cursor: string | undefined;
          for (let page = 0; page <= rows.length; page++) {
            const answer = searchInMemory(
              rows,
              { sort: 'value', direction, limit, cursor },
              (row) => row,
              { valueKind: 'number', keyKind: 'text' },
              (row) => row,
            );
            shown.push(...answer.items);
            if (answer.nextCursor === null) break;
            cursor = answer.nextCursor;
          }
          const sign = direction === 'asc' ? 1 : -1;
          const sorted = [...rows].sort(
            (a, b) => sign * (a.value - b.value || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)),
          );
          expect(shown).toEqual(sorted);
        },
      ),
    );
  });
});
