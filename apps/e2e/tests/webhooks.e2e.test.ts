import { startWebhookReceiver, type WebhookReceiver } from '@console/server/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { axeProblems } from '../src/axe.ts';
import { describeInBrowser, saveScreenshot, screenLoaded, waitForStillScreen } from '../src/browser.ts';
import { useConsoleInBrowser } from '../src/console-in-browser.ts';
import { focusLandsOn, isFocused, pageHeading, tabTo } from '../src/keyboard.ts';
import { isWhollyInView } from '../src/layout.ts';

// An environment's admin wires a receiver to the console with the keyboard alone, at 1024 px: the
// subscription made in its dialog (a URL only the server can refuse shown on its field), the secret shown once, the test event sent, its attempt in the delivery
// log, then Redeliver and its second attempt. The receiver is real, on a loopback port (the console may call
// it with WEBHOOKS_ALLOW_PRIVATE_NETWORKS), and checks each signature with standardwebhooks' own verify; the
// job queue's workers deliver. Delivery itself (order, retries, restarts, replicas, refused URLs) is tested
// on the server.

const NAME = 'ci-cache';

describeInBrowser('webhooks in Chromium', () => {
  // The local start without ADMIN_EMAILS: whoever signs in first by dev login is an admin.
  const app = useConsoleInBrowser({
    signInAs: 'hooks-admin@example.com',
    screenshotPrefix: 'webhooks',
    // as strict as the screens' own accessibility check (accessibility.e2e.test.ts)
    accessibilityImpact: 'moderate',
    env: { WEBHOOKS_ALLOW_PRIVATE_NETWORKS: 'true', JOB_WORKERS: 'true' },
  });
  let receiver: WebhookReceiver | undefined;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it('creates a subscription by keyboard, sends the test event and redelivers it', async () => {
    const { page, pageConsole } = app;
    const target = receiver!;
    await page.setViewportSize({ width: 1024, height: 768 });

    // The environment menu's entry, by keyboard: its last one.
    const unmarked = await tabTo(page, page.getByRole('button', { name: /^Environment:/ }));
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('End');
    expect(await isFocused(page.getByRole('menuitem', { name: 'Webhooks' }))).toBe(true);
    await page.keyboard.press('Enter');
    await screenLoaded(page, 'Webhooks');
    expect(await focusLandsOn(pageHeading(page, 'Webhooks'))).toBe('target');

    unmarked.push(...(await tabTo(page, page.getByRole('button', { name: 'New subscription' }))));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New subscription' });
    await dialog.waitFor();
    expect(await isFocused(dialog.getByRole('textbox', { name: 'Name' }))).toBe(true);
    await page.keyboard.type(NAME);
    const url = dialog.getByRole('textbox', { name: 'URL' });
    unmarked.push(...(await tabTo(page, url)));
    await page.keyboard.press('ControlOrMeta+A');
    // a host that cannot resolve (.invalid never does): only the server can tell, on the URL field
    await page.keyboard.type('http://no-such-host.invalid/hooks');
    unmarked.push(...(await tabTo(page, dialog.getByRole('checkbox', { name: /^Revision published/ }))));
    await page.keyboard.press('Space');
    expect(await axeProblems(page, 'subscription dialog', 'moderate')).toEqual([]);
    const create = dialog.getByRole('button', { name: 'Create' });
    unmarked.push(...(await tabTo(page, create)));
    await page.keyboard.press('Enter');
    await dialog.getByText("url's host no-such-host.invalid could not be resolved").waitFor();
    expect(await focusLandsOn(url)).toBe('target');
    expect(await url.getAttribute('aria-invalid')).toBe('true');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(target.url);
    unmarked.push(...(await tabTo(page, create)));
    await page.keyboard.press('Enter');

    const secretDialog = page.getByRole('dialog', { name: `Signing secret of ${NAME}` });
    await secretDialog.waitFor();
    expect(await secretDialog.textContent()).toContain('you will not see it again');
    const secret = (await secretDialog.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    expect(await axeProblems(page, 'secret dialog', 'moderate')).toEqual([]);
    unmarked.push(...(await tabTo(page, secretDialog.getByRole('button', { name: 'Done' }))));
    await page.keyboard.press('Enter');
    await secretDialog.waitFor({ state: 'hidden' });
    expect(await focusLandsOn(page.getByRole('button', { name: 'New subscription' }))).toBe('target');
    expect(await page.getByText(secret).count()).toBe(0);
    target.setSecret(secret);

    const sendTest = page.getByRole('button', { name: `Send test event to ${NAME}` });
    unmarked.push(...(await tabTo(page, sendTest)));
    await page.keyboard.press('Enter');
    await expect.poll(() => target.received.length).toBe(1);
    const log = page.getByRole('table', { name: `Delivery log of ${NAME}` });
    await log.getByRole('row').filter({ hasText: 'OK, HTTP 200' }).waitFor();

    const redeliver = log.getByRole('button', { name: /^Redeliver/ });
    unmarked.push(...(await tabTo(page, redeliver)));
    await page.keyboard.press('Enter');
    await expect.poll(() => target.received.length).toBe(2);
    await expect.poll(() => log.getByRole('row').filter({ hasText: 'OK, HTTP 200' }).count()).toBe(2);
    // the redelivery's attempt took the newest row, and its Redeliver kept the focus
    expect(await isFocused(redeliver)).toBe(true);
    // the receiver's answer, in the attempt's row
    expect(await log.getByRole('region', { name: /^Answer to attempt 2 of / }).textContent()).toBe(
      'received',
    );

    // Both attempts verified with the secret shown once (the receiver refuses any other), with the same
    // webhook-id and body: the test event.
    expect(target.refused).toEqual([]);
    const [first, second] = target.received;
    expect(second?.id).toBe(first?.id);
    expect(second?.body).toBe(first?.body);
    expect(first?.payload).toMatchObject({
      type: 'webhook.test',
      environment: 'dev',
      data: { subscription: NAME },
    });

    expect(unmarked).toEqual([]);
    // At 200% zoom (512 CSS pixels) the page does not scroll sideways: the tables scroll in their own boxes,
    // with each row's actions kept in view.
    await page.setViewportSize({ width: 512, height: 384 });
    await waitForStillScreen(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await isWhollyInView(sendTest, { sideways: true })).toBe(true);
    expect(await isWhollyInView(redeliver, { sideways: true })).toBe(true);
    await app.accessibility.check();
    await saveScreenshot(page, 'webhooks-200-percent');

    // the refused URL's 400
    expect(pageConsole.takeProblems([/status of 400 \(Bad Request\)/])).toEqual([]);
  });
});
