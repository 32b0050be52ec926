import { expect, it } from 'vitest';
import { axeProblems } from '../src/axe.ts';
import { describeInBrowser } from '../src/browser.ts';
import { useConsoleInBrowser } from '../src/console-in-browser.ts';

// The Audit Log's check of the sealed chains, as an admin uses it: the console-wide sign-in is listed
// and marked, and "Verify chain" answers on the page. What it names when an entry was forged, changed
// or deleted is tested on the server (audit-chain.test.ts) and in the screen's component test.

const ADMIN = 'chain-admin@example.com';

describeInBrowser('verifying the audit log in Chromium', () => {
  // The local start without ADMIN_EMAILS: whoever signs in first by dev login is an admin.
  const app = useConsoleInBrowser({ signInAs: ADMIN, screenshotPrefix: 'audit-verify' });

  it('shows the sign-in as a console-wide entry and the chain intact', async () => {
    const { page, pageConsole } = app;
    await page.getByRole('button', { name: 'Security' }).click();
    await page.getByRole('menuitem', { name: 'Audit Log' }).click();
    await page.getByRole('heading', { name: 'Audit Log' }).waitFor();
    const signIn = page.getByRole('row').filter({ hasText: 'auth.sign-in' }).filter({ hasText: ADMIN });
    await signIn.getByText('Signed in with dev login').waitFor();

    await page.getByRole('button', { name: 'Verify chain' }).click();
    const check = page.getByRole('status', { name: 'Audit log check' });
    await check.waitFor();
    expect(await check.textContent()).toMatch(/^Audit log intact: \d+ entries, every chain unbroken$/);
    expect(await axeProblems(page, 'audit log checked', 'serious')).toEqual([]);
    expect(pageConsole.takeProblems()).toEqual([]);
  });
});
