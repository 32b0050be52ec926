import type { Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import {
  type Browser,
  describeInBrowser,
  openBrowser,
  saveScreenshot,
  watchConsole,
} from '../src/browser.ts';
import { signInThroughDevLogin, useConsoleInBrowser } from '../src/console-in-browser.ts';

// An admin changes a user's role on Security > Users; that user, in their own browser, then
// sees what they may not do disabled, with the missing right as the reason, and the server agrees.

const ADMIN = 'admin@example.com';
const COLLEAGUE = 'colleague@example.com';

async function openUsers(page: Page) {
  await page.getByRole('button', { name: 'Security' }).click();
  await page.getByRole('menuitem', { name: 'Users' }).click();
  await page.getByRole('heading', { name: 'Users' }).waitFor();
}

/** The reason a disabled control gives: the tooltip of the focusable wrapper around it. */
async function reasonOf(page: Page, control: ReturnType<Page['getByRole']>): Promise<string> {
  await control.locator('xpath=ancestor::span[@tabindex="0"][1]').hover();
  const tooltip = page.getByRole('tooltip');
  await tooltip.waitFor();
  const text = (await tooltip.textContent()) ?? '';
  await page.mouse.move(0, 0);
  await tooltip.waitFor({ state: 'hidden' });
  return text;
}

describeInBrowser('roles on the Users screen in Chromium', () => {
  // The local start without ADMIN_EMAILS: whoever signs in first by dev login is an admin.
  const app = useConsoleInBrowser({ signInAs: ADMIN, screenshotPrefix: 'users' });
  let colleague: Browser | undefined;
  afterAll(async () => {
    await colleague?.close();
  });

  it('lets an admin make a colleague a viewer, audited', async () => {
    const { page, baseUrl, pageConsole } = app;
    colleague = await openBrowser();
    await signInThroughDevLogin(colleague.page, baseUrl, COLLEAGUE);

    await openUsers(page);
    expect(await page.getByText(`${ADMIN} · admin in dev`).count()).toBe(1);
    const role = page.getByRole('combobox', { name: `Role of ${COLLEAGUE} console-wide` });
    expect(await role.inputValue()).toBe('admin');
    await role.selectOption('viewer');
    await page.getByText(`${COLLEAGUE} console-wide: viewer`).waitFor();
    expect(await role.inputValue()).toBe('viewer');
    // Their own row: an admin does not demote themselves.
    const own = page.getByRole('combobox', { name: `Role of ${ADMIN} console-wide` });
    expect(await own.isDisabled()).toBe(true);
    expect(await reasonOf(page, own)).toBe('Another admin must change the role for you');
    await saveScreenshot(page, 'users-admin-view');

    await page.getByRole('button', { name: 'Security' }).click();
    await page.getByRole('menuitem', { name: 'Audit Log' }).click();
    await page.getByRole('cell', { name: 'user.role.set' }).first().waitFor();
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it('shows the colleague, now a viewer, disabled controls that say which right is missing', async () => {
    const page = colleague!.page;
    const colleagueConsole = watchConsole(page);
    await page.reload();
    await page.getByText(`${COLLEAGUE} · viewer in dev`).waitFor();

    await openUsers(page);
    const adminInProd = page.getByRole('combobox', { name: `Role of ${ADMIN} in prod` });
    expect(await adminInProd.isDisabled()).toBe(true);
    const inProd = page.getByRole('combobox', { name: `Role of ${COLLEAGUE} in prod` });
    expect(await inProd.isDisabled()).toBe(true);
    const remove = page
      .getByRole('row', { name: new RegExp(`^${ADMIN}`) })
      .getByRole('button', { name: 'Remove' });
    expect(await remove.isDisabled()).toBe(true);
    expect(await reasonOf(page, remove)).toBe('Requires console-wide admin rights');
    const protect = page.getByRole('switch', { name: 'prod protected' });
    expect(await protect.isDisabled()).toBe(true);
    expect(await reasonOf(page, protect)).toBe('Requires admin rights in prod');

    await page.getByRole('button', { name: 'Features' }).click();
    await page.getByRole('menuitem', { name: 'Plugin' }).click();
    const toggle = page.getByRole('switch', { name: 'GOLD_RUSH active' });
    await toggle.waitFor();
    expect(await toggle.isDisabled()).toBe(true);
    expect(await reasonOf(page, toggle)).toBe('Requires operator rights in dev');
    await saveScreenshot(page, 'users-viewer-plugin-list');

    // The server says the same, whatever the page shows.
    const refused = await page.evaluate(async () => {
      const response = await fetch('/api/plugin/activate?configuration=dev', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ pluginId: 11, active: true }),
      });
      return { status: response.status, body: await response.json() };
    });
    expect(refused).toEqual({
      status: 403,
      body: { error: 'Requires operator rights in dev', code: 'FORBIDDEN' },
    });
    expect(colleagueConsole.takeProblems([/status of 403/])).toEqual([]);
  });
});
