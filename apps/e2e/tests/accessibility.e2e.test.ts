import type { Locator, Page } from 'playwright-core';
import { expect, it, vi } from 'vitest';
import { describeInBrowser, screenLoaded } from '../src/browser.ts';
import { type ConsoleInBrowser, useConsoleInBrowser } from '../src/console-in-browser.ts';
import { callApiFromPage } from '../src/page-api.ts';

// axe-core on every screen of the console, its navigation menus and its main dialogs, in the light theme
// (dev) and the dark one (prod): no violation of moderate impact or worse (every other browser test checks the
// states it visits for serious ones). Each screen shows content, so tables, cards and editors are checked
// filled, not only empty.

const OPERATOR = 'a11y-ops@example.com';
const GOLD_RUSH = 11;
const DARK_BACKGROUND = 'rgb(18, 18, 18)';
const LIGHT_BACKGROUND = 'rgb(255, 255, 255)';

/**
 * What the screens show: an A/B-test with a version and a case description, configurations of
 * two kinds (one on the fortnight's grid), and GOLD_RUSH serving them (its active set and draft).
 */
async function seed(page: Page, environment: string) {
  const call = (path: string, body: unknown) => callApiFromPage(page, path, body, environment);
  await call('/api/abtest/create', { id: 'a11y-split', description: 'Split for checks', type: 0 });
  await call('/api/abtest/versions/save', { id: 'a11y-split', weights: [500_000, 500_000] });
  for (const [id, activation] of [
    ['a11y-daily', { type: 11, maxEventDuration: 3_600 }],
    // the fortnight's grid: the first slot of every day
    ['a11y-fortnight', { type: 3, weeklyOffer: Array.from({ length: 56 }, (_, slot) => slot % 4 === 0) }],
  ] as const) {
    await call('/api/config/event/gr/create', {
      id,
      description: `About ${id}`,
      active: true,
      activation,
      data: { kind: 'event/gr' },
    });
  }
  await call('/api/config/ar/create', { id: 'a11y-race', description: 'Race', data: { kind: 'ar' } });
  const plugin = await call('/api/plugin/get', { pluginId: GOLD_RUSH });
  const { draftRevision } = (plugin as { data: { draftRevision: number } }).data;
  const saved = (await call('/api/plugin/draft/abtest', {
    pluginId: GOLD_RUSH,
    configurations: [
      { abTestId: 'a11y-split', abTestVersion: 0, configurations: ['a11y-daily', 'a11y-fortnight'] },
    ],
    draftRevision,
  })) as { data: { draftRevision: number } };
  await call('/api/plugin/draft/activate', { pluginId: GOLD_RUSH, draftRevision: saved.data.draftRevision });
}

/** Every screen, with the heading it shows once loaded. */
const SCREENS: { path: string; heading: string | RegExp }[] = [
  { path: '/', heading: 'Orchestrate your game servers' },
  { path: '/transfer', heading: 'Configuration Transfer' },
  { path: '/release', heading: 'Release Info' },
  { path: '/plugin', heading: 'Plugin' },
  { path: '/plugin/overview', heading: 'Schedule Overview' },
  { path: `/plugin/${GOLD_RUSH}`, heading: 'Plugin GOLD_RUSH' },
  { path: `/plugin/${GOLD_RUSH}?tab=1`, heading: 'Plugin GOLD_RUSH' },
  { path: '/config', heading: 'Configuration' },
  { path: '/config/GOLD_RUSH/a11y-fortnight/edit', heading: 'Edit Gold Rush' },
  { path: '/config/AGILITY_RACE/create', heading: 'Create Agility Race' },
  { path: '/config/DUEL/create', heading: 'Create Duel' },
  { path: '/config/WIN_STREAK/create', heading: 'Create Win Streak' },
  { path: '/config/BUILD_EVENT/create', heading: 'Create Build Event' },
  { path: '/config/STORE/create', heading: 'Create Store Products' },
  { path: '/config/OFFER_COMEBACK/create', heading: 'Create Comeback' },
  { path: '/abtest', heading: 'AB-test' },
  { path: '/abtest/a11y-split', heading: 'AB-test a11y-split' },
  { path: '/levels', heading: 'Levels' },
  { path: '/preview', heading: 'Player preview' },
  { path: '/system/compensation', heading: 'User Compensation' },
  { path: '/system/user-admin', heading: 'User Admin' },
  { path: '/system/connections', heading: 'Connections' },
  { path: '/system/nice', heading: 'NICE Config' },
  { path: '/environments', heading: 'Environments' },
  { path: '/webhooks', heading: 'Webhooks' },
  { path: '/audit', heading: 'Audit Log' },
  { path: '/security/users', heading: 'Users' },
  { path: '/security/revisions', heading: 'Revision History' },
  { path: '/security/compare', heading: 'Environment Comparison' },
  { path: '/no/such/page', heading: 'Page not found' },
];

/** Opens what `opener` opens, checks it, and closes it with Escape. */
async function checkOpened(app: ConsoleInBrowser, opener: Locator, opened: Locator) {
  await opener.click();
  await opened.waitFor();
  await app.accessibility.check();
  await app.page.keyboard.press('Escape');
  await opened.waitFor({ state: 'hidden' });
}

/**
 * Goes to `path` inside the running app, as its links do (the router follows the history), instead of
 * loading the whole app again for each screen.
 */
async function showScreen(page: Page, path: string, heading: string | RegExp) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await screenLoaded(page, heading);
}

async function checkScreens(app: ConsoleInBrowser, screens: typeof SCREENS) {
  for (const { path, heading } of screens) {
    await showScreen(app.page, path, heading);
    await app.accessibility.check();
  }
}

async function checkMenusAndDialogs(app: ConsoleInBrowser) {
  const { page } = app;
  // the navigation's menus, on the home page
  await showScreen(page, '/', 'Orchestrate your game servers');
  for (const name of [/^Environment:/, 'Features', 'System', 'Security']) {
    await checkOpened(app, page.getByRole('button', { name, exact: true }), page.getByRole('menu'));
  }
  await page.getByRole('button', { name: /^Environment:/ }).click();
  await page.getByRole('menuitem', { name: 'Create environment' }).click();
  const create = page.getByRole('dialog', { name: 'Add New Environment' });
  await create.waitFor();
  await app.accessibility.check();
  await create.getByRole('button', { name: 'Close' }).click();
  await create.waitFor({ state: 'hidden' });

  // the configuration list's type menu
  await showScreen(page, '/config', 'Configuration');
  await checkOpened(
    app,
    page.getByRole('combobox', { name: 'Configuration type' }),
    page.getByRole('listbox'),
  );

  // the A/B-test dialogs
  await showScreen(page, '/abtest', 'AB-test');
  await checkOpened(
    app,
    page.getByRole('button', { name: 'Create AB-test' }),
    page.getByRole('dialog', { name: 'Create AB-test' }),
  );
  await showScreen(page, '/abtest/a11y-split', 'AB-test a11y-split');
  await checkOpened(
    app,
    page.getByRole('button', { name: 'Create Version' }),
    page.getByRole('dialog', { name: 'Create Version' }),
  );

  // the draft's pickers
  await showScreen(page, `/plugin/${GOLD_RUSH}?tab=1`, 'Plugin GOLD_RUSH');
  await checkOpened(
    app,
    page.getByRole('button', { name: 'Add AB-test' }),
    page.getByRole('dialog', { name: 'Add AB-test' }),
  );
  await checkOpened(
    app,
    page.getByRole('button', { name: /^Choose configuration for case 2 of a11y-split$/i }),
    page.getByRole('dialog', { name: 'Select Gold Rush configuration' }),
  );
}

const THEMES = [
  { environment: 'dev', theme: 'light' },
  { environment: 'prod', theme: 'dark' },
] as const;
// Half the screens per test, so a failing one names its part.
const SCREEN_PARTS = [SCREENS.slice(0, 14), SCREENS.slice(14)];

describeInBrowser('accessibility of every screen in Chromium (axe-core)', () => {
  const app = useConsoleInBrowser({
    screenshotPrefix: 'a11y',
    signInAs: OPERATOR,
    accessibilityImpact: 'moderate',
  });
  vi.setConfig({ testTimeout: 600_000 });

  for (const { environment, theme } of THEMES) {
    it(`seeds ${environment} and shows it in the ${theme} theme`, async () => {
      const { page, baseUrl } = app;
      await seed(page, environment);
      await page.evaluate(
        (id) => localStorage.setItem('configuration.active', JSON.stringify(id)),
        environment,
      );
      await page.goto(`${baseUrl}/`);
      await screenLoaded(page, 'Orchestrate your game servers');
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
        theme === 'dark' ? DARK_BACKGROUND : LIGHT_BACKGROUND,
      );
    });

    for (const screens of SCREEN_PARTS) {
      it(`finds no violation on the screens ${screens[0]!.path} to ${screens.at(-1)!.path} in the ${theme} theme`, async () => {
        await checkScreens(app, screens);
        expect(app.accessibility.takeProblems()).toEqual([]);
        expect(app.pageConsole.takeProblems()).toEqual([]);
      });
    }

    it(`finds no violation in the menus and dialogs in the ${theme} theme`, async () => {
      await checkMenusAndDialogs(app);
      expect(app.accessibility.takeProblems()).toEqual([]);
      expect(app.pageConsole.takeProblems()).toEqual([]);
    });
  }
});
