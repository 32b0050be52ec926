import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, saveScreenshot } from '../src/browser.ts';
import { useConsoleInBrowser } from '../src/console-in-browser.ts';
import { callApiFromPage, createAbTestWithVersion } from '../src/page-api.ts';

// In Chromium: an operator previews what one player receives, and why, from the content game
// servers receive now and from a plugin's draft as if activated.

const OPERATOR = 'preview-ops@example.com';
const GOLD_RUSH = 11;
const EVERYONE_IN_CASE_2 = [0, 1_000_000];

type PluginAnswer = { data: { draftRevision: number } };

const createConfig = (page: Page, id: string) =>
  callApiFromPage(page, '/api/config/event/gr/create', {
    id,
    description: `About ${id}`,
    active: true,
    data: { kind: 'event/gr' },
  });

async function saveDraft(page: Page, configurations: string[]) {
  const plugin = await callApiFromPage<PluginAnswer>(page, '/api/plugin/get', { pluginId: GOLD_RUSH });
  await callApiFromPage(page, '/api/plugin/draft/abtest', {
    pluginId: GOLD_RUSH,
    configurations: [{ abTestId: 'preview-split', abTestVersion: 0, configurations }],
    draftRevision: plugin.data.draftRevision,
  });
}

describeInBrowser('Player preview in Chromium', () => {
  const app = useConsoleInBrowser({ screenshotPrefix: 'preview', signInAs: OPERATOR });

  it('previews a player: the matched entry, its case and the configuration, then a draft', async () => {
    const { page, baseUrl, pageConsole } = app;
    // GOLD_RUSH serves preview-split: every player in case 2, which receives gold-preview
    await createAbTestWithVersion(page, 'preview-split', EVERYONE_IN_CASE_2);
    await callApiFromPage(page, '/api/abtest/save/case-descriptions', {
      id: 'preview-split',
      descriptions: ['control', 'double gold'],
    });
    await createConfig(page, 'gold-preview');
    await createConfig(page, 'gold-next');
    await saveDraft(page, ['', 'gold-preview']);
    const plugin = await callApiFromPage<PluginAnswer>(page, '/api/plugin/get', { pluginId: GOLD_RUSH });
    await callApiFromPage(page, '/api/plugin/draft/activate', {
      pluginId: GOLD_RUSH,
      draftRevision: plugin.data.draftRevision,
    });
    await callApiFromPage(page, '/api/abtest/activate/test', { id: 'preview-split', active: true });
    await callApiFromPage(page, '/api/plugin/activate', { pluginId: GOLD_RUSH, active: true });

    await page.goto(`${baseUrl}/`);
    await page.getByRole('button', { name: 'Features' }).click();
    await page.getByRole('menuitem', { name: 'Player preview' }).click();
    await page.getByRole('heading', { name: 'Player preview' }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/preview`);

    await page.getByLabel('User ID').fill('player-42');
    await page.getByRole('combobox', { name: 'Platform' }).click();
    await page.getByRole('option', { name: 'android' }).click();
    await page.getByLabel('Level').fill('100');
    await page.getByRole('button', { name: 'Preview' }).click();

    const gold = page.getByRole('region', { name: 'GOLD_RUSH' });
    await gold.getByText("Receives configuration 'gold-preview'").waitFor();
    const matched = await gold.getByRole('listitem').allTextContents();
    expect(matched).toHaveLength(1);
    expect(matched[0]).toMatch(
      /^Matched: AB-test 'preview-split' version 0, Case 2 \(bucket \d+\); assigned now and kept \(sticky\) — “double gold”$/,
    );
    await page.getByText(/^Player player-42, level 100, at .+, against revision \d+\.$/).waitFor();
    await saveScreenshot(page, 'preview-served');

    // the draft moves case 2 to gold-next: the preview shows it before anything is activated
    await saveDraft(page, ['', 'gold-next']);
    await page.getByRole('radio', { name: "A plugin's draft, as if activated" }).click();
    await page.getByRole('combobox', { name: 'Plugin' }).click();
    await page.getByRole('option', { name: 'GOLD_RUSH' }).click();
    await page.getByRole('button', { name: 'Preview' }).click();
    await gold.getByText("Receives configuration 'gold-next'").waitFor();
    await page.getByText(/against the draft of GOLD_RUSH, as if activated\.$/).waitFor();

    // the configuration links to its edit screen
    await gold.getByRole('link', { name: 'Open configuration gold-next' }).click();
    await page.waitForURL(`${baseUrl}/config/GOLD_RUSH/gold-next/edit`);
    expect(pageConsole.takeProblems()).toEqual([]);
  });
});
