import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser } from '../src/browser.ts';
import { useConsoleInBrowser } from '../src/console-in-browser.ts';
import { callApiFromPage } from '../src/page-api.ts';

// Two changes published as revisions, their diff on Security > Revision History, and a
// rollback whose confirmation shows the impact first and leaves the runtime pinned.

const OPERATOR = 'ops@example.com';

interface RevisionList {
  latest: number;
  pinned: { revision: number } | null;
}

async function openRevisionHistory(page: Page) {
  await page.getByRole('button', { name: 'Security' }).click();
  await page.getByRole('menuitem', { name: 'Revision History' }).click();
  await page.getByRole('heading', { name: 'Revision History' }).waitFor();
}

describeInBrowser('revision history in Chromium', () => {
  const app = useConsoleInBrowser({ screenshotPrefix: 'revisions', signInAs: OPERATOR });

  it('diffs two revisions, then rolls back after seeing the impact, and shows the pin', async () => {
    const { page, pageConsole } = app;
    await callApiFromPage(page, '/api/release/kv/set', { keyValue: 'greeting=hello;' });
    const before = await callApiFromPage<RevisionList>(page, '/api/runtime/revision/list', { limit: 1 });
    await callApiFromPage(page, '/api/release/kv/set', { keyValue: 'greeting=goodbye;' });
    const after = await callApiFromPage<RevisionList>(page, '/api/runtime/revision/list', { limit: 1 });
    expect(after.latest).toBe(before.latest + 1);

    await openRevisionHistory(page);
    const table = page.getByRole('table', { name: 'Revisions' });
    const latestRow = table.getByRole('row', { name: new RegExp(`^Select revision ${after.latest} `) });
    expect(await latestRow.textContent()).toContain('release.kv.set');
    expect(await latestRow.textContent()).toContain(OPERATOR);

    await page.getByRole('checkbox', { name: `Select revision ${before.latest}` }).check();
    await page.getByRole('checkbox', { name: `Select revision ${after.latest}` }).check();
    await page
      .getByRole('heading', { name: `From revision ${before.latest} to revision ${after.latest}` })
      .waitFor();
    await page.getByText('Release: keyValue: "greeting=hello;" → "greeting=goodbye;"').waitFor();

    // rollback: the confirmation first shows what changes from the served revision
    const earlierRow = table.getByRole('row', { name: new RegExp(`^Select revision ${before.latest} `) });
    await earlierRow.getByRole('button', { name: 'Republish this revision' }).click();
    const dialog = page.getByRole('dialog', { name: `Republish revision ${before.latest}?` });
    await dialog.waitFor();
    await dialog.getByText('Release: keyValue: "greeting=goodbye;" → "greeting=hello;"').waitFor();
    expect(
      (await callApiFromPage<RevisionList>(page, '/api/runtime/revision/list', { limit: 1 })).pinned,
    ).toBe(null);
    await dialog.getByRole('button', { name: `Republish revision ${before.latest}` }).click();
    await dialog.waitFor({ state: 'hidden' });

    const rolledBack = after.latest + 1;
    await page
      .getByText(
        new RegExp(
          `^The runtime is pinned to revision ${rolledBack} since .* by ${OPERATOR}; 0 changes wait`,
        ),
      )
      .waitFor();
    await table.getByRole('cell', { name: `${rolledBack} (rollback of ${before.latest})` }).waitFor();
    const pinned = await callApiFromPage<RevisionList>(page, '/api/runtime/revision/list', { limit: 1 });
    expect(pinned.pinned?.revision).toBe(rolledBack);

    // Resume publishing asks, then lifts the pin
    await page.getByRole('button', { name: 'Resume publishing' }).click();
    await page
      .getByRole('dialog', { name: 'Resume publishing?' })
      .getByRole('button', { name: 'Yes' })
      .click();
    await page.getByText(/^The runtime is pinned/).waitFor({ state: 'hidden' });
    expect(pageConsole.takeProblems()).toEqual([]);
  });
});
