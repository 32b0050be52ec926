import pg from 'pg';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { describeInBrowser, screenLoaded } from '../src/browser.ts';
import { useConsoleInBrowser } from '../src/console-in-browser.ts';
import { isFocused, tabTo } from '../src/keyboard.ts';
import { callApiFromPage } from '../src/page-api.ts';

// The lists of a grown environment: a few thousand A/B-tests and configurations, searched, filtered, sorted
// and paged by the server, the view kept in the URL across a reload, at 1024 px, with axe-core watching each
// state and the search, a filter and the pager used by keyboard.

const OPERATOR = 'large-lists@example.com';
const AB_TESTS = 3_000;
// Two kinds in turn: the Type filter halves them.
const CONFIGURATIONS = 3_000;

/**
 * Copies of one A/B-test and of two configurations made through the API (so their data is what the
 * console writes), multiplied by set-based SQL: one statement per table instead of thousands of calls.
 * Descriptions cycle through three words; every fourth is switched off; A/B-test types cycle.
 */
async function seedCopies(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO ab_test (environment_id, id, description, type, active, case_descriptions, segment, salt,
                            created, modified, last_modifier)
       SELECT t.environment_id, 'lt-' || lpad(i::text, 4, '0'),
              (ARRAY['Spring sale', 'Level pacing', 'Store layout'])[1 + i % 3] || ' ' || i,
              (ARRAY[0, 10, 20])[1 + i % 3], i % 4 <> 0, t.case_descriptions, t.segment, md5('lt' || i),
              t.created - i * interval '1 minute', t.modified - i * interval '1 minute', t.last_modifier
         FROM ab_test t CROSS JOIN generate_series(1, $1::int) AS i
        WHERE t.environment_id = 'dev' AND t.id = 'lt-0000'`,
      [AB_TESTS],
    );
    await client.query(
      `INSERT INTO configuration (environment_id, id, kind, description, active, activation, data, created,
                                  modified, last_modifier)
       SELECT c.environment_id, c.id || '-' || lpad(i::text, 4, '0'), c.kind, c.description || ' ' || i,
              i % 4 <> 0, c.activation, c.data, c.created - i * interval '1 minute',
              c.modified - i * interval '1 minute', c.last_modifier
         FROM configuration c CROSS JOIN generate_series(1, $1::int) AS i
        WHERE c.environment_id = 'dev' AND c.id IN ('lc-gold', 'lc-duel') AND (i % 2 = 0) = (c.id = 'lc-gold')`,
      [CONFIGURATIONS],
    );
    await client.query('ANALYZE ab_test; ANALYZE configuration');
  } finally {
    await client.end();
  }
}

const idsShown = (page: Page, table: string) =>
  page
    .getByRole('table', { name: table })
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[1]?.textContent ?? ''));

const pagerText = (page: Page) => page.getByText(/^\d[\d,]*–\d[\d,]* of [\d,]+\+? /).textContent();

describeInBrowser('lists of a few thousand rows in Chromium', () => {
  const app = useConsoleInBrowser({ screenshotPrefix: 'large-lists', signInAs: OPERATOR });

  beforeAll(async () => {
    const { page } = app;
    await page.setViewportSize({ width: 1024, height: 768 });
    await callApiFromPage(page, '/api/abtest/create', { id: 'lt-0000', description: 'Template', type: 0 });
    await callApiFromPage(page, '/api/config/event/gr/create', {
      id: 'lc-gold',
      description: 'Gold rush',
      data: { kind: 'event/gr' },
    });
    await callApiFromPage(page, '/api/config/duel/create', {
      id: 'lc-duel',
      description: 'Duel week',
      data: { kind: 'duel' },
    });
    await seedCopies(app.databaseUrl);
  });

  it('searches, filters, sorts and pages the A/B-tests, and a reload comes back to the same rows', async () => {
    const { page, baseUrl, pageConsole } = app;
    await page.goto(`${baseUrl}/abtest`);
    await screenLoaded(page, 'AB-test');
    // The first page only, of more than the count goes to.
    await expect.poll(() => pagerText(page)).toBe('1–50 of 1,000+ AB-tests');
    expect(await idsShown(page, 'AB-tests')).toHaveLength(50);

    await page.getByRole('searchbox', { name: 'Search AB-tests' }).fill('lt-012');
    // lt-0120 ... lt-0129
    await expect.poll(() => idsShown(page, 'AB-tests')).toHaveLength(10);
    expect(await pagerText(page)).toBe('1–10 of 10 AB-tests');

    await page.getByRole('combobox', { name: 'State' }).click();
    await page.getByRole('option', { name: 'Inactive', exact: true }).click();
    await expect.poll(() => idsShown(page, 'AB-tests')).toEqual(['lt-0120', 'lt-0124', 'lt-0128']);

    await page.getByRole('button', { name: 'ID', exact: true }).click();
    await expect.poll(() => idsShown(page, 'AB-tests')).toEqual(['lt-0128', 'lt-0124', 'lt-0120']);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      q: 'lt-012',
      active: 'false',
      sort: 'id',
      direction: 'desc',
    });

    await page.reload();
    await screenLoaded(page, 'AB-test');
    await expect.poll(() => idsShown(page, 'AB-tests')).toEqual(['lt-0128', 'lt-0124', 'lt-0120']);
    expect(await page.getByRole('searchbox', { name: 'Search AB-tests' }).inputValue()).toBe('lt-012');
    expect(await page.getByRole('columnheader', { name: 'ID', exact: true }).getAttribute('aria-sort')).toBe(
      'descending',
    );

    // Pages of the whole list, newest created first; the second page survives a reload too.
    await page.goto(`${baseUrl}/abtest?sort=created&direction=desc`);
    await expect.poll(() => pagerText(page)).toBe('1–50 of 1,000+ AB-tests');
    const first = await idsShown(page, 'AB-tests');
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => pagerText(page)).toBe('51–100 of 1,000+ AB-tests');
    const second = await idsShown(page, 'AB-tests');
    expect(second).toHaveLength(50);
    expect(second.filter((id) => first.includes(id))).toEqual([]);
    await page.reload();
    await expect.poll(() => idsShown(page, 'AB-tests')).toEqual(second);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect.poll(() => idsShown(page, 'AB-tests')).toEqual(first);
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it('filters the configurations by type and state, searches them by keyboard and pages on', async () => {
    const { page, baseUrl, pageConsole } = app;
    await page.goto(`${baseUrl}/config?kind=duel&active=false`);
    await screenLoaded(page, 'Configuration');
    // Duel copies are the odd ones and every fourth copy is off, so no duel copy is: only the original.
    await expect.poll(() => idsShown(page, 'Configurations')).toEqual(['lc-duel']);

    await page.goto(`${baseUrl}/config?kind=event/gr&active=false`);
    // The switched-off gold copies (every fourth) and the original.
    await expect.poll(() => pagerText(page)).toBe('1–50 of 751 configurations');
    const search = page.getByRole('searchbox', { name: 'Search configurations' });
    expect(await tabTo(page, search)).toEqual([]);
    await page.keyboard.type('lc-gold-00');
    await page.keyboard.press('Enter');
    // lc-gold-0004, -0008, ..., -0096: the switched-off gold copies below 100.
    await expect.poll(() => pagerText(page)).toBe('1–24 of 24 configurations');
    expect(await isFocused(search)).toBe(true);

    await page.goto(`${baseUrl}/config?kind=event/gr`);
    await expect.poll(() => pagerText(page)).toBe('1–50 of 1,000+ configurations');
    const next = page.getByRole('button', { name: 'Next page' });
    // The pager is the page's last control: Shift+Tab from the top reaches it.
    expect(await tabTo(page, next, { backwards: true })).toEqual([]);
    await page.keyboard.press('Enter');
    await expect.poll(() => pagerText(page)).toBe('51–100 of 1,000+ configurations');
    await page.reload();
    await expect.poll(() => pagerText(page)).toBe('51–100 of 1,000+ configurations');
    expect(await idsShown(page, 'Configurations')).toContain('lc-gold-0100');
    expect(pageConsole.takeProblems()).toEqual([]);
  });
});
