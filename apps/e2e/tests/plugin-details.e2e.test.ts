import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { axeProblems } from '../src/axe.ts';
import { describeInBrowser } from '../src/browser.ts';
import { useConsoleInBrowser } from '../src/console-in-browser.ts';
import { callApiFromPage, createAbTestWithVersion } from '../src/page-api.ts';

const OPERATOR = 'plugin-ops@example.com';
const GOLD_RUSH = 11;
const SPECIAL_OFFER = 7;
const COLLECTION_EVENT_ONE = 5;
const HALF = 500_000;

type Entry = { abTestId: string; abTestVersion: number; configurations: string[] };
type PluginAnswer = {
  name: string;
  data: { active: Entry[]; draft: Entry[]; draftRevision: number; activeRevision: number };
};

const getPlugin = (page: Page, pluginId: number) =>
  callApiFromPage<PluginAnswer>(page, '/api/plugin/get', { pluginId });

const createConfig = (page: Page, kind: string, id: string) =>
  callApiFromPage(page, `/api/config/${kind}/create`, {
    id,
    description: `About ${id}`,
    active: true,
    data: { kind },
  });

const entry = (page: Page, abTestId: string) => page.getByRole('region', { name: `Entry ${abTestId}` });
const validity = (page: Page) => page.getByRole('region', { name: 'Draft validity' });

/** The validity messages, once they read `expected`. */
const expectValidity = (page: Page, expected: string[]) =>
  expect.poll(() => validity(page).getByRole('alert').allTextContents()).toEqual(expected);

/** Every edit saves at once and says so (Autosave toast). */
async function autosaved(page: Page) {
  const toast = page.getByRole('alert').filter({ hasText: 'Plugin draft configuration saved' });
  await toast.filter({ hasText: 'AutoSave' }).first().waitFor();
  // the draft's controls wait for the save (and the reload after it)
  await expect.poll(() => page.getByRole('button', { name: 'Add AB-test' }).isEnabled()).toBe(true);
}

async function addAbTest(page: Page, id: string) {
  await page.getByRole('button', { name: 'Add AB-test' }).click();
  const picker = page.getByRole('dialog', { name: 'Add AB-test' });
  await picker.getByRole('cell', { name: id, exact: true }).click();
  await picker.waitFor({ state: 'hidden' });
  await entry(page, id).waitFor();
  await autosaved(page);
}

/** The case as every screen names it: "Case 1 (control)", "Case 2", ... */
const caseName = (caseIndex: number) => (caseIndex === 0 ? 'Case 1 (control)' : `Case ${caseIndex + 1}`);

async function choose(page: Page, abTestId: string, caseIndex: number, configId: string) {
  await page
    .getByRole('button', { name: `Choose configuration for ${caseName(caseIndex)} of ${abTestId}` })
    .click();
  const picker = page.getByRole('dialog', { name: 'Select Gold Rush configuration' });
  await picker.getByRole('cell', { name: configId, exact: true }).click();
  await picker.waitFor({ state: 'hidden' });
  await autosaved(page);
}

const configurationsOf = (scope: Locator, abTestId: string) =>
  scope
    .getByRole('table', { name: `Cases of ${abTestId}` })
    .locator('tbody tr td:last-child')
    .evaluateAll((cells) => cells.map((cell) => (cell.textContent ?? '').replace(/Choose$/, '')));

describeInBrowser('Plugin details in Chromium', () => {
  const app = useConsoleInBrowser({ screenshotPrefix: 'plugin', signInAs: OPERATOR });

  it('builds a draft of two A/B-tests, validates it, activates it and reads the result dialog', async () => {
    const { page, baseUrl, pageConsole } = app;
    await page.goto(`${baseUrl}/plugin`);
    await page.getByRole('link', { name: 'GOLD_RUSH' }).waitFor();
    await createAbTestWithVersion(page, 'gold-split', [HALF, HALF]);
    await createAbTestWithVersion(page, 'gold-trio', [400_000, 300_000, 300_000]);
    for (const id of ['gold-a', 'gold-b', 'gold-c']) await createConfig(page, 'event/gr', id);
    // SPECIAL_OFFER's draft already uses gold-split version 0: it is activated alongside
    await createConfig(page, 'event/so', 'offer-a');
    const offer = await getPlugin(page, SPECIAL_OFFER);
    await callApiFromPage(page, '/api/plugin/draft/abtest', {
      pluginId: SPECIAL_OFFER,
      configurations: [{ abTestId: 'gold-split', abTestVersion: 0, configurations: ['', 'offer-a'] }],
      draftRevision: offer.data.draftRevision,
    });

    // the plugin list's row links here
    await page.getByRole('link', { name: 'GOLD_RUSH' }).click();
    await page.getByRole('heading', { name: 'Plugin GOLD_RUSH' }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/plugin/${GOLD_RUSH}`);
    await page.getByText('No AB-test is active in this plugin').waitFor();

    await page.getByRole('tab', { name: 'Draft' }).click();
    await page.waitForURL(`${baseUrl}/plugin/${GOLD_RUSH}?tab=1`);
    await expectValidity(page, ['No AB-test configuration added']);
    expect(await page.getByRole('button', { name: 'Activate' }).isDisabled()).toBe(true);

    await addAbTest(page, 'gold-split');
    await expectValidity(page, ['The AB-test gold-split has an empty configuration that is not control']);
    await choose(page, 'gold-split', 1, 'gold-a');
    await expectValidity(page, ['The draft is valid']);

    await addAbTest(page, 'gold-trio');
    await expectValidity(page, ['The AB-test gold-trio has an empty configuration that is not control']);
    await choose(page, 'gold-trio', 1, 'gold-b');
    await choose(page, 'gold-trio', 2, 'gold-b');
    // one id per entry: choosing gold-b for case 2 took it from case 1
    expect(await configurationsOf(entry(page, 'gold-trio'), 'gold-trio')).toEqual([
      'No configuration',
      'No configuration',
      'gold-b',
    ]);
    await expectValidity(page, ['The AB-test gold-trio has an empty configuration that is not control']);
    await choose(page, 'gold-trio', 1, 'gold-c');
    await expectValidity(page, ['The draft is valid']);

    await page.getByRole('button', { name: 'Move up gold-trio' }).click();
    await autosaved(page);
    // The entries show the saved order once the plugin has reloaded after the save, which may come after
    // the toast (an earlier save's toast may still be up).
    await expect
      .poll(() =>
        page
          .getByRole('region', { name: /^Entry / })
          .evaluateAll((regions) => regions.map((region) => region.getAttribute('aria-label'))),
      )
      .toEqual(['Entry gold-trio', 'Entry gold-split']);

    // reloading the page shows the draft as saved
    await page.reload();
    await entry(page, 'gold-split').waitFor();
    expect(await configurationsOf(entry(page, 'gold-split'), 'gold-split')).toEqual([
      'No configuration',
      'gold-a',
    ]);

    await page.getByRole('button', { name: 'Validate' }).click();
    const validation = page.getByRole('region', { name: 'Validation' });
    await validation.getByText('Validation passed').waitFor();
    await validation.getByText('Activated alongside: SPECIAL_OFFER').waitFor();
    expect(await validation.getByText('No other plugin is activated alongside').count()).toBe(1);

    const activate = page.getByRole('button', { name: 'Activate' });
    await expect.poll(() => activate.isEnabled()).toBe(true);
    await activate.click();
    const dialog = page.getByRole('dialog', { name: 'Activation result' });
    await dialog.getByText('Plugin GOLD_RUSH was activated.').waitFor();
    await dialog.getByText('Plugin SPECIAL_OFFER was activated.').waitFor();
    expect(await dialog.getByRole('alert').count()).toBe(2);
    // a static backdrop: a click beside the dialog leaves it open
    await page.mouse.click(5, 5);
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForURL(`${baseUrl}/plugin/${GOLD_RUSH}?tab=0`);
    const live = entry(page, 'gold-trio');
    await live.waitFor();
    expect(await configurationsOf(live, 'gold-trio')).toEqual(['No configuration', 'gold-c', 'gold-b']);
    expect(await live.getByRole('button').count()).toBe(0);
    await live.getByRole('link', { name: 'gold-trio' }).waitFor();

    const served = await getPlugin(page, GOLD_RUSH);
    expect(served.data.active).toEqual([
      { abTestId: 'gold-trio', abTestVersion: 0, configurations: ['', 'gold-c', 'gold-b'] },
      { abTestId: 'gold-split', abTestVersion: 0, configurations: ['', 'gold-a'] },
    ]);
    expect((await getPlugin(page, SPECIAL_OFFER)).data.active).toEqual([
      { abTestId: 'gold-split', abTestVersion: 0, configurations: ['', 'offer-a'] },
    ]);
    const split = await callApiFromPage<{ data: { version: number } }>(page, '/api/abtest/get', {
      id: 'gold-split',
    });
    expect(split.data.version).toBe(0);

    // once gold-split itself is active, the draft (the active set) has nothing to activate
    await page.goto(`${baseUrl}/abtest`);
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'gold-split', exact: true }) });
    await row.getByRole('switch', { name: 'Active gold-split' }).click();
    await page
      .getByRole('dialog', { name: 'Activate AB-test?' })
      .getByRole('button', { name: 'Yes' })
      .click();
    await page.getByRole('alert').filter({ hasText: 'AB-test gold-split activated' }).first().waitFor();
    // the list's Used By links resolve to the plugins
    expect(await row.getByRole('link', { name: 'SPECIAL_OFFER' }).getAttribute('href')).toBe(
      `/plugin/${SPECIAL_OFFER}`,
    );
    await row.getByRole('link', { name: 'GOLD_RUSH' }).click();
    await page.getByRole('heading', { name: 'Plugin GOLD_RUSH' }).waitFor();
    await page.getByRole('tab', { name: 'Draft' }).click();
    // The draft is still the active set: it says so, not "invalid configuration", and offers the way on.
    await validity(page).getByText('The draft is the active set: nothing to activate').waitFor();
    await validity(page).getByRole('button', { name: 'Start a new version' }).waitFor();
    expect(await page.getByText(/has an invalid configuration/).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Activate' }).isDisabled()).toBe(true);
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it('moves an entry whose versions are all active to a new version with the same weights, in one click', async () => {
    const { page, baseUrl, pageConsole } = app;
    // The trap: the version activated by hand, then the test, before any draft used them.
    await createAbTestWithVersion(page, 'event-live', [HALF, HALF]);
    await callApiFromPage(page, '/api/abtest/activate/version', { id: 'event-live', version: 0 });
    await callApiFromPage(page, '/api/abtest/activate/test', { id: 'event-live' });
    await createConfig(page, 'event/ce1', 'event-a');
    const { data } = await getPlugin(page, COLLECTION_EVENT_ONE);
    await callApiFromPage(page, '/api/plugin/draft/abtest', {
      pluginId: COLLECTION_EVENT_ONE,
      configurations: [{ abTestId: 'event-live', abTestVersion: 0, configurations: ['', 'event-a'] }],
      draftRevision: data.draftRevision,
    });

    await page.goto(`${baseUrl}/plugin/${COLLECTION_EVENT_ONE}?tab=1`);
    const notice = entry(page, 'event-live')
      .getByRole('alert')
      .filter({ hasText: "All versions of AB-test 'event-live' are already active: save a new version" });
    await notice.waitFor();
    expect(await axeProblems(page, 'a draft entry whose versions are all active', 'serious')).toEqual([]);
    await notice.getByRole('button', { name: 'Create version 1 with the same weights' }).click();
    await autosaved(page);
    await expectValidity(page, ['The draft is valid']);
    expect(await notice.count()).toBe(0);
    expect((await getPlugin(page, COLLECTION_EVENT_ONE)).data.draft).toEqual([
      { abTestId: 'event-live', abTestVersion: 1, configurations: ['', 'event-a'] },
    ]);
    expect(pageConsole.takeProblems()).toEqual([]);
  });
});
