import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser } from '../src/browser.ts';
import { useConsoleInBrowser } from '../src/console-in-browser.ts';
import { callApiFromPage, createAbTestWithVersion } from '../src/page-api.ts';

// One case numbering on every screen: the plugin draft's case table, the sentence under it, the
// impact dialog before a version activation and the A/B-test page all name the cases of one test
// "Case 1 (control)", "Case 2", "Case 3", while the API keeps its 0-based caseIndex.

const OPERATOR = 'cases-ops@example.com';
const GOLD_RUSH = 11;
const TEST_ID = 'case-trio';
const CASES = ['Case 1 (control)', 'Case 2', 'Case 3'];
// Version 0 splits 40/30/30; version 1 gives a tenth of the players from the control to each other case.
const MOVES =
  '20.00% of players in this test move: 10.00% from Case 1 (control) to Case 2, ' +
  '10.00% from Case 1 (control) to Case 3';
/** The numberings the console used before: 0-based cases, or the control as "0 (control)". */
const OLD_NUMBERING = /\bcases? 0\b|(^|[^\d.])0 \(control\)/im;

type PluginAnswer = { data: { draftRevision: number } };

/** Every text of `scope` an operator reads or hears: each text node, accessible names and tooltips. */
const textsOf = (scope: Locator) =>
  scope.evaluate((root) => {
    const texts: string[] = [];
    const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.textContent ?? '');
    for (const element of root.querySelectorAll('[aria-label], [title]')) {
      texts.push(element.getAttribute('aria-label') ?? '', element.getAttribute('title') ?? '');
    }
    return texts.join('\n');
  });

const expectNoOldNumbering = async (scope: Locator) =>
  expect(await textsOf(scope)).not.toMatch(OLD_NUMBERING);

const body = (page: Page) => page.locator('body');

describeInBrowser('One case numbering, in Chromium', () => {
  const app = useConsoleInBrowser({ screenshotPrefix: 'cases', signInAs: OPERATOR });

  it('names the cases of one test alike in the draft table, its sentence, the impact dialog and the test page', async () => {
    const { page, baseUrl, pageConsole } = app;
    await page.goto(`${baseUrl}/plugin`);
    await page.getByRole('link', { name: 'GOLD_RUSH' }).waitFor();

    // An active three-case test serving version 0, and a saved version 1 that moves players.
    await createAbTestWithVersion(page, TEST_ID, [400_000, 300_000, 300_000]);
    await callApiFromPage(page, '/api/abtest/activate/version', { id: TEST_ID, version: 0 });
    await callApiFromPage(page, '/api/abtest/activate/test', { id: TEST_ID, active: true });
    await callApiFromPage(page, '/api/abtest/versions/save', {
      id: TEST_ID,
      weights: [200_000, 400_000, 400_000],
    });
    for (const id of ['trio-b', 'trio-c']) {
      await callApiFromPage(page, '/api/config/event/gr/create', {
        id,
        description: `About ${id}`,
        active: true,
        data: { kind: 'event/gr' },
      });
    }
    // GOLD_RUSH's draft serves version 1: activating it moves players between the cases.
    const plugin = await callApiFromPage<PluginAnswer>(page, '/api/plugin/get', { pluginId: GOLD_RUSH });
    await callApiFromPage(page, '/api/plugin/draft/abtest', {
      pluginId: GOLD_RUSH,
      configurations: [{ abTestId: TEST_ID, abTestVersion: 1, configurations: ['', 'trio-b', 'trio-c'] }],
      draftRevision: plugin.data.draftRevision,
    });

    // (1) The draft's case table.
    await page.goto(`${baseUrl}/plugin/${GOLD_RUSH}?tab=1`);
    const entry = page.getByRole('region', { name: `Entry ${TEST_ID}` });
    const table = entry.getByRole('table', { name: `Cases of ${TEST_ID}` });
    await table.waitFor();
    expect(await table.locator('tbody tr td:first-child').allTextContents()).toEqual(CASES);
    for (const name of CASES) {
      await entry.getByRole('button', { name: `Choose configuration for ${name} of ${TEST_ID}` }).waitFor();
    }

    // (2) The sentence under it, once the draft is validated.
    await page.getByRole('button', { name: 'Validate' }).click();
    const validation = page.getByRole('region', { name: 'Validation' });
    await validation.getByText('Validation passed').waitFor();
    const draftImpact = validation.getByRole('note', { name: `Impact on ${TEST_ID}` });
    await draftImpact.getByText(MOVES, { exact: true }).waitFor();
    await expectNoOldNumbering(body(page));

    // (4) The A/B-test page: the case descriptions' fields and the versions' bars.
    await page.goto(`${baseUrl}/abtest/${TEST_ID}`);
    const descriptions = page.getByRole('region', { name: 'Case descriptions' });
    for (const name of CASES) await descriptions.getByLabel(name, { exact: true }).waitFor();
    expect(await descriptions.getByRole('textbox').count()).toBe(CASES.length);
    const versions = page.getByRole('region', { name: 'Versions' });
    for (const [index, name] of CASES.entries()) {
      const share = ['40.00%', '30.00%', '30.00%'][index];
      await versions.getByLabel(`${name}: ${share}`, { exact: true }).waitFor();
    }
    await expectNoOldNumbering(body(page));

    // (3) The impact dialog before activating version 1 says the same sentence as the draft.
    const activeSwitch = versions.getByLabel('Active version 1');
    await expect.poll(() => activeSwitch.isEnabled()).toBe(true);
    await activeSwitch.click();
    const dialog = page.getByRole('dialog', { name: 'Activate version 1?' });
    const impact = dialog.getByRole('alert', { name: 'Impact' });
    await impact.getByText(MOVES, { exact: true }).waitFor();
    await expectNoOldNumbering(dialog);
    await dialog.getByRole('button', { name: 'No' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Answering No activates nothing: version 0 still serves.
    const abTest = await callApiFromPage<{ data: { version: number } }>(page, '/api/abtest/get', {
      id: TEST_ID,
    });
    expect(abTest.data.version).toBe(0);
    expect(pageConsole.takeProblems()).toEqual([]);
  });
});
