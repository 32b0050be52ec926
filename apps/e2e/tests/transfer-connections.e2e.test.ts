import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser } from '../src/browser.ts';
import { useConsoleInBrowser } from '../src/console-in-browser.ts';

const OPERATOR = 'ops@example.com';

/** POST as the signed-in page does; answers the payload. */
const api = (page: Page, path: string, body: unknown = {}, environment = 'dev') =>
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

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).waitFor();

interface GameClientState {
  welcome?: { connectionId: string };
  closed?: { code: number; reason: string };
}

describeInBrowser('transfer and connections in Chromium', () => {
  const app = useConsoleInBrowser({ screenshotPrefix: 'transfer-connections', signInAs: OPERATOR });

  it('previews per group, discards the preview on a new destination, transfers and clears the destination', async () => {
    const { page, pageConsole } = app;
    // dev differs from stable: DUEL switched on
    await api(page, '/api/plugin/activate', { pluginId: 4, active: true });

    await page.getByRole('button', { name: /^Environment:/ }).click();
    await page.getByRole('menuitem', { name: 'Transfer' }).click();
    await page.getByRole('heading', { name: 'Configuration Transfer' }).waitFor();
    const transfer = page.getByRole('button', { name: 'Transfer', exact: true });
    expect(await transfer.isDisabled()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Source' }).textContent()).toContain('dev');

    // the source is disabled as a destination
    await page.getByRole('combobox', { name: 'Destination' }).click();
    expect(await page.getByRole('option', { name: 'dev', exact: true }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    await page.getByRole('option', { name: 'stable', exact: true }).click();
    await page.getByRole('radio', { name: 'Overwrite' }).check();
    await page.getByRole('button', { name: 'Preview' }).click();

    const plugins = page.getByRole('table', { name: 'Plugins' });
    await plugins.waitFor();
    for (const column of ['Op', 'ID', 'Active', 'Title', 'Payload']) {
      await plugins.getByRole('columnheader', { name: column, exact: true }).waitFor();
    }
    const duel = plugins
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'DUEL', exact: true }) });
    await duel.getByText('update').waitFor();
    expect(await duel.getByRole('cell').nth(2).textContent()).toBe('Yes');
    expect(await transfer.isEnabled()).toBe(true);

    // changing the destination discards the preview
    await page.getByRole('combobox', { name: 'Destination' }).click();
    await page.getByRole('option', { name: 'prod', exact: true }).click();
    await plugins.waitFor({ state: 'detached' });
    expect(await transfer.isDisabled()).toBe(true);

    await page.getByRole('combobox', { name: 'Destination' }).click();
    await page.getByRole('option', { name: 'stable', exact: true }).click();
    await page.getByRole('button', { name: 'Preview' }).click();
    await plugins.waitFor();
    await transfer.click();
    await toast(page, 'Transferred dev to stable');
    await plugins.waitFor({ state: 'detached' });
    expect(await transfer.isDisabled()).toBe(true);
    expect(
      (await page.getByRole('combobox', { name: 'Destination' }).textContent())
        ?.replace(/\u200b/g, '')
        .trim(),
    ).toBe('');

    expect(await api(page, '/api/plugin/list/enabled', {}, 'stable')).toEqual({ DUEL: 4 });
    const audit = await api(page, '/api/audit/list', { offset: 0, limit: 100 }, 'stable');
    expect(audit[0]).toMatchObject({ action: 'environment.transfer', target: 'stable', email: OPERATOR });
    expect(audit[0].attributes).toMatchObject({ from: 'dev', mode: 'overwrite' });
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it('asks before a transfer into prod, naming it and the preview counts, and needs prod typed for an Overwrite', async () => {
    const { page, pageConsole } = app;
    // dev differs from prod: DUEL is on in dev only
    expect(await api(page, '/api/plugin/list/enabled', {}, 'prod')).toEqual({});
    await page.getByRole('button', { name: /^Environment:/ }).click();
    await page.getByRole('menuitem', { name: 'Transfer' }).click();
    await page.getByRole('heading', { name: 'Configuration Transfer' }).waitFor();
    await page.getByRole('combobox', { name: 'Destination' }).click();
    await page.getByRole('option', { name: 'prod', exact: true }).click();
    await page.getByRole('radio', { name: 'Overwrite' }).check();
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('table', { name: 'Plugins' }).waitFor();
    const previewLine =
      (await page.getByRole('status').filter({ hasText: 'Preview of' }).textContent()) ?? '';
    const counts = previewLine.slice(previewLine.indexOf(':') + 2);
    expect(counts).toMatch(/^\d+ to create, [1-9]\d* to update, \d+ to delete, \d+ unchanged$/);

    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    const question = page.getByRole('dialog', { name: 'Transfer into prod?' });
    await question
      .getByText(`Overwrite from dev: ${counts}. Players of prod see the change at once.`)
      .waitFor();
    const confirm = question.getByRole('button', { name: 'Transfer into prod' });
    expect(await confirm.isDisabled()).toBe(true);
    await question.getByLabel('Type prod to confirm').fill('stable');
    expect(await confirm.isDisabled()).toBe(true);
    // nothing happened yet
    expect(await api(page, '/api/plugin/list/enabled', {}, 'prod')).toEqual({});
    await question.getByLabel('Type prod to confirm').fill('prod');
    await confirm.click();
    await toast(page, 'Transferred dev to prod');
    expect(await api(page, '/api/plugin/list/enabled', {}, 'prod')).toEqual({ DUEL: 4 });
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it('lists a live game client, deletes its session (closed with a reason) and shows No connections', async () => {
    const { page, baseUrl, browser, pageConsole } = app;
    await page.getByRole('button', { name: 'System' }).click();
    await page.getByRole('menuitem', { name: 'Connections' }).click();
    await page.getByRole('heading', { name: 'Connections', exact: true }).waitFor();
    await page.getByText('No connections').waitFor();

    // a runtime key, shown once
    await page.getByLabel('Key name').fill('e2e clients');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('created-runtime-key').textContent()) ?? '';
    expect(key).toMatch(/^rk_/);

    // a game client in a page of its own, connecting with the key as a parameter (a browser cannot set
    // the Authorization header). Same origin as the console: Chromium refuses loopback from about:blank.
    const clientPage = await browser.context.newPage();
    await clientPage.goto(`${baseUrl}/healthz`);
    const socketUrl = `${baseUrl.replace(/^http/, 'ws')}/runtime/connect?configuration=dev&principal=e2e-player&key=${encodeURIComponent(key)}`;
    await clientPage.evaluate((url) => {
      const state: GameClientState = {};
      (window as unknown as { client: GameClientState }).client = state;
      const socket = new WebSocket(url);
      socket.onmessage = (event) => {
        const message = JSON.parse(String(event.data));
        if (message.type === 'welcome') state.welcome = message;
      };
      socket.onclose = (event) => {
        state.closed = { code: event.code, reason: event.reason };
      };
    }, socketUrl);
    const clientState = () =>
      clientPage.evaluate(() => (window as unknown as { client: GameClientState }).client);
    await expect.poll(async () => (await clientState()).welcome?.connectionId).toBeTruthy();
    const connectionId = (await clientState()).welcome?.connectionId ?? '';

    await page.getByRole('button', { name: 'Reload' }).click();
    const row = page.getByRole('row').filter({ hasText: 'e2e-player' });
    await row.waitFor();
    for (const column of ['ID', 'Principal', 'Remote Address']) {
      await page.getByRole('columnheader', { name: column, exact: true }).waitFor();
    }
    await row.getByRole('cell', { name: connectionId }).waitFor();
    await row.getByRole('cell', { name: '127.0.0.1' }).waitFor();

    await row.getByRole('button', { name: 'Actions for e2e-player' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByText('No connections').waitFor();
    await expect
      .poll(async () => (await clientState()).closed)
      .toEqual({ code: 4000, reason: 'Closed by operator' });
    await clientPage.close();

    // revoking asks first, then marks the key revoked
    const keyRow = page
      .getByRole('table', { name: 'Runtime keys' })
      .getByRole('row')
      .filter({ hasText: 'e2e clients' });
    await keyRow.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('button', { name: 'Yes' }).click();
    // The toast follows the server's answer (a re-render of the table alone may detach the button).
    await page.getByText('Runtime key e2e clients revoked').waitFor();
    await keyRow.getByRole('button', { name: 'Revoke' }).waitFor({ state: 'detached' });

    const audit = await api(page, '/api/audit/list', { offset: 0, limit: 100 });
    expect(audit.map((entry: { action: string }) => entry.action).slice(0, 3)).toEqual([
      'runtime-key.revoke',
      'connection.close',
      'runtime-key.create',
    ]);
    expect(pageConsole.takeProblems()).toEqual([]);
  });
});
