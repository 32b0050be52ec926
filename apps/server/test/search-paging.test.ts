import {
  decodeSearchCursor,
  encodeSearchCursor,
  SEARCH_TEXT_TOTAL_CAP,
  searchFiltersKeyOf,
} from '@console/domain/api';
import { PluginId } from '@console/domain/enums';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addEntry } from '../src/features/config/config.test-data.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// The search calls' paging is exact: walking the pages of a search while rows are inserted between
// them shows every row that was there at the start exactly once, never a row twice, in the asked order.
// Rows are written straight into the file's database (as its owner), each run under its own id prefix
// (A/B-tests, configurations) or e-mail (audit entries) that the search filters on.

type Json = Record<string, unknown>;
interface Page {
  items: Json[];
  total: number;
  isTotalCapped: boolean;
  nextCursor: string | null;
}

let t: TestApp;
let cookie: string;
let owner: pg.Client;
let run = 0;

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.login('search@example.com');
  owner = new pg.Client({ connectionString: t.databaseUrl });
  await owner.connect();
});
afterAll(() => owner?.end());

const search = async (url: string, body: unknown): Promise<Page> => {
  const response = await t.post(url, body, cookie);
  if (response.statusCode !== 200) throw new Error(`${url} ${response.statusCode}: ${response.body}`);
  return response.json().payload as Page;
};

/** A row to insert: a time (few distinct ones, so the sort ties and the key decides) and flags. */
const rowArbitrary = fc.record({
  time: fc.integer({ min: 0, max: 3 }),
  type: fc.constantFrom(0, 10, 20),
  active: fc.boolean(),
});
type Row = { time: number; type: number; active: boolean };
const BASE_TIME = Date.UTC(2026, 0, 1);

async function insertAbTests(prefix: string, rows: readonly Row[], from: number, description = 'paged') {
  for (const [index, row] of rows.entries()) {
    const at = new Date(BASE_TIME + row.time * 1000);
    await owner.query(
      `INSERT INTO ab_test (environment_id, id, description, type, active, segment, salt, created, modified)
       VALUES ('dev', $1, $5, $2, $3, '{"conditions": []}', 'salt', $4, $4)`,
      [`${prefix}${String(from + index).padStart(3, '0')}`, row.type, row.active, at, description],
    );
  }
}

async function insertConfigs(prefix: string, rows: readonly Row[], from: number) {
  const kinds = ['duel', 'ws', 'ar'];
  for (const [index, row] of rows.entries()) {
    const at = new Date(BASE_TIME + row.time * 1000);
    await owner.query(
      `INSERT INTO configuration (environment_id, id, kind, description, active, activation, data, created, modified)
       VALUES ('dev', $1, $2, 'paged', $3, '{}', '{}', $4, $4)`,
      [`${prefix}${String(from + index).padStart(3, '0')}`, kinds[row.type / 10], row.active, at],
    );
  }
}

async function insertAuditEntries(email: string, count: number) {
  const entries = Array.from({ length: count }, (_, index) => ({
    environment: 'dev',
    email,
    action: 'abtest.create',
    target: `paged-${index}`,
    attributes: {},
  }));
  await owner.query('SELECT audit_append($1::jsonb)', [JSON.stringify(entries)]);
}

/**
 * Walks every page, inserting `during[n]` after page n; answers the items in the order shown. Every page
 * answers the total its first page counted (the cursor carries it), though rows were inserted meanwhile.
 */
async function walk(
  url: string,
  body: Json,
  limit: number,
  insertAfterPage: (page: number) => Promise<void>,
): Promise<Json[]> {
  const shown: Json[] = [];
  let cursor: string | null = null;
  let firstTotal: number | undefined;
  for (let page = 0; page < 200; page++) {
    const answer: Page = await search(url, { ...body, limit, ...(cursor ? { cursor } : {}) });
    expect(answer.items.length).toBeLessThanOrEqual(limit);
    firstTotal ??= answer.total;
    expect(answer.total).toBe(firstTotal);
    shown.push(...answer.items);
    cursor = answer.nextCursor;
    if (cursor === null) return shown;
    await insertAfterPage(page);
  }
  throw new Error('more than 200 pages');
}

/** A cursor of the A/B-test search by id, ascending, read back. */
const decoded = (cursor: string) =>
  decodeSearchCursor(cursor, { sort: 'id', direction: 'asc', valueKind: 'text', keyKind: 'text' });

const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

/** The items are strictly ordered by (value, id) in the direction asked. */
function expectOrdered(
  items: Json[],
  sortValueOf: (item: Json) => string | number,
  idOf: (item: Json) => string | number,
  direction: string,
) {
  const sign = direction === 'asc' ? 1 : -1;
  for (let index = 1; index < items.length; index++) {
    const [before, after] = [items[index - 1]!, items[index]!];
    const order = compare(sortValueOf(before), sortValueOf(after)) || compare(idOf(before), idOf(after));
    expect(sign * order).toBe(-1);
  }
}

const walkArbitrary = fc.record({
  initial: fc.array(rowArbitrary, { maxLength: 14 }),
  inserted: fc.array(fc.array(rowArbitrary, { maxLength: 3 }), { maxLength: 6 }),
  limit: fc.integer({ min: 1, max: 5 }),
  direction: fc.constantFrom('asc', 'desc'),
});

describe('search paging while rows are inserted', () => {
  it('/api/abtest/search shows every A/B-test there at the start once, in order, whatever the sort', async () => {
    const sortValueOf: Record<string, (item: Json) => string | number> = {
      id: (item) => item.id as string,
      type: (item) => (item.data as Json).type as number,
      active: (item) => (item.active ? 1 : 0),
      created: (item) => item.created as number,
      modified: (item) => item.modified as number,
    };
    await fc.assert(
      fc.asyncProperty(
        walkArbitrary,
        fc.constantFrom('id', 'type', 'active', 'created', 'modified'),
        async ({ initial, inserted, limit, direction }, sort) => {
          const prefix = `pg${run++}-`;
          await insertAbTests(prefix, initial, 0);
          let next = initial.length;
          const shown = await walk(
            '/api/abtest/search?configuration=dev',
            { q: prefix, sort, direction },
            limit,
            async (page) => {
              const rows = inserted[page] ?? [];
              await insertAbTests(prefix, rows, next);
              next += rows.length;
            },
          );
          const ids = shown.map((item) => item.id as string);
          expect(new Set(ids).size).toBe(ids.length);
          for (let index = 0; index < initial.length; index++) {
            expect(ids).toContain(`${prefix}${String(index).padStart(3, '0')}`);
          }
          expectOrdered(shown, sortValueOf[sort]!, (item) => item.id as string, direction);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('/api/plugin/config/search does the same for configurations, sorted by kind or in use too', async () => {
    // One or two configurations of each run are used by a plugin entry, so the In use sort has both values.
    const sortValueOf: Record<string, (item: Json) => string | number> = {
      id: (item) => (item.extended as Json).id as string,
      kind: (item) => ((item.extended as Json).data as Json).pluginId as number,
      inUse: (item) => (item.inUse === 'unused' ? 0 : 1),
      modified: (item) => (item.extended as Json).modified as number,
    };
    await fc.assert(
      fc.asyncProperty(
        walkArbitrary,
        fc.constantFrom('id', 'inUse', 'modified'),
        async ({ initial, inserted, limit, direction }, sort) => {
          const prefix = `pc${run++}-`;
          await insertConfigs(prefix, initial, 0);
          if (initial.length > 0) {
            await addEntry(t, {
              plugin: 'DUEL',
              set: 'draft',
              abTestId: 'none',
              configurations: [`${prefix}000`, initial.length > 3 ? `${prefix}003` : ''],
            });
          }
          let next = initial.length;
          const shown = await walk(
            '/api/plugin/config/search?configuration=dev',
            { q: prefix, sort, direction },
            limit,
            async (page) => {
              const rows = inserted[page] ?? [];
              await insertConfigs(prefix, rows, next);
              next += rows.length;
            },
          );
          const idOf = (item: Json) => (item.extended as Json).id as string;
          const ids = shown.map(idOf);
          expect(new Set(ids).size).toBe(ids.length);
          for (let index = 0; index < initial.length; index++) {
            expect(ids).toContain(`${prefix}${String(index).padStart(3, '0')}`);
          }
          expectOrdered(shown, sortValueOf[sort]!, idOf, direction);
        },
      ),
      { numRuns: 16 },
    );
  });

  it('/api/audit/search pages the log by id or date while entries are written', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 12 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom('asc', 'desc'),
        fc.constantFrom('id', 'created'),
        async (initial, inserted, limit, direction, sort) => {
          const email = `paged-${run++}@example.com`;
          if (initial > 0) await insertAuditEntries(email, initial);
          const shown = await walk(
            '/api/audit/search?configuration=dev',
            { email, direction, sort },
            limit,
            async (page) => {
              if ((inserted[page] ?? 0) > 0) await insertAuditEntries(email, inserted[page]!);
            },
          );
          const ids = shown.map((item) => item.id as number);
          expect(new Set(ids).size).toBe(ids.length);
          expect(ids.length).toBeGreaterThanOrEqual(initial);
          // Entries written by one call share their time: the id orders them.
          expectOrdered(
            shown,
            (item) => (sort === 'created' ? (item.created as number) : (item.id as number)),
            (item) => item.id as number,
            direction,
          );
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('search answers', () => {
  it('counts the matches and names the next page; a filter narrows both', async () => {
    await insertAbTests(
      'cnt-',
      [
        { time: 0, type: 0, active: true },
        { time: 1, type: 10, active: false },
        { time: 2, type: 10, active: true },
      ],
      0,
    );
    const all = await search('/api/abtest/search', { q: 'cnt-', limit: 2 });
    expect(all).toMatchObject({ total: 3, isTotalCapped: false });
    expect(all.items.map((item) => item.id)).toEqual(['cnt-000', 'cnt-001']);
    expect(all.nextCursor).toEqual(expect.any(String));
    const dynamic = await search('/api/abtest/search', { q: 'cnt-', type: 10, active: true });
    expect(dynamic).toMatchObject({ total: 1, nextCursor: null });
    expect(dynamic.items.map((item) => item.id)).toEqual(['cnt-002']);
    const picker = await search('/api/abtest/search/picker', { q: 'CNT-00', active: true });
    expect(picker.items).toEqual([
      { id: 'cnt-000', active: true, version: -1, description: 'paged' },
      { id: 'cnt-002', active: true, version: -1, description: 'paged' },
    ]);
  });

  it('filters configurations by kind, state, use and the plugin using them; the picker lists the active ones of its kind', async () => {
    await insertConfigs(
      'flt-',
      [
        { time: 0, type: 0, active: true },
        { time: 0, type: 0, active: false },
        { time: 0, type: 10, active: true },
      ],
      0,
    );
    await addEntry(t, { plugin: 'DUEL', set: 'active', abTestId: 'none', configurations: ['flt-001'] });
    const idsOf = (page: Page) => page.items.map((item) => (item.extended as Json).id);
    expect(idsOf(await search('/api/plugin/config/search', { q: 'flt-', kinds: ['duel'] }))).toEqual([
      'flt-000',
      'flt-001',
    ]);
    expect(idsOf(await search('/api/config/duel/search', { q: 'flt-', active: true }))).toEqual(['flt-000']);
    expect(idsOf(await search('/api/plugin/config/search', { q: 'flt-', inUse: true }))).toEqual(['flt-001']);
    expect(idsOf(await search('/api/plugin/config/search', { q: 'flt-', inUse: false }))).toEqual([
      'flt-000',
      'flt-002',
    ]);
    // By In use over two kinds: each kind's page from its own index, merged, and continued by the cursor.
    const byUse = { q: 'flt-', kinds: ['duel', 'ws'], sort: 'inUse', direction: 'desc', limit: 2 };
    const first = await search('/api/plugin/config/search', byUse);
    expect([idsOf(first), first.total]).toEqual([['flt-001', 'flt-002'], 3]);
    const next = await search('/api/plugin/config/search', { ...byUse, cursor: first.nextCursor });
    expect([idsOf(next), next.nextCursor]).toEqual([['flt-000'], null]);
    expect(
      idsOf(await search('/api/plugin/config/search', { q: 'flt-', usedByPlugin: PluginId.DUEL })),
    ).toEqual(['flt-001']);
    expect(
      idsOf(await search('/api/plugin/config/search', { q: 'flt-', usedByPlugin: PluginId.WIN_STREAK })),
    ).toEqual([]);
    const picker = await search('/api/plugin/config/search/picker', { pluginId: PluginId.DUEL, q: 'flt-' });
    expect(picker.items).toEqual([{ id: 'flt-000', description: 'paged' }]);
    const unknown = await t.post('/api/plugin/config/search/picker', { pluginId: 999_999 }, cookie);
    expect(unknown.statusCode).toBe(404);
  });

  it('counts on the first page only: the next pages answer its total, unless sent with other filters', async () => {
    const rows = [0, 1, 2].map((time) => ({ time, type: 0, active: time !== 1 }));
    await insertAbTests('car-', rows, 0);
    const first = await search('/api/abtest/search', { q: 'car-', limit: 1 });
    expect(first).toMatchObject({ total: 3, isTotalCapped: false });
    await insertAbTests('car-', rows, 3);
    const cursor = first.nextCursor!;
    // The same search goes on with the total it began with; the entries inserted since are paged.
    expect(await search('/api/abtest/search', { q: 'car-', limit: 1, cursor })).toMatchObject({ total: 3 });
    // Another filter with that cursor is another search: counted afresh (car-001 and car-004 are inactive).
    const inactive = await search('/api/abtest/search', { q: 'car-', active: false, limit: 1, cursor });
    expect(inactive).toMatchObject({ total: 2, items: [{ id: 'car-001' }] });
    // After the last row: an empty page, counted apart.
    const afterLast = encodeSearchCursor({ sort: 'id', direction: 'asc', value: 'car-999', key: 'car-999' });
    expect(await search('/api/abtest/search', { q: 'car-', cursor: afterLast })).toMatchObject({
      items: [],
      total: 6,
      nextCursor: null,
    });
    // An empty page after a cursor carrying a total answers that total.
    const counted = { total: 4, filters: searchFiltersKeyOf({ q: 'car-' }) };
    const carriedAfterLast = encodeSearchCursor({ ...decoded(afterLast), counted });
    expect(await search('/api/abtest/search', { q: 'car-', cursor: carriedAfterLast })).toMatchObject({
      items: [],
      total: 4,
    });
    const pickerFirst = await search('/api/abtest/search/picker', { q: 'car-', limit: 2 });
    await insertAbTests('car-', rows.slice(0, 1), 6);
    const pickerNext = await search('/api/abtest/search/picker', {
      q: 'car-',
      limit: 2,
      cursor: pickerFirst.nextCursor,
    });
    expect([pickerFirst.total, pickerNext.total]).toEqual([6, 6]);
  });

  it('counts a search with text up to its lower cap, one with filters alone up to the full one', async () => {
    await owner.query(
      `INSERT INTO ab_test (environment_id, id, description, type, active, segment, salt, created, modified)
       SELECT 'dev', 'cap-' || lpad(i::text, 4, '0'), 'capped', 0, false, '{"conditions": []}', 'salt', now(), now()
         FROM generate_series(1, $1::int) AS i`,
      [SEARCH_TEXT_TOTAL_CAP + 1],
    );
    expect(await search('/api/abtest/search', { q: 'cap-', limit: 1 })).toMatchObject({
      total: SEARCH_TEXT_TOTAL_CAP,
      isTotalCapped: true,
    });
    expect(await search('/api/abtest/search/picker', { q: 'cap-', limit: 1 })).toMatchObject({
      total: SEARCH_TEXT_TOTAL_CAP,
      isTotalCapped: true,
    });
    const exact = await search('/api/abtest/search', { q: 'cap-00', limit: 1 });
    expect(exact).toMatchObject({ total: 99, isTotalCapped: false });
    // Without text, the same rows are counted past the text cap.
    const filtered = await search('/api/abtest/search', { active: false, limit: 1 });
    expect(filtered.total).toBeGreaterThan(SEARCH_TEXT_TOTAL_CAP);
    expect(filtered.isTotalCapped).toBe(false);
  });

  it('answers a text page of configurations and its total from the same matches, in order and capped', async () => {
    // Ids in reverse order of their rows, so a page read in storage order would show the wrong ones.
    await owner.query(
      `INSERT INTO configuration (environment_id, id, kind, description, active, activation, data, created, modified)
       SELECT 'dev', 'ccap-' || lpad((1000 - i)::text, 4, '0'), 'duel', 'capped', i % 2 = 0, '{}', '{}', now(), now()
         FROM generate_series(1, $1::int) AS i`,
      [2 * SEARCH_TEXT_TOTAL_CAP + 2],
    );
    const first = await search('/api/plugin/config/search', { q: 'ccap-', limit: 2 });
    expect(first).toMatchObject({ total: SEARCH_TEXT_TOTAL_CAP, isTotalCapped: true });
    expect(first.items.map((item) => (item.extended as Json).id)).toEqual(['ccap-0798', 'ccap-0799']);
    const newest = await search('/api/config/duel/search', { q: 'CCAP-', sort: 'id', direction: 'desc' });
    expect((newest.items[0]!.extended as Json).id).toBe('ccap-0999');
    // The active ones are every other row: 101 of them, past the cap; the picker shows them by id.
    const picker = await search('/api/plugin/config/search/picker', {
      pluginId: PluginId.DUEL,
      q: 'ccap-',
      limit: 3,
    });
    expect(picker).toMatchObject({ total: SEARCH_TEXT_TOTAL_CAP, isTotalCapped: true });
    expect(picker.items.map((item) => item.id)).toEqual(['ccap-0798', 'ccap-0800', 'ccap-0802']);
    const exact = await search('/api/plugin/config/search', { q: 'ccap-09', active: false });
    expect(exact).toMatchObject({ total: 50, isTotalCapped: false });
    // The next page answers the first page's total and goes on after its last row.
    const next = await search('/api/plugin/config/search', {
      q: 'ccap-',
      limit: 2,
      cursor: first.nextCursor,
    });
    expect(next.total).toBe(SEARCH_TEXT_TOTAL_CAP);
    expect(next.items.map((item) => (item.extended as Json).id)).toEqual(['ccap-0800', 'ccap-0801']);
  });

  it('matches text ignoring case as ILIKE on id and description does, letters beyond ASCII too', async () => {
    const descriptions = ['ÄPFEL im Herbst', 'Straße', 'İstanbul Cup', 'ΣΟΦΊΑ', 'plain'];
    for (const [index, description] of descriptions.entries()) {
      await insertAbTests(`Case-${index}-`, [{ time: index, type: 0, active: true }], 0, description);
    }
    for (const q of [
      'äpfel',
      'ÄPF',
      'STRASSE',
      'straße',
      'i̇stanbul',
      'istanbul',
      'σοφία',
      'case-',
      'CASE-2',
      '%',
    ]) {
      const { rows } = await owner.query<{ id: string }>(
        `SELECT id FROM ab_test WHERE environment_id = 'dev' AND id LIKE 'Case-%'
            AND (id ILIKE $1 OR description ILIKE $1) ORDER BY id`,
        [`%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`],
      );
      const found = await search('/api/abtest/search', { q, limit: 200 });
      const ids = found.items.map((item) => item.id as string).filter((id) => id.startsWith('Case-'));
      expect({ q, ids }).toEqual({ q, ids: rows.map((row) => row.id) });
    }
  });

  it('counts the audit log once per search too, from the index that serves its filters', async () => {
    const email = `carried-${run++}@example.com`;
    await insertAuditEntries(email, 3);
    const first = await search('/api/audit/search', { email, action: 'abtest.create', limit: 2 });
    expect(first).toMatchObject({ total: 3, isTotalCapped: false });
    await insertAuditEntries(email, 2);
    const next = await search('/api/audit/search', {
      email,
      action: 'abtest.create',
      limit: 2,
      cursor: first.nextCursor,
    });
    expect(next.total).toBe(3);
    const recounted = await search('/api/audit/search', { email, limit: 2, cursor: first.nextCursor });
    expect(recounted.total).toBe(5);
  });

  it('searches the users by e-mail and role', async () => {
    await t.login('searched-user@example.com');
    const page = await search('/api/users/search', { q: 'SEARCHED-user' });
    expect(page.items.map((user) => user.email)).toEqual(['searched-user@example.com']);
    expect(await search('/api/users/search', { q: 'searched-user', role: 'viewer' })).toMatchObject({
      items: [],
      total: 0,
    });
  });
});

describe('hostile search input', () => {
  it('matches %, _ and \\ as themselves, and quotes as text', async () => {
    await insertAbTests('lit-a', [{ time: 0, type: 0, active: false }], 0, 'lit%_\\ literal');
    await insertAbTests('lit-b', [{ time: 0, type: 0, active: false }], 0, 'litxx literal');
    for (const q of ['lit%_\\', 'lit%', '%_', '\\']) {
      const page = await search('/api/abtest/search', { q });
      expect(page.items.map((item) => item.id)).toEqual(['lit-a000']);
    }
    for (const q of ["'; DROP TABLE ab_test; --", '"', 'ß\u{1F600}', ' '.repeat(100)]) {
      expect((await t.post('/api/abtest/search', { q }, cookie)).statusCode).toBe(200);
    }
  });

  it.each([
    [{ q: 'x'.repeat(101) }, 'q'],
    [{ limit: 0 }, 'limit'],
    [{ limit: 201 }, 'limit'],
    [{ sort: 'salt' }, 'sort'],
    [{ direction: 'up' }, 'direction'],
    [{ cursor: 'not a cursor!' }, 'cursor'],
    [{ cursor: 'x'.repeat(401) }, 'cursor'],
    [{ cursor: 'AAAA' }, 'cursor'],
    [{ cursor: encodeSearchCursor({ sort: 'modified', direction: 'asc', value: 1, key: 'a' }) }, 'cursor'],
    [
      {
        sort: 'created',
        cursor: encodeSearchCursor({ sort: 'created', direction: 'asc', value: 'text', key: 'a' }),
      },
      'cursor',
    ],
    [{ cursor: encodeSearchCursor({ sort: 'id', direction: 'asc', value: 'a', key: 7 }) }, 'cursor'],
    [{ type: 5 }, 'type'],
    [{ usedByPlugin: -1 }, 'usedByPlugin'],
    [{ salt: 'x' }, 'salt'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const response = await t.post('/api/abtest/search', body, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain(field);
  });

  it('refuses bad audit filters and configuration kinds with 400; a reversed date range is an empty page', async () => {
    for (const body of [{ from: -1 }, { to: 1.5 }, { email: 'x'.repeat(201) }, { direction: 'sideways' }]) {
      expect((await t.post('/api/audit/search', body, cookie)).statusCode).toBe(400);
    }
    expect((await t.post('/api/plugin/config/search', { kinds: ['nope'] }, cookie)).statusCode).toBe(400);
    expect(
      (await t.post('/api/plugin/config/search', { kinds: Array(50).fill('duel') }, cookie)).statusCode,
    ).toBe(400);
    expect(await search('/api/audit/search', { from: 2_000, to: 1_000 })).toMatchObject({
      items: [],
      total: 0,
    });
  });
});

describe('audit export', () => {
  const email = 'exported@example.com';
  beforeAll(() => insertAuditEntries(email, 2_345));

  it('streams every matching entry, newest first, as CSV, across the parts it reads', async () => {
    const response = await t.post('/api/audit/export?configuration=dev', { email, format: 'csv' }, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="audit-dev.csv"');
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,environment,action,target,email,created,attributes');
    expect(lines).toHaveLength(2_346);
    const ids = lines.slice(1).map((line) => Number(line.split(',')[0]));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(lines[1]).toMatch(
      /^\d+,dev,abtest\.create,paged-2344,exported@example\.com,\d{4}-\d\d-\d\dT[\d:.]+Z,\{\}$/,
    );
  });

  it('streams the same entries as the search walks, as one JSON array', async () => {
    const response = await t.post('/api/audit/export', { email, format: 'json', target: 'paged-7' }, cookie);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const exported = JSON.parse(response.body) as Json[];
    const searched = await search('/api/audit/search', { email, target: 'paged-7' });
    expect(exported).toEqual(searched.items);
    expect(exported).toHaveLength(1);
  });

  it('is declared in the OpenAPI document as CSV text or the JSON array of entries', async () => {
    const document = (await t.request({ method: 'GET', url: '/docs/json' })).json();
    const ok = document.paths['/api/audit/export'].post.responses['200'];
    expect(Object.keys(ok.content)).toEqual(['text/csv', 'application/json']);
    expect(ok.content['text/csv'].schema).toEqual({ type: 'string' });
    expect(ok.content['application/json'].schema).toMatchObject({ type: 'array' });
  });

  it('refuses a bad filter before streaming anything', async () => {
    const response = await t.post('/api/audit/export', { format: 'xml' }, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain('format');
  });
});
