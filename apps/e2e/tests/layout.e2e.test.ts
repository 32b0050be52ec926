import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, saveScreenshot, screenLoaded, waitForStillScreen } from '../src/browser.ts';
import { useConsoleInBrowser } from '../src/console-in-browser.ts';
import {
  charactersBeforeLineBreaks,
  horizontalScrollbarOf,
  isTruncated,
  isWhollyInView,
  scrollingBoxOf,
  scrollSideways,
  truncatedTextsOf,
} from '../src/layout.ts';
import { callApiFromPage } from '../src/page-api.ts';

// The main screens on a 1024×768 laptop screen, in an environment whose name is as long as allowed, with ids,
// descriptions and an e-mail as long as operators write them: what must always show, shows; what does not fit
// is reachable by scrolling, with a scrollbar on screen.

const OPERATOR = 'release-coordination.team-lead@example.com';
const LONG_ENVIRONMENT = 'walk-4h8-release-candidate-qa-europe'; // 36 characters, the most an id may have
const LONG_ID = 'summer_gold-rush_weekend-2026-final';
const ID_SEPARATORS = ['-', '_'];
const GOLD_RUSH = 11;
const H = 3_600;

async function seed(page: Page) {
  await callApiFromPage(page, '/api/configuration/save', { configurationId: LONG_ENVIRONMENT });
  const call = (path: string, body: unknown) => callApiFromPage(page, path, body, LONG_ENVIRONMENT);
  for (const id of [LONG_ID, 'gold-b', 'gold-c']) {
    await call('/api/config/event/gr/create', {
      id,
      description: `Gold for ${id}: double coins on every level won above level 20`,
      active: true,
      data: { kind: 'event/gr' },
    });
  }
  for (const id of [LONG_ID, 'spring-sale']) {
    await call('/api/abtest/create', {
      id,
      description: 'Gold rush split between the weekend audiences of the summer release',
      type: 0,
    });
    await call('/api/abtest/versions/save', { id, weights: [400_000, 300_000, 300_000] });
  }
}

/** The State switches as drawn (a switch's input is invisible and three times as wide). */
const switchesOf = (table: Locator) => table.locator('.MuiSwitch-root');

async function open(page: Page, baseUrl: string, path: string, heading: string) {
  await page.goto(`${baseUrl}${path}`);
  await screenLoaded(page, heading);
}

/**
 * Every column header of the table is on screen, or comes on screen when its own box is scrolled sideways; the
 * id column (`idColumn`) and every row's actions (`rowActions`) are on screen at both ends of that scroll. The
 * box's sideways scrollbar, when it needs one, is on screen with it.
 */
async function expectTableReachable(table: Locator, idColumn: number, rowActions: Locator) {
  const box = scrollingBoxOf(table);
  const headers = table.getByRole('columnheader');
  const rows = table.locator('tbody tr');
  const shown = async () => {
    const result: string[] = [];
    for (const header of await headers.all()) {
      if (await isWhollyInView(header)) result.push((await header.textContent()) ?? '');
    }
    return result;
  };
  const expectIdsAndActionsInView = async () => {
    for (const row of await rows.all()) {
      expect(await isWhollyInView(row.locator('td').nth(idColumn), { sideways: true })).toBe(true);
    }
    for (const action of await rowActions.all()) {
      expect(await isWhollyInView(action, { sideways: true })).toBe(true);
    }
  };
  const all = await headers.allTextContents();
  await box.evaluate((node) => node.scrollIntoView({ block: 'start' }));
  await scrollSideways(box, 'start');
  const atStart = await shown();
  await expectIdsAndActionsInView();
  await scrollSideways(box, 'end');
  const atEnd = await shown();
  await expectIdsAndActionsInView();
  expect(new Set([...atStart, ...atEnd])).toEqual(new Set(all));

  const scrollbar = await horizontalScrollbarOf(box);
  if (scrollbar.isScrollable) {
    expect(scrollbar.height).toBeGreaterThanOrEqual(8);
    expect(scrollbar.isOnScreen).toBe(true);
  }
  await scrollSideways(box, 'start');
  return { isScrollable: scrollbar.isScrollable, atStart };
}

describeInBrowser('layouts at 1024×768 in Chromium', () => {
  const app = useConsoleInBrowser({ screenshotPrefix: 'layout', signInAs: OPERATOR, showScrollbars: true });

  it('shows the whole environment name in the navigation bar, on one line with every menu', async () => {
    const { page, baseUrl, pageConsole } = app;
    await page.setViewportSize({ width: 1024, height: 768 });
    await seed(page);
    await page.evaluate(
      (id) => localStorage.setItem('configuration.active', JSON.stringify(id)),
      LONG_ENVIRONMENT,
    );
    await open(page, baseUrl, '/config', 'Configuration');

    const environment = page.getByRole('button', { name: `Environment: ${LONG_ENVIRONMENT}` });
    const name = environment.getByText(LONG_ENVIRONMENT, { exact: true });
    expect(await isTruncated(name)).toBe(false);
    expect(await isWhollyInView(environment)).toBe(true);
    // the signed-in label gives way instead (its whole text on hover): its e-mail, not the role
    const label = page.getByTitle(`${OPERATOR} · admin in ${LONG_ENVIRONMENT}`);
    expect(await isTruncated(label.locator('span').first())).toBe(true);
    expect(await isTruncated(label.getByTestId('signed-in-role'))).toBe(false);
    expect(await isWhollyInView(label.getByTestId('signed-in-role'))).toBe(true);

    const controls = [
      page.getByRole('link', { name: 'Console' }),
      environment,
      ...['Features', 'System', 'Security', 'Logout'].map((text) => page.getByRole('button', { name: text })),
    ];
    const boxes = [];
    for (const control of controls) {
      expect(await isWhollyInView(control)).toBe(true);
      expect(await isTruncated(control)).toBe(false);
      boxes.push((await control.boundingBox())!);
    }
    // one line, each beside the last
    for (let index = 1; index < boxes.length; index += 1) {
      expect(boxes[index]!.x).toBeGreaterThanOrEqual(boxes[index - 1]!.x + boxes[index - 1]!.width);
      expect(
        Math.abs(boxes[index]!.y + boxes[index]!.height / 2 - (boxes[0]!.y + boxes[0]!.height / 2)),
      ).toBeLessThan(4);
    }
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it('keeps the configuration list reachable: every column, the ids and the row actions', async () => {
    const { page, pageConsole } = app;
    const table = page.getByRole('table', { name: 'Configurations' });
    // a row's actions: its State switch, Clone and Delete
    const actions = table.getByRole('button', { name: /^(Clone|Delete) / }).or(switchesOf(table));
    expect(await actions.count()).toBe(9);
    const { isScrollable, atStart } = await expectTableReachable(table, 1, actions);
    // the table is wider than the screen: some columns wait behind the sticky ones, and their side is shaded
    expect(isScrollable).toBe(true);
    expect(atStart).not.toContain('User');
    const actionsHeader = table.getByRole('columnheader', { name: 'Actions' });
    expect(await actionsHeader.evaluate((cell) => getComputedStyle(cell).boxShadow)).not.toBe('none');

    // an id wraps after its separators only
    const id = table.getByRole('link', { name: LONG_ID });
    const breaks = await charactersBeforeLineBreaks(id);
    expect(breaks.length).toBeGreaterThan(0);
    for (const character of breaks) expect(ID_SEPARATORS).toContain(character);
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it('keeps the A/B-test list reachable: every column, the ids and the row actions', async () => {
    const { page, baseUrl, pageConsole } = app;
    await open(page, baseUrl, '/abtest', 'AB-test');
    const table = page.getByRole('table', { name: 'AB-tests' });
    const actions = table.getByRole('button', { name: /^Delete / });
    expect(await actions.count()).toBe(2);
    const { isScrollable } = await expectTableReachable(table, 1, actions);
    expect(isScrollable).toBe(true);
    // an A/B-test id is kept on one line
    expect(await charactersBeforeLineBreaks(table.getByRole('link', { name: LONG_ID }))).toEqual([]);
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it('keeps the plugin list reachable: every column and every plugin switch', async () => {
    const { page, baseUrl, pageConsole } = app;
    await open(page, baseUrl, '/plugin', 'Plugin');
    const table = page.getByRole('table', { name: 'Plugins' });
    await expectTableReachable(table, 1, switchesOf(table));
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it('never cuts a field label in the editors', async () => {
    const { page, baseUrl, pageConsole } = app;
    for (const [path, heading] of [
      ['/config/AGILITY_RACE/create', 'Create Agility Race'],
      ['/config/BUILD_EVENT/create', 'Create Build Event'],
      ['/config/OFFER_COMEBACK/create', 'Create Comeback'],
    ] as const) {
      await open(page, baseUrl, path, heading);
      const labels = page.locator('label.MuiInputLabel-root');
      expect(await labels.count()).toBeGreaterThan(5);
      const cut = (await truncatedTextsOf(labels)).map((text) => `${path}: ${text}`);
      expect(cut).toEqual([]);
    }
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it('scrolls the schedule overview in its own box, with a scrollbar and a hint while active slots lie outside the view', async () => {
    const { page, baseUrl, pageConsole } = app;
    // GOLD_RUSH serves a configuration that runs every morning, so every day of the range has active slots
    const call = <T>(path: string, body: unknown) => callApiFromPage<T>(page, path, body, LONG_ENVIRONMENT);
    await call('/api/config/event/gr/create', {
      id: 'gold-mornings',
      description: 'Every morning',
      active: true,
      activation: { type: 11, scheduleOffset: 6 * H, maxEventDuration: 3 * H },
      data: { kind: 'event/gr' },
    });
    type PluginAnswer = { data: { draftRevision: number } };
    const { data } = await call<PluginAnswer>('/api/plugin/get', { pluginId: GOLD_RUSH });
    const saved = await call<PluginAnswer>('/api/plugin/draft/abtest', {
      pluginId: GOLD_RUSH,
      configurations: [
        { abTestId: 'spring-sale', abTestVersion: 0, configurations: ['', 'gold-mornings', 'gold-b'] },
      ],
      draftRevision: data.draftRevision,
    });
    await call('/api/plugin/draft/activate', {
      pluginId: GOLD_RUSH,
      draftRevision: saved.data.draftRevision,
    });

    await open(page, baseUrl, '/plugin/overview', 'Schedule Overview');
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await timeline.getByRole('link', { name: 'gold-mornings', exact: true }).waitFor();
    const scrollbar = await horizontalScrollbarOf(timeline);
    expect(scrollbar).toEqual({ isScrollable: true, height: expect.any(Number), isOnScreen: true });
    expect(scrollbar.height).toBeGreaterThanOrEqual(8);

    // the hint names the side the later days are on, and scrolls there
    const hint = page.getByRole('status', { name: 'Active slots outside the view' });
    expect(await hint.textContent()).toMatch(/to the right \(until \w+ \d{4}-\d\d-\d\d/);
    expect(await hint.textContent()).not.toContain('to the left');
    const lastDay = timeline.locator('thead th[colspan]').last();
    expect(await isWhollyInView(lastDay, { sideways: true })).toBe(false);
    const scrollRight = hint.getByRole('button', { name: 'Scroll right' });
    const scrolledBy = () => timeline.evaluate((node) => node.scrollLeft);
    for (let step = 0; step < 15 && (await scrollRight.isVisible()); step += 1) {
      // A click scrolls the timeline at once; the hint follows its scroll event a frame or more later, adding
      // "Scroll left" (which moves this button) or removing this button at the end. The next look at the
      // button waits for that, so it neither reads the hint from before the scroll nor clicks a button that
      // is about to move or go.
      const from = await scrolledBy();
      await scrollRight.click();
      await expect.poll(scrolledBy).toBeGreaterThan(from);
      await waitForStillScreen(page);
    }
    await hint.getByText(/to the left \(from \w+ \d{4}-\d\d-\d\d/).waitFor();
    await scrollRight.waitFor({ state: 'detached' });
    expect(await isWhollyInView(lastDay, { sideways: true })).toBe(true);
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  // 200% zoom on a 1366×768 screen is a window 683 CSS pixels wide; 320% of a 1024 one is 320. The bar wraps
  // rather than hide: the environment's name, whole (wrapped after its separators where it is wider than a row),
  // with its colour, the signed-in role and every control stay on screen.
  it.each([
    [683, 384],
    [320, 240],
  ])(
    'keeps the environment, its colour and the signed-in role in view %i CSS pixels wide',
    async (width, height) => {
      const { page, baseUrl, pageConsole } = app;
      await page.setViewportSize({ width, height });
      for (const environment of ['dev', 'prod', LONG_ENVIRONMENT]) {
        await page.evaluate(
          (id) => localStorage.setItem('configuration.active', JSON.stringify(id)),
          environment,
        );
        await open(page, baseUrl, '/levels', 'Levels');
        const button = page.getByRole('button', { name: `Environment: ${environment}` });
        const name = button.getByText(environment, { exact: true });
        expect(await isWhollyInView(button)).toBe(true);
        expect(await isWhollyInView(button.getByTestId('environment-indicator'))).toBe(true);
        // whole: on one line, or where it is wider than a row, wrapped after its separators
        expect(await isTruncated(name)).toBe(false);
        expect(await isWhollyInView(name)).toBe(true);
        for (const character of await charactersBeforeLineBreaks(name))
          expect(ID_SEPARATORS).toContain(character);
        if (width === 320 && environment === LONG_ENVIRONMENT) {
          expect((await charactersBeforeLineBreaks(name)).length).toBeGreaterThan(0);
        }

        const role = page.getByTestId('signed-in-role');
        expect(await role.textContent()).toBe(' · admin');
        expect(await isWhollyInView(role)).toBe(true);
        expect(await isTruncated(role)).toBe(false);
        expect(await page.getByTestId('signed-in-label').getAttribute('title')).toBe(
          `${OPERATOR} · admin in ${environment}`,
        );
        for (const control of [
          page.getByRole('link', { name: 'Console' }),
          ...['Features', 'System', 'Security', 'Logout'].map((text) =>
            page.getByRole('button', { name: text }),
          ),
        ]) {
          expect(await isWhollyInView(control)).toBe(true);
          expect(await isTruncated(control)).toBe(false);
        }
        await saveScreenshot(
          page,
          `layout-navigation-${width}-${environment === LONG_ENVIRONMENT ? 'long' : environment}`,
        );
      }
      await page.setViewportSize({ width: 1024, height: 768 });
      expect(pageConsole.takeProblems()).toEqual([]);
    },
  );
});
