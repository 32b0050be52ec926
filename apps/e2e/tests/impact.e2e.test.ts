import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser } from '../src/browser.ts';
import { useConsoleInBrowser } from '../src/console-in-browser.ts';
import { callApiFromPage, createAbTestWithVersion } from '../src/page-api.ts';

// "impact before a change": the version activation confirmation shows the players the
// activation moves, exactly, and that everyone is re-split when the operator asks for it.

const OPERATOR = 'impact-ops@example.com';

/** The API from the page's session: this test reads back an A/B-test's version and an impact. */
const apiPayload = callApiFromPage<{ data: { version: number }; sentence: string }>;

const toast = (page: Page, text: string) =>
  page.getByRole('alert').filter({ hasText: text }).first().waitFor();

describeInBrowser('impact before a change, in Chromium', () => {
  const app = useConsoleInBrowser({ screenshotPrefix: 'impact', signInAs: OPERATOR });

  it('shows the exact share of players a version activation moves in its confirmation', async () => {
    const { page, baseUrl, pageConsole } = app;
    const id = 'impact-test';
    // An active A/B-test with a current version of 40/60, and a saved version of 30/70.
    await createAbTestWithVersion(page, id, [400_000, 600_000]);
    await apiPayload(page, '/api/abtest/activate/version', { id, version: 0 });
    await apiPayload(page, '/api/abtest/activate/test', { id, active: true });
    await apiPayload(page, '/api/abtest/versions/save', { id, weights: [300_000, 700_000] });

    await page.goto(`${baseUrl}/abtest/${id}`);
    const versions = page.getByRole('region', { name: 'Versions' });
    const activeSwitch = versions.getByLabel('Active version 1');
    await expect.poll(() => activeSwitch.isEnabled()).toBe(true);
    await activeSwitch.click();
    const dialog = page.getByRole('dialog', { name: 'Activate version 1?' });
    const impact = dialog.getByRole('alert', { name: 'Impact' });
    await impact
      .getByText('10.00% of players in this test move: 10.00% from Case 1 (control) to Case 2')
      .waitFor();

    // The re-split choice changes the figure: everyone is split anew; unticked, the moves are back.
    const resplit = dialog.getByRole('checkbox', { name: 'Re-split all players (new randomisation)' });
    await resplit.check();
    await impact.getByText('Everyone in this test is re-split').waitFor();
    await resplit.uncheck();
    await impact.getByText('10.00% of players in this test move').waitFor();

    await dialog.getByRole('button', { name: 'Yes' }).click();
    await toast(page, 'Version 1 activated');
    // What the dialog announced is what happened: the same ranges, a tenth of the buckets moved.
    const abTest = await apiPayload(page, '/api/abtest/get', { id });
    expect(abTest.data.version).toBe(1);
    const after = await apiPayload(page, '/api/abtest/impact', { id, weights: [300_000, 700_000] });
    expect(after.sentence).toBe('No player changes case');
    expect(pageConsole.takeProblems()).toEqual([]);
  });
});
