import { expect, it } from 'vitest';
import { axeProblems } from '../src/axe.ts';
import { describeInBrowser } from '../src/browser.ts';
import { useConsoleInBrowser } from '../src/console-in-browser.ts';
import { isFocused, readFocus, tabTo } from '../src/keyboard.ts';
import { callApiFromPage } from '../src/page-api.ts';

// Archiving an environment as an admin does with the keyboard: the confirmation naming what happens, the
// typed one because a runtime key serves it, then Restore from Archived. The refusals and the keys'
// refusal are tested on the server (environment-archive.routes.test.ts).

const ID = 'qa-archive';

describeInBrowser('archiving an environment in Chromium', () => {
  // The local start without ADMIN_EMAILS: whoever signs in first by dev login is an admin.
  const app = useConsoleInBrowser({
    signInAs: 'archive-admin@example.com',
    screenshotPrefix: 'environment-archive',
  });

  it('archives one a runtime key serves after both confirmations, by keyboard, and restores it', async () => {
    const { page, pageConsole } = app;
    await callApiFromPage(page, '/api/configuration/save', { configurationId: ID });
    await callApiFromPage(page, '/api/runtime-keys/create', { name: 'servers' }, ID);
    // The environment list was read at sign-in, before the API call created one.
    await page.reload();
    await page.getByRole('button', { name: /^Environment:/ }).click();
    await page.getByRole('menuitem', { name: 'Archive environments' }).click();
    await page.getByRole('heading', { name: 'Environments', level: 1 }).waitFor();

    const archive = page.getByRole('button', { name: `Archive ${ID}` });
    await tabTo(page, archive);
    expect(await readFocus(page)).toEqual({ name: `button 'Archive ${ID}'`, isMarked: true });
    await page.keyboard.press('Enter');
    const first = page.getByRole('dialog', { name: `Archive environment ${ID}?` });
    await first.waitFor();
    expect(await first.textContent()).toContain('its runtime keys stop working');
    // The safe answer has the focus: a reflex Enter does not archive.
    expect(await isFocused(first.getByRole('button', { name: 'Cancel' }))).toBe(true);
    expect(await axeProblems(page, 'archive confirmation', 'serious')).toEqual([]);
    await page.keyboard.press('Tab');
    expect(await readFocus(page)).toEqual({ name: `button 'Archive ${ID}'`, isMarked: true });
    await page.keyboard.press('Enter');

    const second = page.getByRole('dialog', { name: `Runtime keys serve ${ID}` });
    await second.waitFor();
    const typed = second.getByLabel(`Type ${ID} to confirm`);
    expect(await isFocused(typed)).toBe(true);
    expect(await axeProblems(page, 'archive with runtime keys', 'serious')).toEqual([]);
    await page.keyboard.type(ID);
    await page.keyboard.press('Enter');

    // The toast first: it hides by itself after a while.
    await page.getByText(`Environment ${ID} archived; 1 runtime key stopped`).waitFor();
    const archived = page.getByRole('table', { name: 'Archived environments' });
    await archived.getByRole('row').filter({ hasText: ID }).waitFor();
    await archive.waitFor({ state: 'detached' });

    const restore = page.getByRole('button', { name: `Restore ${ID}` });
    await tabTo(page, restore);
    await page.keyboard.press('Enter');
    await archived.getByText('No archived environments').waitFor();
    await page.getByRole('button', { name: `Archive ${ID}` }).waitFor();
    // The first archive call is refused 409 naming the keys: that refusal asks the second confirmation.
    expect(pageConsole.takeProblems([/status of 409 \(Conflict\)/])).toEqual([]);
  });
});
