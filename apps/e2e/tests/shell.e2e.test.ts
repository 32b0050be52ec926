import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, saveScreenshot } from '../src/browser.ts';
import { useConsoleInBrowser } from '../src/console-in-browser.ts';

const OPERATOR = 'operator@example.com';
const NEW_ENVIRONMENT = `e2e-${Date.now().toString(36)}`;
const DARK_BACKGROUND = 'rgb(18, 18, 18)';
const LIGHT_BACKGROUND = 'rgb(255, 255, 255)';

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const indicatorColor = (page: Page) =>
  page
    .getByRole('button', { name: /^Environment:/ })
    .locator('[data-testid="environment-indicator"]')
    .evaluate((element) => getComputedStyle(element).backgroundColor);

async function chooseEnvironment(page: Page, id: string) {
  await page.getByRole('button', { name: /^Environment:/ }).click();
  await page.getByRole('menuitem', { name: id, exact: true }).click();
  await page.getByRole('button', { name: `Environment: ${id}` }).waitFor();
}

/**
 * Prod's audit log: none of dev's entries, only the console-wide ones listed in every environment's
 * log (the operator's sign-in).
 */
async function waitForProdLog(page: Page) {
  await page.getByRole('row').filter({ hasText: 'Signed in with dev login' }).first().waitFor();
  await expect.poll(() => page.getByRole('row').filter({ hasText: 'environment.create' }).count()).toBe(0);
}

describeInBrowser('the console shell in Chromium', () => {
  const app = useConsoleInBrowser();

  it('signs in with dev login and lands on the home page', async () => {
    const { page, baseUrl, pageConsole } = app;
    await page.goto(`${baseUrl}/login`);
    // No sign-in provider is configured here: the page offers the dev login alone.
    await page.getByLabel('E-mail').fill(OPERATOR);
    expect(await page.getByRole('link', { name: /^Sign in with/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Sign in locally' }).click();

    await page.getByRole('heading', { name: 'Orchestrate your game servers' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByText(OPERATOR).waitFor();
    expect(await page.title()).toBe('Home · Console');
    expect(await indicatorColor(page)).toBe('rgb(0, 200, 100)');

    // A particle every 500 ms living 6000 ms: about 12 at a time, never piling up. Waited for as events
    // (their number reaching 9, the oldest going), not after a fixed time a busy machine may not keep.
    await page.waitForFunction(() => document.querySelectorAll('[data-particle]').length >= 9, undefined, {
      timeout: 45_000,
    });
    const oldest = await page.locator('[data-particle]').first().elementHandle();
    await page.waitForFunction((particle) => !particle?.isConnected, oldest, { timeout: 45_000 });
    expect(await page.locator('[data-particle]').count()).toBeLessThanOrEqual(13);
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it('creates an environment and switches to it', async () => {
    const { page, pageConsole } = app;
    await page.getByRole('button', { name: /^Environment:/ }).click();
    await page.getByRole('menuitem', { name: 'Create environment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Environment' });
    await dialog.getByRole('textbox', { name: 'Environment' }).fill(NEW_ENVIRONMENT);
    await dialog.getByRole('button', { name: 'Add' }).click();

    await page.getByRole('button', { name: `Environment: ${NEW_ENVIRONMENT}` }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => localStorage.getItem('configuration.active'))).toBe(
      JSON.stringify(NEW_ENVIRONMENT),
    );
    expect(await indicatorColor(page)).toBe('rgb(180, 100, 200)');

    // Creating it again is refused by the server and reported in the error modal.
    await page.getByRole('button', { name: /^Environment:/ }).click();
    await page.getByRole('menuitem', { name: 'Create environment' }).click();
    await dialog.getByRole('textbox', { name: 'Environment' }).fill(NEW_ENVIRONMENT);
    await dialog.getByRole('button', { name: 'Add' }).click();
    const failure = page.getByRole('dialog', { name: 'Error: Creating configuration failed' });
    await failure.getByText(`Environment ${NEW_ENVIRONMENT} already exists`).waitFor();
    await failure.getByRole('button', { name: 'Close' }).click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(pageConsole.takeProblems([/status of 409/])).toEqual([]);
  });

  it('shows the creation in the audit log', async () => {
    const { page, pageConsole } = app;
    await page.getByRole('button', { name: 'Security' }).click();
    await page.getByRole('menuitem', { name: 'Audit Log' }).click();
    await page.getByRole('heading', { name: 'Audit Log' }).waitFor();

    const row = page
      .getByRole('row')
      .filter({ hasText: 'environment.create' })
      .filter({ hasText: NEW_ENVIRONMENT });
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells[1]).toBe('environment.create');
    expect(cells[2]).toBe(NEW_ENVIRONMENT);
    expect(cells[3]).toBe(OPERATOR);
    expect(cells[4]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(new URL(page.url()).pathname).toBe('/audit');
    expect(await page.title()).toBe('Audit Log · Console');
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it('switches the whole page to the dark theme on prod only', async () => {
    const { page, pageConsole } = app;
    expect(await bodyBackground(page)).toBe(LIGHT_BACKGROUND);
    await chooseEnvironment(page, 'prod');
    await page.waitForFunction(
      (dark) => getComputedStyle(document.body).backgroundColor === dark,
      DARK_BACKGROUND,
    );
    expect(await indicatorColor(page)).toBe('rgb(200, 50, 0)');
    // the audit log reloaded for prod, where nothing was created
    await waitForProdLog(page);

    // the choice survives a reload
    await page.reload();
    await page.getByRole('button', { name: 'Environment: prod' }).waitFor();
    expect(await bodyBackground(page)).toBe(DARK_BACKGROUND);
    await waitForProdLog(page);
    await saveScreenshot(page, 'prod-dark-theme');

    await chooseEnvironment(page, 'stable');
    await page.waitForFunction(
      (light) => getComputedStyle(document.body).backgroundColor === light,
      LIGHT_BACKGROUND,
    );
    expect(await indicatorColor(page)).toBe('rgb(200, 200, 0)');
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it('shows the login-required page after logout', async () => {
    const { page, baseUrl, pageConsole } = app;
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('button', { name: 'Sign in locally' }).waitFor();

    await page.goto(`${baseUrl}/audit`);
    await page.getByText('You must be logged in to access this page.').waitFor();
    // This console signs in with dev login: 'Go to Login' leads to the login page that offers it, not to the
    // single sign-on it does not have.
    // It carries the page to come back to after signing in.
    const goToLogin = page.getByRole('link', { name: 'Go to Login' });
    expect(await goToLogin.getAttribute('href')).toBe('/login?returnTo=%2Faudit');
    await goToLogin.click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('button', { name: 'Sign in locally' }).waitFor();
    expect(await page.getByText('Single sign-on is not configured').count()).toBe(0);
    // The browser itself logs each refused call; nothing else may appear.
    expect(pageConsole.takeProblems([/status of 401/])).toEqual([]);
  });

  it('shows a not-found page for an unknown address', async () => {
    const { page, baseUrl, pageConsole } = app;
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('E-mail').fill(OPERATOR);
    await page.getByRole('button', { name: 'Sign in locally' }).click();
    await page.getByRole('heading', { name: 'Orchestrate your game servers' }).waitFor();

    await page.goto(`${baseUrl}/no/such/page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(pageConsole.takeProblems([/status of 401/])).toEqual([]);
  });
});
