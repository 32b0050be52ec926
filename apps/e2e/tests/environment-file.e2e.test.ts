import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser } from '../src/browser.ts';
import { useConsoleInBrowser } from '../src/console-in-browser.ts';

// Environment files on the Transfer screen: the export downloads the environment's file, and the same
// file, chosen as the source, is previewed and imported into a protected environment after the
// typed confirmation.

const OPERATOR = 'files@example.com';

/** POST as the signed-in page does, in `environment`; answers the payload. */
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

describeInBrowser('environment files in Chromium', () => {
  // Signed in by dev login without ADMIN_EMAILS: an admin, who may import into prod after confirming
  const app = useConsoleInBrowser({ screenshotPrefix: 'environment-file', signInAs: OPERATOR });

  it('exports dev as a file from the Transfer screen and imports it into prod through the preview and confirmation', async () => {
    const { page, pageConsole } = app;
    // dev differs from prod: DUEL switched on and a key-value text
    await api(page, '/api/plugin/activate', { pluginId: 4, active: true });
    await api(page, '/api/release/kv/set', { keyValue: 'from=file;' });
    expect(await api(page, '/api/plugin/list/enabled', {}, 'prod')).toEqual({});

    await page.getByRole('button', { name: /^Environment:/ }).click();
    await page.getByRole('menuitem', { name: 'Transfer' }).click();
    await page.getByRole('heading', { name: 'Configuration Transfer' }).waitFor();

    // The export downloads dev.json: the API's export, keys sorted, one per line
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export dev as file' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('dev.json');
    const path = await download.path();
    const text = await readFile(path, 'utf8');
    const file = JSON.parse(text);
    expect(file).toEqual(await api(page, '/api/configuration/export'));
    expect(Object.keys(file)).toEqual(['environment', 'format', 'groups']);
    expect(text).toMatch(/^\{\n {2}"environment": "dev",\n {2}"format": 1,\n/);
    expect(text.endsWith('}\n')).toBe(true);

    // The file as the source
    await page.getByRole('radio', { name: 'An environment file' }).check();
    await page.getByLabel('Environment file to import').setInputFiles({
      name: 'dev.json',
      mimeType: 'application/json',
      buffer: Buffer.from(text),
    });
    await page
      .getByRole('status', { name: 'Chosen file' })
      .getByText('dev.json (exported from dev)')
      .waitFor();
    // A file holds no NICE config, so its group is not offered
    expect(await page.getByRole('checkbox', { name: 'NICE config' }).count()).toBe(0);
    await page.getByRole('combobox', { name: 'Destination' }).click();
    await page.getByRole('option', { name: 'prod', exact: true }).click();
    await page.getByRole('radio', { name: 'Overwrite' }).check();
    const importButton = page.getByRole('button', { name: 'Import', exact: true });
    expect(await importButton.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Preview' }).click();

    const plugins = page.getByRole('table', { name: 'Plugins' });
    await plugins.waitFor();
    const duel = plugins
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'DUEL', exact: true }) });
    await duel.getByText('update').waitFor();
    const previewLine =
      (await page.getByRole('status').filter({ hasText: 'Preview of' }).textContent()) ?? '';
    expect(previewLine).toMatch(
      /^Preview of Overwrite file dev\.json → prod: \d+ to create, [1-9]\d* to update/,
    );

    // Into prod (protected): the confirmation names it and needs its id typed for an Overwrite
    await importButton.click();
    const question = page.getByRole('dialog', { name: 'Import into prod?' });
    await question.getByText(/^Overwrite from file dev\.json: /).waitFor();
    const confirm = question.getByRole('button', { name: 'Import into prod' });
    expect(await confirm.isDisabled()).toBe(true);
    expect(await api(page, '/api/plugin/list/enabled', {}, 'prod')).toEqual({});
    await question.getByLabel('Type prod to confirm').fill('prod');
    await confirm.click();
    await page.getByRole('alert').filter({ hasText: 'Imported dev.json into prod' }).waitFor();
    await plugins.waitFor({ state: 'detached' });

    expect(await api(page, '/api/plugin/list/enabled', {}, 'prod')).toEqual({ DUEL: 4 });
    expect(await api(page, '/api/release/kv/get', {}, 'prod')).toBe('from=file;');
    const [entry] = await api(page, '/api/audit/list', { offset: 0, limit: 100 }, 'prod');
    expect(entry).toMatchObject({ action: 'environment.transfer', target: 'prod', email: OPERATOR });
    expect(entry.attributes).toMatchObject({ from: 'file', mode: 'overwrite', file: { environment: 'dev' } });
    expect(pageConsole.takeProblems()).toEqual([]);
  });
});
