import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, type Browser as Chromium, chromium, type Page } from 'playwright-core';
import { describe, it } from 'vitest';

const E2E_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const ARTIFACTS_DIR = join(E2E_DIR, 'artifacts');
export const WEB_DIST_INDEX = resolve(E2E_DIR, '../web/dist/index.html');

const DEFAULT_CHROMIUM = '/usr/bin/chromium';

// Headless Debian Chromium on a closed network: without the background-networking flags it keeps
// opening connections that are refused (see notes/toolchain.md).
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Software compositing (no GPU here) as a thread of the browser process instead of a process of its own:
  // the same pixels, without copying every frame and screenshot between processes.
  '--in-process-gpu',
  // V8 runs the pages' JavaScript in its interpreter and baseline compiler only, without its optimising
  // compilers (Maglev, TurboFan): a test page lives seconds, too short for optimised code to pay back its
  // compilation, which was a quarter of the renderers' CPU. The same code runs with the same results.
  '--js-flags=--max-opt=1',
];

/** CHROMIUM_PATH when set, else Debian's chromium; null when neither exists. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const candidate = env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
  return existsSync(candidate) ? candidate : null;
}

/**
 * `describe` for browser tests. Without Chromium the suite is skipped with a message saying how to
 * get one, except under CI=true, where a missing browser is a failure rather than a silent skip.
 */
export function describeInBrowser(name: string, body: () => void): void {
  if (findChromium()) {
    describe(name, body);
    return;
  }
  const message =
    `No Chromium at ${process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM}: browser tests skipped. ` +
    'Install it (apt-get install -y chromium) or set CHROMIUM_PATH.';
  if (process.env.CI === 'true') {
    describe(name, () => {
      it('has a Chromium to run in', () => {
        throw new Error(message.replace('skipped', 'cannot run (CI=true)'));
      });
    });
    return;
  }
  console.warn(message);
  describe.skip(name, body);
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/**
 * One headless Chromium per worker and scrollbar setting, started by the first file that asks and shared by
 * the files the worker runs after it: starting Chromium costs seconds, a new browser context a fraction of
 * that. Playwright closes it when the worker exits.
 */
const chromiums = new Map<boolean, Promise<Chromium>>();

function sharedChromium(showScrollbars: boolean): Promise<Chromium> {
  const running = chromiums.get(showScrollbars);
  if (running) return running;
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found');
  const starting = chromium.launch({
    executablePath,
    headless: true,
    args: CHROMIUM_ARGS,
    // Headless Chromium hides scrollbars (they take no room) unless asked: layout tests see them as operators
    // do. A browser-wide switch, hence a Chromium of its own.
    ...(showScrollbars ? { ignoreDefaultArgs: ['--hide-scrollbars'] } : {}),
  });
  chromiums.set(showScrollbars, starting);
  starting.then(
    (browser) => browser.on('disconnected', () => chromiums.delete(showScrollbars)),
    () => chromiums.delete(showScrollbars),
  );
  return starting;
}

/**
 * A fresh browser context (its own cookies, storage and cache, like a new profile) with one page, in the
 * worker's shared Chromium; closing it leaves nothing of it behind for the next file.
 */
export async function openBrowser({ showScrollbars = false } = {}): Promise<Browser> {
  const browser = await sharedChromium(showScrollbars);
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  // Fail a hung step well within the test's own cap, with Playwright's message saying what it waited for; a
  // cap, not a budget: under two files at a time on a busy machine a page load can take several seconds.
  context.setDefaultTimeout(45_000);
  const page = await context.newPage();
  return { context, page, close: () => context.close() };
}

/** A screenshot of the whole page under apps/e2e/artifacts (git-ignored). */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name.replace(/[^a-z0-9-]+/gi, '-').toLowerCase()}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

export interface ConsoleWatch {
  /** Errors and uncaught exceptions since the last call, minus those the test expects. */
  takeProblems(expected?: RegExp[]): string[];
}

/** Records what the page writes to its console as errors or warnings, and uncaught exceptions. */
export function watchConsole(page: Page): ConsoleWatch {
  let problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`console.${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return {
    takeProblems(expected = []) {
      const unexpected = problems.filter((problem) => !expected.some((pattern) => pattern.test(problem)));
      problems = [];
      return unexpected;
    },
  };
}

/** Once a screen is loaded: its heading shown and no loading indicator left. */
export async function screenLoaded(page: Page, heading: string | RegExp): Promise<void> {
  await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
  // the loading indicator's spinner is hidden from assistive technology (its text says Loading...), so it is
  // looked for among hidden elements too
  await page.getByRole('progressbar', { includeHidden: true }).first().waitFor({ state: 'detached' });
}

/**
 * Waits until the screen is still: the next two frames (a transition set by a click or a keyboard focus
 * starts there, MUI's Grow and focus marks set their styles in an effect), then every running finite
 * animation or transition (MUI's fades) to its end. Keyframe animations the page marks as decoration
 * (inside aria-hidden, like the home page's particles, a new one every 500 ms) are not waited for: that
 * motion never stops, and waiting for the particles alive now only spent their 5-6 s on every check.
 */
export const waitForStillScreen = (page: Page) =>
  page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const isDecoration = (animation: Animation) => {
      const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
      return animation instanceof CSSAnimation && target?.closest('[aria-hidden="true"]') != null;
    };
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .filter((animation) => !isDecoration(animation))
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  });
