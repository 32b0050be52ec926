import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser } from '../src/browser.ts';
import { useConsoleInBrowser } from '../src/console-in-browser.ts';
import { callApiFromPage, createAbTestWithVersion } from '../src/page-api.ts';

// /plugin/overview against the real server: configurations made through /api/config/event/gr/create,
// GOLD_RUSH's active set through its draft (/api/plugin/draft/abtest, then /api/plugin/draft/activate).
// The server computes around its own clock, so what is history, active or future is read from the
// page's Now line.

const OPERATOR = 'schedule-ops@example.com';
const GOLD_RUSH = 11;
const H = 3_600;
const SLOT_MS = 3 * H * 1000;
const DAY_MS = 24 * H * 1000;

type PluginAnswer = { data: { draftRevision: number } };

/** A Gold Rush configuration running daily from `fromHour` for `hours` (UTC). */
const createDaily = (page: Page, id: string, fromHour: number, hours: number, cooldownHours = 0) =>
  callApiFromPage(page, '/api/config/event/gr/create', {
    id,
    description: `About ${id}`,
    active: true,
    activation: {
      type: 11,
      scheduleOffset: fromHour * H,
      maxEventDuration: hours * H,
      cooldown: cooldownHours * H,
    },
    data: { kind: 'event/gr' },
  });

const timeline = (page: Page) => page.getByRole('table', { name: 'Schedule timeline' });
const rowOf = (page: Page, configuration: string) =>
  timeline(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: configuration, exact: true }) });
const slotClasses = (row: Locator) =>
  row.locator('td').evaluateAll((cells) => cells.map((cell) => cell.className));
/** The slot indexes whose cell has `className`. */
const slotsWith = async (row: Locator, className: string) =>
  (await slotClasses(row)).flatMap((classes, slot) => (classes.split(' ').includes(className) ? [slot] : []));
/** Slot indexes `dailySlots` (of 8) of every day of the default 15-day grid. */
const everyDay = (...dailySlots: number[]) =>
  Array.from({ length: 120 }, (_, slot) => slot).filter((slot) => dailySlots.includes(slot % 8));

describeInBrowser('Schedule overview in Chromium', () => {
  const app = useConsoleInBrowser({ screenshotPrefix: 'schedule', signInAs: OPERATOR });

  it('shows the seeded configurations in their slots, by time, with a conflict listed and marked', async () => {
    const { page, baseUrl, pageConsole } = app;
    await page.goto(`${baseUrl}/plugin/overview`);
    await page.getByRole('heading', { name: 'Schedule Overview' }).waitFor();
    // a fresh environment: no plugin serves anything yet
    await page.getByText("No plugin's active set references a configuration.").waitFor();

    await createAbTestWithVersion(page, 'sched-a', [500_000, 500_000]);
    await createAbTestWithVersion(page, 'sched-b', [400_000, 300_000, 300_000]);
    await createDaily(page, 'gold-morning', 6, 3); // 06:00-09:00: slot 2 of 8
    await createDaily(page, 'gold-half', 0, 12); // 00:00-12:00: slots 0-3
    await createDaily(page, 'gold-noon', 10, 6); // 10:00-16:00: slots 3-5, with gold-half for case 1
    // a day long, but a day apart with a cooldown of 1 h: every run is cut to 23 h
    await createDaily(page, 'gold-tight', 0, 24, 1);
    const { data } = await callApiFromPage<PluginAnswer>(page, '/api/plugin/get', { pluginId: GOLD_RUSH });
    const saved = await callApiFromPage<PluginAnswer>(page, '/api/plugin/draft/abtest', {
      pluginId: GOLD_RUSH,
      configurations: [
        { abTestId: 'sched-a', abTestVersion: 0, configurations: ['gold-morning', 'gold-half'] },
        { abTestId: 'sched-b', abTestVersion: 0, configurations: ['', 'gold-noon', 'gold-tight'] },
      ],
      draftRevision: data.draftRevision,
    });
    await callApiFromPage(page, '/api/plugin/draft/activate', {
      pluginId: GOLD_RUSH,
      draftRevision: saved.data.draftRevision,
    });

    await page.reload();
    await timeline(page).waitFor();
    // the grid: 1 day back, today and 13 more, 8 slots a day, the weekdays dated in their tooltips
    const now = await page.getByRole('img', { name: /^Now: / }).getAttribute('aria-label');
    const nowMs = Date.parse(`${now!.slice('Now: '.length, -' UTC'.length).replace(' ', 'T')}Z`);
    const gridStart = nowMs - (nowMs % DAY_MS) - DAY_MS;
    const days = timeline(page).locator('thead th[colspan]');
    expect(await days.count()).toBe(15);
    expect(await days.first().getAttribute('title')).toBe(
      `${new Date(gridStart).toISOString().slice(0, 10)} (UTC)`,
    );
    await days.nth(3).hover();
    expect(await page.getByRole('tooltip').textContent()).toBe(
      `${new Date(gridStart + 3 * DAY_MS).toISOString().slice(0, 10)} (UTC)`,
    );
    const region = page.getByRole('region', { name: 'Timeline' });
    // 15 days of 96 px do not fit in 1366 px: the timeline scrolls instead of squeezing
    expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);

    // the right slots
    expect(await slotsWith(rowOf(page, 'gold-morning'), 'slot-on')).toEqual(everyDay(2));
    expect(await slotsWith(rowOf(page, 'gold-half'), 'slot-on')).toEqual(everyDay(0, 1, 2, 3));
    expect(await slotsWith(rowOf(page, 'gold-noon'), 'slot-on')).toEqual(everyDay(3, 4, 5));
    expect(await slotsWith(rowOf(page, 'gold-tight'), 'slot-on')).toEqual(everyDay(0, 1, 2, 3, 4, 5, 6, 7));
    expect(await slotsWith(rowOf(page, 'gold-morning'), 'slot-off')).toEqual(everyDay(0, 1, 3, 4, 5, 6, 7));

    // history, active, future by the answer's now
    const current = Math.floor((nowMs - gridStart) / SLOT_MS);
    const times = (await slotClasses(rowOf(page, 'gold-half'))).map(
      (classes) => classes.match(/slot-(history|active|future)/)![1],
    );
    expect(times).toEqual(
      Array.from({ length: 120 }, (_, slot) =>
        slot < current ? 'history' : slot === current ? 'active' : 'future',
      ),
    );
    const background = (slot: number) =>
      rowOf(page, 'gold-tight')
        .locator('td')
        .nth(slot)
        .evaluate((cell) => getComputedStyle(cell).backgroundColor);
    // one after another: each action first runs the page's accessibility check (a locator handler),
    // and three actions at once left them waiting on each other until the step timed out
    const history = await background(0);
    const active = await background(current);
    const future = await background(119);
    expect(new Set([history, active, future]).size).toBe(3);

    // conflicts: listed above the timeline, and marked on the slots of the configurations concerned
    const list = page.getByRole('region', { name: 'Conflicts' });
    const items = list.getByRole('listitem');
    const texts = await items.allTextContents();
    expect(texts).toEqual([
      expect.stringMatching(
        /^Cooldown: 'gold-tight' \(Daily, max event duration 1d\) leaves less than its cooldown/,
      ),
      expect.stringMatching(
        /^Overlap: GOLD_RUSH runs 'gold-half' and 'gold-noon' at the same time for Case 2/,
      ),
    ]);
    expect(await slotsWith(rowOf(page, 'gold-half'), 'slot-conflict')).toEqual(everyDay(3));
    expect(await slotsWith(rowOf(page, 'gold-noon'), 'slot-conflict')).toEqual(everyDay(3));
    expect(await slotsWith(rowOf(page, 'gold-morning'), 'slot-conflict')).toEqual([]);
    // the lost hour 23:00-24:00 of every run
    expect(await slotsWith(rowOf(page, 'gold-tight'), 'slot-conflict')).toEqual(everyDay(7));
    const marked = rowOf(page, 'gold-noon').locator('td').nth(11);
    expect(await marked.getAttribute('title')).toMatch(
      / UTC \(\w+\): active; conflict: overlap with 'gold-half'$/,
    );
    expect(await marked.evaluate((cell) => getComputedStyle(cell).backgroundImage)).toContain(
      'repeating-linear-gradient',
    );
    expect(await rowOf(page, 'gold-noon').getByRole('img', { name: 'Has conflicts' }).count()).toBe(1);
    expect(await rowOf(page, 'gold-morning').getByRole('img', { name: 'Has conflicts' }).count()).toBe(0);

    // what to fix: the configuration's edit screen, or the plugin's draft
    await items.nth(0).getByRole('link', { name: 'Edit gold-tight' }).click();
    await page.getByRole('heading', { name: 'Edit Gold Rush' }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/config/GOLD_RUSH/gold-tight/edit`);
    await page.goBack();
    await items.nth(1).getByRole('link', { name: 'Open the draft of GOLD_RUSH' }).click();
    await page.getByRole('heading', { name: 'Plugin GOLD_RUSH' }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/plugin/${GOLD_RUSH}?tab=1`);
    expect(await page.getByRole('tab', { name: 'Draft' }).getAttribute('aria-selected')).toBe('true');
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it('links plugins and configurations, and changes the slot size', async () => {
    const { page, baseUrl, pageConsole } = app;
    await page.goto(`${baseUrl}/plugin/overview`);
    await timeline(page).waitFor();
    await timeline(page).getByRole('link', { name: 'gold-half', exact: true }).click();
    await page.getByRole('heading', { name: 'Edit Gold Rush' }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/config/GOLD_RUSH/gold-half/edit`);
    await page.goBack();
    await timeline(page).getByRole('link', { name: 'GOLD_RUSH', exact: true }).click();
    await page.getByRole('heading', { name: 'Plugin GOLD_RUSH' }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/plugin/${GOLD_RUSH}`);
    await page.goBack();

    await page.getByRole('combobox', { name: 'Slots per day' }).selectOption('4');
    await page.waitForURL(`${baseUrl}/plugin/overview?slotsPerDay=4`);
    await expect.poll(() => rowOf(page, 'gold-half').locator('td').count()).toBe(60);
    // 6 h slots: 00:00-12:00 is the first two of every day
    expect(await slotsWith(rowOf(page, 'gold-half'), 'slot-on')).toEqual(
      Array.from({ length: 60 }, (_, slot) => slot).filter((slot) => slot % 4 < 2),
    );
    expect(pageConsole.takeProblems()).toEqual([]);
  });
});
