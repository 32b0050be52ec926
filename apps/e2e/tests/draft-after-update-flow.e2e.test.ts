import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser } from '../src/browser.ts';
import { useConsoleInBrowser } from '../src/console-in-browser.ts';
import { callApiFromPage, createAbTestWithVersion } from '../src/page-api.ts';

// The "Update is not allowed" flow as an operator meets it: a Win Streak configuration a plugin's active set
// serves is edited and saved, "Error: Update changes active configuration" answered with Ok. The plugin's
// draft (the active set, untouched) then says it has nothing to activate, never "invalid configuration",
// the toast offers to retire the original, and "Start a new version" leads to a changed draft that activates.

const OPERATOR = 'draft-flow@example.com';
const WIN_STREAK = 10;
const REFUSED_CALL = /status of 409/;

type Entry = { abTestId: string; abTestVersion: number; configurations: string[] };
const getPlugin = (page: Page) =>
  callApiFromPage<{ data: { active: Entry[]; draft: Entry[]; draftRevision: number } }>(
    page,
    '/api/plugin/get',
    { pluginId: WIN_STREAK },
  );

const createStreak = (page: Page, id: string) =>
  callApiFromPage(page, '/api/config/ws/create', {
    id,
    description: `About ${id}`,
    active: true,
    data: { kind: 'ws', tiers: [{ numberOfItems: 3 }] },
  });

const validity = (page: Page) => page.getByRole('region', { name: 'Draft validity' });

async function autosaved(page: Page) {
  await page
    .getByRole('alert')
    .filter({ hasText: 'Plugin draft configuration saved' })
    .filter({ hasText: 'AutoSave' })
    .first()
    .waitFor();
  await expect.poll(() => page.getByRole('button', { name: 'Add AB-test' }).isEnabled()).toBe(true);
}

describeInBrowser('The draft after the "Update is not allowed" flow, in Chromium', () => {
  const app = useConsoleInBrowser({ screenshotPrefix: 'draft-flow', signInAs: OPERATOR });

  it('leaves the draft saying "nothing to activate", and a new version of it activates a change', async () => {
    const { page, baseUrl, pageConsole } = app;
    await page.goto(`${baseUrl}/plugin`);
    await page.getByRole('link', { name: 'WIN_STREAK' }).waitFor();
    // WIN_STREAK serves streak-served in case 2 of streak-test, switched on.
    for (const id of ['streak-control', 'streak-served', 'streak-spare']) await createStreak(page, id);
    await createAbTestWithVersion(page, 'streak-test', [500_000, 500_000]);
    await callApiFromPage(page, '/api/plugin/activate', { pluginId: WIN_STREAK, active: true });
    const { draftRevision } = (await getPlugin(page)).data;
    const served = {
      abTestId: 'streak-test',
      abTestVersion: 0,
      configurations: ['streak-control', 'streak-served'],
    };
    await callApiFromPage(page, '/api/plugin/draft/abtest', {
      pluginId: WIN_STREAK,
      configurations: [served],
      draftRevision,
    });
    await callApiFromPage(page, '/api/plugin/draft/activate', {
      pluginId: WIN_STREAK,
      draftRevision: draftRevision + 1,
    });
    await callApiFromPage(page, '/api/abtest/activate/test', { id: 'streak-test', active: true });

    // Edit the served configuration, Save, Ok.
    await page.goto(`${baseUrl}/config/WIN_STREAK/streak-served/edit`);
    await page.getByRole('heading', { name: 'Edit Win Streak' }).waitFor();
    const levels = page.getByRole('spinbutton', { name: 'Number of levels', exact: true });
    await expect.poll(() => levels.inputValue()).toBe('3');
    await levels.fill('5');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Error: Update changes active configuration' });
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await page.waitForURL(`${baseUrl}/config/WIN_STREAK/streak-served-2/edit`);
    // The same toast names the original, still switched on, and offers to retire it.
    const toast = page
      .getByRole('alert')
      .filter({ hasText: 'streak-served stays switched on and no active set serves it' });
    await toast.waitFor();
    await toast.getByRole('button', { name: 'Delete streak-served' }).waitFor();

    // The draft, untouched by the operator, is the active set and says so.
    await page.goto(`${baseUrl}/plugin/${WIN_STREAK}?tab=1`);
    await validity(page).getByText('The draft is the active set: nothing to activate').waitFor();
    expect(await page.getByText(/has an invalid configuration/).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Activate' }).isDisabled()).toBe(true);

    // Start a new version, change case 2, validate and activate.
    await validity(page).getByRole('button', { name: 'Start a new version' }).click();
    await autosaved(page);
    await validity(page).getByText('The draft is valid').waitFor();
    await page.getByRole('button', { name: 'Choose configuration for Case 2 of streak-test' }).click();
    const picker = page.getByRole('dialog', { name: 'Select Win Streak configuration' });
    await picker.getByRole('cell', { name: 'streak-spare', exact: true }).click();
    await picker.waitFor({ state: 'hidden' });
    await autosaved(page);
    await page.getByRole('button', { name: 'Validate' }).click();
    await page.getByRole('region', { name: 'Validation' }).getByText('Validation passed').waitFor();
    const activate = page.getByRole('button', { name: 'Activate' });
    await expect.poll(() => activate.isEnabled()).toBe(true);
    await activate.click();
    const result = page.getByRole('dialog', { name: 'Activation result' });
    await result.getByText('Plugin WIN_STREAK was activated.').waitFor();
    expect((await getPlugin(page)).data.active).toEqual([
      { abTestId: 'streak-test', abTestVersion: 2, configurations: ['streak-control', 'streak-spare'] },
    ]);
    expect(pageConsole.takeProblems([REFUSED_CALL])).toEqual([]);
  });
});
