import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser } from '../src/browser.ts';
import { useConsoleInBrowser } from '../src/console-in-browser.ts';

const OPERATOR = 'ops@example.com';
const TOKEN = 'nice-e2e-SECRET-token';
// A zone away from UTC, so the release time's conversion to UTC milliseconds is really exercised.
const TIME_ZONE = 'Europe/Berlin';
const QUARTER_HOUR_MS = 900_000;

/** What the API answers for the active page's session (read-back of what a screen saved). */
const apiPayload = (page: Page, path: string, environment = 'dev', body: unknown = {}) =>
  page.evaluate(
    async ([url, configuration, json]) => {
      const response = await fetch(`${url}?configuration=${configuration}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: json,
      });
      return (await response.json()).payload;
    },
    [path, environment, JSON.stringify(body)] as const,
  );

async function chooseEnvironment(page: Page, id: string) {
  await page.getByRole('button', { name: /^Environment:/ }).click();
  await page.getByRole('menuitem', { name: id, exact: true }).click();
  await page.getByRole('button', { name: `Environment: ${id}` }).waitFor();
}

/** How many words a text element shows on its last line (1 = a lone word wrapped onto it). */
const wordsOnLastLine = (element: Locator) =>
  element.evaluate((node) => {
    const text = node.firstChild;
    if (!text) return 0;
    const range = document.createRange();
    const tops = [...(text.textContent ?? '').matchAll(/\S+/g)].map((word) => {
      range.setStart(text, word.index);
      range.setEnd(text, word.index + word[0].length);
      return Math.round(range.getBoundingClientRect().top);
    });
    return tops.filter((top) => top === Math.max(...tops)).length;
  });

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).waitFor();

describeInBrowser('operations screens in Chromium', () => {
  const app = useConsoleInBrowser({
    screenshotPrefix: 'operations',
    signInAs: OPERATOR,
    timezoneId: TIME_ZONE,
  });

  it('saves each Release Info section on its own, with the release time in local time and its UTC offset', async () => {
    const { page, pageConsole } = app;
    await page.getByRole('button', { name: 'Features' }).click();
    await page.getByRole('menuitem', { name: 'Release Info' }).click();
    await page.getByRole('heading', { name: 'Release Info' }).waitFor();

    const content = page.getByRole('region', { name: 'Content' });
    const releaseTime = content.getByLabel('Next content release');
    expect(await releaseTime.getAttribute('step')).toBe('900');
    expect(await releaseTime.getAttribute('min')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    await content.getByText('UTC+01:00').waitFor();
    expect(await wordsOnLastLine(content.getByText(/^Local time in 15-minute steps/))).toBeGreaterThan(1);

    const targetMs = Math.ceil((Date.now() + 26 * 3_600_000) / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
    const localText = await page.evaluate((ms) => {
      const date = new Date(ms);
      const pad = (value: number) => String(value).padStart(2, '0');
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
    }, targetMs);
    await content.getByLabel('Max level', { exact: true }).fill('120');
    await releaseTime.fill(localText);
    await content.getByLabel('Max level after release').fill('150');
    await content.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Content saved');
    expect(await apiPayload(page, '/api/release/content/get')).toEqual({
      nextReleaseTimeMs: targetMs,
      maxLevel: 120,
      nextMaxLevel: 150,
    });

    // The form refuses what the server would refuse, without calling it.
    const client = page.getByRole('region', { name: 'Client Version' });
    await client.getByLabel('Upgrade reminder at version').fill('1.4.0');
    await client.getByLabel('Upgrade forced at version').fill('1.2-beta');
    await client.getByRole('button', { name: 'Save' }).click();
    await client
      .getByText('Upgrade forced at version must be 1 to 4 numbers separated by dots, like 1.2.3')
      .waitFor();
    await client.getByLabel('Upgrade forced at version').fill('1.2');
    await client.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Client version saved');

    const keyValue = page.getByRole('region', { name: 'Key-value' });
    await keyValue.getByLabel('Key-value').fill('shop=on;ads=off;');
    await keyValue.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Key-value saved');

    // Every section shows the stored values after a reload.
    await page.reload();
    await page.getByRole('heading', { name: 'Release Info' }).waitFor();
    await expect.poll(() => releaseTime.inputValue()).toBe(localText);
    expect(await content.getByLabel('Max level', { exact: true }).inputValue()).toBe('120');
    expect(await client.getByLabel('Upgrade forced at version').inputValue()).toBe('1.2');
    expect(await keyValue.getByLabel('Key-value').inputValue()).toBe('shop=on;ads=off;');
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it('switches a plugin on from the list, which reloads with the modifier', async () => {
    const { page, pageConsole } = app;
    await page.getByRole('button', { name: 'Features' }).click();
    await page.getByRole('menuitem', { name: 'Plugin', exact: true }).click();
    await page.getByRole('heading', { name: 'Plugin', exact: true }).waitFor();
    await page.getByText('A plugin is a section of the game client').waitFor();

    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'DUEL' }) });
    expect(await row.getByRole('link', { name: 'DUEL' }).getAttribute('href')).toBe('/plugin/4');
    const duel = row.getByRole('switch', { name: 'DUEL active' });
    expect(await duel.isChecked()).toBe(false);
    await duel.click();
    await row.getByRole('cell', { name: OPERATOR }).waitFor();
    expect(await duel.isChecked()).toBe(true);
    expect(await apiPayload(page, '/api/plugin/list/enabled')).toEqual({ DUEL: 4 });
    expect(await page.getByRole('switch').count()).toBe(19);
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it('saves the NICE token per environment and audits it redacted', async () => {
    const { page, pageConsole } = app;
    await page.getByRole('button', { name: 'System' }).click();
    await page.getByRole('menuitem', { name: 'NICE Config' }).click();
    const field = page.getByLabel('Authentication Token');
    await field.waitFor();
    expect(await field.inputValue()).toBe('');
    await field.fill(TOKEN);
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'NICE config saved');

    await chooseEnvironment(page, 'stable');
    await expect.poll(() => field.inputValue()).toBe('');
    await chooseEnvironment(page, 'dev');
    await expect.poll(() => field.inputValue()).toBe(TOKEN);

    await page.getByRole('button', { name: 'Security' }).click();
    await page.getByRole('menuitem', { name: 'Audit Log' }).click();
    const entry = page.getByRole('row').filter({ hasText: 'nice.set' });
    await entry.getByText('[redacted]').waitFor();
    expect(await page.getByRole('table').textContent()).not.toContain('SECRET');
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it('sends a consumable with the chosen item default amount prefilled', async () => {
    const { page, pageConsole } = app;
    await page.getByRole('button', { name: 'System' }).click();
    await page.getByRole('menuitem', { name: 'User Compensation' }).click();
    await page.getByRole('heading', { name: 'User Compensation' }).waitFor();
    await page.getByLabel('User ID').fill('player-7');
    await page.getByRole('combobox', { name: 'Item' }).click();
    const options = page.getByRole('option');
    expect(await options.first().textContent()).toBe('Choose an item...');
    await page.getByRole('option', { name: 'Coin', exact: true }).click();
    await expect.poll(() => page.getByLabel('Amount').inputValue()).toBe('100');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('dialog', { name: 'Send 100 × Coin to player player-7?' }).waitFor();
    await page.getByRole('button', { name: 'Yes' }).click();
    await toast(page, 'Sent 100 Coin to player-7');
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it('answers a send retried after its answer was lost with the first grant: one grant, one audit entry', async () => {
    const { page, pageConsole } = app;
    await page.getByRole('button', { name: 'System' }).click();
    await page.getByRole('menuitem', { name: 'User Compensation' }).click();
    await page.getByRole('heading', { name: 'User Compensation' }).waitFor();
    await page.getByLabel('User ID').fill('player-8');
    await page.getByRole('combobox', { name: 'Item' }).click();
    await page.getByRole('option', { name: 'Coin', exact: true }).click();
    await expect.poll(() => page.getByLabel('Amount').inputValue()).toBe('100');

    // The first send reaches the server, which makes the grant, but its answer is lost on the way back.
    const sendUrl = '**/api/compensation/send/consumable?*';
    let isAnswerLost = true;
    await page.route(sendUrl, async (route) => {
      if (!isAnswerLost) return route.continue();
      isAnswerLost = false;
      await route.fetch();
      await route.abort('connectionreset');
    });
    const sendAndConfirm = async () => {
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByRole('button', { name: 'Yes' }).click();
    };
    await sendAndConfirm();
    await page.getByText('Cannot reach the server (/api/compensation/send/consumable)').waitFor();
    // The operator sends again: the same send, so the server answers the first grant.
    await sendAndConfirm();
    await toast(page, 'Sent 100 Coin to player-8');
    await page.unroute(sendUrl);

    const audit = await apiPayload(page, '/api/audit/list', 'dev', { offset: 0, limit: 100 });
    const sends = audit.filter(
      (entry: { action: string; target: string }) =>
        entry.action === 'compensation.send' && entry.target === 'player-8',
    );
    expect(sends).toHaveLength(1);
    // the form starts over after the send
    await expect.poll(() => page.getByLabel('User ID').inputValue()).toBe('');
    expect(pageConsole.takeProblems([/Failed to load resource: net::ERR_CONNECTION_RESET/])).toEqual([]);
  });

  it("sets a player's progression and shows the raw answer", async () => {
    const { page, pageConsole } = app;
    await page.getByRole('button', { name: 'System' }).click();
    await page.getByRole('menuitem', { name: 'User Admin' }).click();
    await page.getByRole('heading', { name: 'User Admin' }).waitFor();
    await page.getByLabel('User ID').fill('player-7');
    await page.getByLabel('Level', { exact: true }).fill('12');
    await page.getByLabel('EoC Level').fill('2');
    await page.getByLabel('Streak').fill('5');
    await page.getByRole('button', { name: 'Set' }).click();
    await page.getByText('streak must be at most 4').waitFor();
    await page.getByLabel('Streak').fill('3');
    await page.getByRole('button', { name: 'Set' }).click();
    const answer = page.getByLabel('Server response');
    await answer.waitFor();
    expect(JSON.parse((await answer.textContent()) ?? '')).toMatchObject({
      userId: 'player-7',
      level: 12,
      eoc: 2,
      streak: 3,
    });
    expect(pageConsole.takeProblems()).toEqual([]);
  });
});
