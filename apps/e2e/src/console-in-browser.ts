import { appendFileSync, existsSync } from 'node:fs';
import { startConsole } from '@console/server/testing';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { type AccessibilityWatch, type AxeImpact, preloadAxe, watchAccessibility } from './axe.ts';
import {
  type Browser,
  type ConsoleWatch,
  openBrowser,
  saveScreenshot,
  WEB_DIST_INDEX,
  watchConsole,
} from './browser.ts';

export interface ConsoleInBrowserOptions {
  /** Put before each test's name in a failed test's screenshot (`<prefix>-<test name>`); none when omitted. */
  screenshotPrefix?: string;
  /** Sign in through the dev login with this e-mail before the first test. */
  signInAs?: string;
  /** IANA time zone the page runs in (e.g. 'Europe/Berlin'), set before anything is loaded. */
  timezoneId?: string;
  /** Draw scrollbars as a desktop browser does (headless Chromium hides them), for layout checks. */
  showScrollbars?: boolean;
  /**
   * The least impact of an axe-core violation that fails a test ('serious' unless set): each distinct state the
   * tests bring the page to (route, theme, open dialogs and menus) is checked once, before the next action
   * on it and at the end of each test.
   */
  accessibilityImpact?: AxeImpact;
  /** Environment variables the console starts with besides the test defaults (startConsole's `env`). */
  env?: NodeJS.ProcessEnv;
}

/** What the hooks set up; read it inside tests, once `beforeAll` has run. */
export interface ConsoleInBrowser {
  readonly baseUrl: string;
  /** The console's database as its owner, for seeding many rows at once with SQL. */
  readonly databaseUrl: string;
  readonly browser: Browser;
  readonly page: Page;
  readonly pageConsole: ConsoleWatch;
  readonly accessibility: AccessibilityWatch;
}

/**
 * Signs `page` in as `email` with the call the login page's dev form makes (POST /oauth/login/dev, from the
 * console's own origin as the page sends it), in the page's request context, whose cookies the page shares;
 * then opens the home page signed in. For tests that are not about signing in: the form's own steps are
 * covered by the shell's and the login page's tests.
 */
export async function signInThroughDevLogin(page: Page, baseUrl: string, email: string): Promise<void> {
  const response = await page.request.post(`${baseUrl}/oauth/login/dev`, {
    data: { email },
    headers: { origin: new URL(baseUrl).origin },
  });
  if (!response.ok()) {
    throw new Error(`dev login as ${email}: ${response.status()} ${await response.text()}`);
  }
  await page.goto(`${baseUrl}/`);
  await page.getByRole('heading', { name: 'Orchestrate your game servers' }).waitFor();
}

/**
 * Registers the hooks a browser suite needs; call it inside the `describeInBrowser` body. Before all tests:
 * a console on a fresh database cloned from the run's template (startConsole), a Chromium with its console
 * and its accessibility watched, and the dev login when `signInAs` is given. After each test: a screenshot when it failed, and
 * axe-core on the state the test ends in; the test fails on any violation of `accessibilityImpact` or worse found
 * during it. After all: the browser and the console are closed.
 */
export function useConsoleInBrowser({
  screenshotPrefix,
  signInAs,
  timezoneId,
  showScrollbars = false,
  accessibilityImpact = 'serious',
  env = {},
}: ConsoleInBrowserOptions = {}): ConsoleInBrowser {
  let server: Awaited<ReturnType<typeof startConsole>> | undefined;
  let browser: Browser | undefined;
  let pageConsole: ConsoleWatch | undefined;
  let accessibility: AccessibilityWatch | undefined;

  beforeAll(async () => {
    if (!existsSync(WEB_DIST_INDEX)) {
      throw new Error('apps/web/dist is missing: run `npm run build --workspace @console/web` first');
    }
    // The console and the browser start side by side: each mostly waits (on PostgreSQL, on Chromium). Both
    // are kept before a failure of either is thrown, so that afterAll closes what did start.
    const [started, opened] = await Promise.allSettled([
      startConsole(
        {
          adminUrl: inject('adminUrl'),
          templateDatabase: inject('templateDatabase'),
          databasePrefix: inject('databasePrefix'),
          servingRole: inject('servingRole'),
        },
        env,
      ),
      openBrowser({ showScrollbars }),
    ]);
    if (started.status === 'fulfilled') server = started.value;
    if (opened.status === 'fulfilled') browser = opened.value;
    if (started.status === 'rejected') throw started.reason;
    if (opened.status === 'rejected') throw opened.reason;
    const { page } = opened.value;
    if (timezoneId) {
      const cdp = await opened.value.context.newCDPSession(page);
      await cdp.send('Emulation.setTimezoneOverride', { timezoneId });
    }
    pageConsole = watchConsole(page);
    await preloadAxe(opened.value.context);
    const watch = watchAccessibility(page, accessibilityImpact);
    accessibility = watch;
    // Playwright calls this before each action's actionability check (body is always visible): the state the
    // test has brought the page to is checked before the test changes it. A navigation racing the check only
    // defers it to the next action.
    await page.addLocatorHandler(page.locator('body'), () => watch.check().catch(() => undefined), {
      noWaitAfter: true,
    });
    if (signInAs) await signInThroughDevLogin(page, started.value.url, signInAs);
  });

  afterEach(async (context) => {
    // A picture of the screen a test failed on, to see why; one after every passing test cost seconds of CPU
    // a file and was never looked at.
    if (browser && context.task.result?.state === 'fail') {
      const name = screenshotPrefix ? `${screenshotPrefix}-${context.task.name}` : context.task.name;
      await saveScreenshot(browser.page, name).catch(() => undefined);
    }
    if (!accessibility) return;
    await accessibility.check();
    const problems = accessibility.takeProblems();
    if (problems.length > 0) {
      throw new Error(`axe-core found accessibility violations:\n${problems.join('\n')}`);
    }
  });

  afterAll(async () => {
    const report = process.env.AXE_REPORT;
    if (report && accessibility) {
      const { runs, milliseconds } = accessibility;
      appendFileSync(report, `${JSON.stringify({ file: expect.getState().testPath, runs, milliseconds })}\n`);
    }
    await browser?.close();
    await server?.close();
  });

  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined)
      throw new Error(`useConsoleInBrowser: ${what} is read before beforeAll set it up`);
    return value;
  };
  return {
    get baseUrl() {
      return ready(server, 'the console').url;
    },
    get databaseUrl() {
      return ready(server, 'the console').databaseUrl;
    },
    get browser() {
      return ready(browser, 'the browser');
    },
    get page() {
      return ready(browser, 'the page').page;
    },
    get pageConsole() {
      return ready(pageConsole, 'the console watch');
    },
    get accessibility() {
      return ready(accessibility, 'the accessibility watch');
    },
  };
}
