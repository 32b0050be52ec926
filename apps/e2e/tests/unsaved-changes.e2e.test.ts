import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser } from '../src/browser.ts';
import { useConsoleInBrowser } from '../src/console-in-browser.ts';

// The question the form kit's guard asks (apps/web/src/components/form/unsavedChanges.ts).
const LEAVE_TITLE = 'Discard unsaved changes?';

const numberField = (scope: Page | Locator, name: string) =>
  scope.getByRole('spinbutton', { name, exact: true });

async function chooseEnvironment(page: Page, id: string) {
  await page.getByRole('button', { name: /^Environment:/ }).click();
  await page.getByRole('menuitem', { name: id, exact: true }).click();
}

async function answerLeave(page: Page, answer: 'Yes' | 'No') {
  const dialog = page.getByRole('dialog', { name: LEAVE_TITLE });
  await dialog.getByRole('button', { name: answer, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describeInBrowser('Unsaved changes in Chromium', () => {
  const app = useConsoleInBrowser({ screenshotPrefix: 'unsaved', signInAs: 'unsaved-ops@example.com' });

  it("asks before an environment switch drops an edited configuration's Number of levels", async () => {
    const { page, baseUrl } = app;
    await page.goto(`${baseUrl}/config`);
    await page.getByRole('combobox', { name: 'Configuration type' }).click();
    await page.getByRole('option', { name: 'Win Streak', exact: true }).click();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByRole('heading', { name: 'Create Win Streak' }).waitFor();
    await page.getByRole('textbox', { name: /^Configuration ID/ }).fill('streak-unsaved');
    await page.getByRole('textbox', { name: /^Description/ }).fill('Kept while unsaved');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/\/config$/);
    await page.getByRole('link', { name: 'streak-unsaved', exact: true }).click();
    await page.getByRole('heading', { name: 'Edit Win Streak' }).waitFor();

    const levels = numberField(page.getByRole('region', { name: 'Tiers' }), 'Number of levels');
    await levels.fill('7');
    await chooseEnvironment(page, 'stable');
    await answerLeave(page, 'No');
    expect(await levels.inputValue()).toBe('7');
    expect(await page.getByRole('button', { name: 'Environment: dev' }).count()).toBe(1);

    await chooseEnvironment(page, 'stable');
    await answerLeave(page, 'Yes');
    await page.getByRole('button', { name: 'Environment: stable' }).waitFor();
    expect(await levels.count()).toBe(0);
  });
});
