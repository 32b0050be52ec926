import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser } from '../src/browser.ts';
import { useConsoleInBrowser } from '../src/console-in-browser.ts';
import { callApiFromPage } from '../src/page-api.ts';

const OPERATOR = 'abtest-ops@example.com';

/** What this file reads back (with callApiFromPage) of what a screen saved. */
type AbTestAnswer = { data: { version: number; cases: number[]; segment: { conditions: unknown[] } } };
type VersionAnswer = { version: number; cases: number[]; active: boolean };

/** The answer to the next call of `path` whose body contains `bodyPart`. */
const answerTo = (page: Page, path: string, bodyPart: string) =>
  page.waitForResponse(
    (response) => response.url().includes(path) && (response.request().postData() ?? '').includes(bodyPart),
  );

const toast = (page: Page, text: string) =>
  page.getByRole('alert').filter({ hasText: text }).first().waitFor();
const listRow = (page: Page, id: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name: id, exact: true }) });

async function openList(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/abtest`);
  await page.getByRole('heading', { name: 'AB-test', exact: true }).waitFor();
}

async function createAbTest(page: Page, typed: string, description: string, type: string) {
  await page.getByRole('button', { name: 'Create AB-test' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create AB-test' });
  const id = dialog.getByRole('textbox', { name: /^ID/ });
  // A two-word suggestion is offered first.
  await expect.poll(() => id.inputValue()).toMatch(/^[a-z]+-[a-z]+$/);
  await id.fill('');
  await id.pressSequentially(typed);
  await dialog.getByRole('textbox', { name: 'Description' }).fill(description);
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: type }).click();
  const create = dialog.getByRole('button', { name: 'Create' });
  await expect.poll(() => create.isEnabled()).toBe(true);
  await create.click();
  await dialog.waitFor({ state: 'hidden' });
  return id;
}

describeInBrowser('A/B-test screens in Chromium', () => {
  const app = useConsoleInBrowser({ screenshotPrefix: 'abtest', signInAs: OPERATOR });

  it('creates an AB-test with a sanitised ID and refuses the same ID again', async () => {
    const { page, baseUrl, pageConsole } = app;
    await openList(page, baseUrl);
    await createAbTest(page, 'Spring Sale!', 'Spring sale prices', 'Sticky segmentation');

    const row = listRow(page, 'Spring-Sale');
    await row.waitFor();
    expect(await row.textContent()).toContain('No version');
    expect(await row.textContent()).toContain('Sticky');
    expect(await row.textContent()).toContain('Spring sale prices');
    expect(await row.textContent()).toContain(OPERATOR);

    await page.getByRole('button', { name: 'Create AB-test' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create AB-test' });
    const id = dialog.getByRole('textbox', { name: /^ID/ });
    await expect.poll(() => id.inputValue()).not.toBe('');
    await id.fill('Spring-Sale');
    await dialog.getByText('ID already exists').waitFor();
    expect(await dialog.getByRole('button', { name: 'Create' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it('marks an invalid segment condition and saves it once it is valid', async () => {
    const { page, pageConsole } = app;
    await listRow(page, 'Spring-Sale').getByRole('link', { name: 'Spring-Sale' }).click();
    await page.getByRole('heading', { name: 'AB-test Spring-Sale' }).waitFor();
    const segment = page.getByRole('region', { name: 'Segmentation' });
    await segment.getByText('All players are targeted by this AB-test').waitFor();

    await segment.getByRole('button', { name: 'Add condition' }).click();
    const condition = segment.getByRole('group', { name: 'Condition 1' });
    await condition.getByRole('combobox', { name: 'Property' }).click();
    await page.getByRole('option', { name: 'FirstCountry' }).click();
    const value = condition.getByRole('textbox', { name: 'Value' });
    // XX is shaped like a country code but is not an assigned one: only the value is marked.
    const checked = answerTo(page, '/api/segment/validate/condition', '"XX"');
    await value.fill('XX');
    expect(await (await checked).json()).toEqual({ payload: 4 });
    await condition.getByText('Invalid value').waitFor();
    // The operator is told what is allowed.
    await condition.getByText('Allowed: an assigned two-letter ISO 3166 country code, such as DE').waitFor();
    expect(await value.getAttribute('aria-invalid')).toBe('true');
    expect(await condition.getByText('Invalid property').count()).toBe(0);
    expect(await condition.getByText('Invalid operation').count()).toBe(0);

    await value.fill('de');
    await segment.getByText('Segmentation saved...').waitFor();
    expect(await value.getAttribute('aria-invalid')).toBe('false');
    const saved = await callApiFromPage<AbTestAnswer>(page, '/api/abtest/get', { id: 'Spring-Sale' });
    expect(saved.data.segment.conditions).toEqual([{ property: 10, op: 1, value: 'DE' }]);
    // The message goes by itself (after 1.5 s; waited for, not timed).
    await segment.getByText('Segmentation saved...').waitFor({ state: 'hidden' });
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it('creates a version with weights that total 100% and activates it', async () => {
    const { page, pageConsole } = app;
    const versions = page.getByRole('region', { name: 'Versions' });
    await versions.getByRole('button', { name: 'Create Version' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Version' });
    const control = dialog.getByRole('textbox', { name: 'Case 1 (control)' });
    expect(await control.inputValue()).toBe('100');

    await dialog.getByRole('button', { name: 'Add case' }).click();
    await dialog.getByRole('button', { name: 'Add case' }).click();
    await control.fill('40');
    await dialog.getByRole('button', { name: 'distribute equally after Case 1 (control)' }).click();
    expect(await dialog.getByRole('textbox', { name: 'Case 2', exact: true }).inputValue()).toBe('30');
    expect(await dialog.getByRole('textbox', { name: 'Case 3', exact: true }).inputValue()).toBe('30');
    await dialog.getByText('Total: 100.00%').waitFor();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const activeSwitch = versions.getByLabel('Active version 0');
    await expect.poll(() => activeSwitch.isEnabled()).toBe(true);
    // The switch is controlled: it turns on once the server has activated the version.
    await activeSwitch.click();
    await toast(page, 'Version 0 activated');
    await expect.poll(() => activeSwitch.isChecked()).toBe(true);
    // An active version cannot be activated again.
    expect(await activeSwitch.isDisabled()).toBe(true);

    const abTest = await callApiFromPage<AbTestAnswer>(page, '/api/abtest/get', { id: 'Spring-Sale' });
    expect(abTest.data.version).toBe(0);
    expect(abTest.data.cases).toEqual([400_000, 300_000, 300_000]);
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it('activates the AB-test after the confirmation; then its switch and delete are disabled, saying why', async () => {
    const { page, baseUrl, pageConsole } = app;
    await openList(page, baseUrl);
    const row = listRow(page, 'Spring-Sale');
    expect(await row.textContent()).toContain('40.00%');
    const state = row.getByLabel('Active Spring-Sale');
    await state.click();
    const confirmation = page.getByRole('dialog', { name: 'Activate AB-test?' });
    await confirmation.getByText('becomes available to users').waitFor();
    await confirmation.getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => state.isChecked()).toBe(true);
    await toast(page, 'AB-test Spring-Sale activated');

    // An active AB-test cannot be switched off, so the switch is disabled and says why.
    await expect.poll(() => state.isDisabled()).toBe(true);
    await row.getByRole('cell').first().locator('span[tabindex]').hover();
    await page.getByRole('tooltip', { name: 'An active AB-test cannot be deactivated' }).waitFor();
    await page.mouse.move(0, 0);
    expect(await row.getByRole('button', { name: 'Delete Spring-Sale' }).isDisabled()).toBe(true);
    await state.click({ force: true });
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await state.isChecked()).toBe(true);

    // Once active, the segment is read-only; with a condition it does not claim
    // that every player is targeted.
    await row.getByRole('link', { name: 'Spring-Sale' }).click();
    const segment = page.getByRole('region', { name: 'Segmentation' });
    await segment.getByText('The segment of an active AB-test cannot be changed').waitFor();
    expect(await segment.getByText('All players are targeted by this AB-test').count()).toBe(0);
    expect(await segment.getByRole('textbox', { name: 'Value' }).inputValue()).toBe('DE');
    expect(await segment.getByRole('textbox', { name: 'Value' }).isDisabled()).toBe(true);
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it('applies a rollout and warns when the treatment group shrinks', async () => {
    const { page, baseUrl, pageConsole } = app;
    // Created through the API (type 20: a rollout): the create dialog has its own test above, this one is
    // about the rollout's screen.
    await callApiFromPage(page, '/api/abtest/create', {
      id: 'gradual-launch',
      description: 'New shop',
      type: 20,
    });
    await page.goto(`${baseUrl}/abtest/gradual-launch`);
    await page.getByRole('heading', { name: 'AB-test gradual-launch' }).waitFor();
    expect(await page.getByRole('region', { name: 'Versions' }).count()).toBe(0);

    const rollout = page.getByRole('region', { name: 'Rollout' });
    const slider = rollout.getByRole('slider', { name: 'treatment group' });
    await slider.focus();
    for (let step = 0; step < 3; step += 1) await page.keyboard.press('PageUp');
    expect(await slider.getAttribute('aria-valuenow')).toBe('30');
    // The value bubble shown while the slider is used does not cover its label.
    const bubble = rollout.locator('.MuiSlider-valueLabel');
    await expect.poll(() => bubble.isVisible()).toBe(true);
    const bubbleBox = (await bubble.boundingBox())!;
    const labelBox = (await rollout.getByText('treatment group', { exact: true }).boundingBox())!;
    expect(bubbleBox.y).toBeGreaterThanOrEqual(labelBox.y + labelBox.height);
    await rollout.getByRole('button', { name: 'Apply' }).click();
    await toast(page, 'Rollout applied: 30.00% treatment');

    await slider.focus();
    await page.keyboard.press('PageDown');
    await rollout.getByText('The treatment group shrinks from 30.00% to 20.00%').waitFor();
    await rollout.getByRole('button', { name: 'Apply' }).click();
    await toast(page, 'Rollout applied: 20.00% treatment');

    // An id does not wrap at its hyphens, even in a narrow window.
    await page.setViewportSize({ width: 700, height: 768 });
    await openList(page, baseUrl);
    const idLink = listRow(page, 'gradual-launch').getByRole('link', { name: 'gradual-launch' });
    const lineHeight = await idLink.evaluate((link) => Number.parseFloat(getComputedStyle(link).lineHeight));
    expect((await idLink.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
    await page.setViewportSize({ width: 1366, height: 768 });

    const versions = await callApiFromPage<VersionAnswer[]>(page, '/api/abtest/versions/get', {
      id: 'gradual-launch',
    });
    expect(versions.map((v) => [v.version, v.cases, v.active])).toEqual([
      [1, [800_000, 200_000], true],
      [0, [700_000, 300_000], true],
    ]);
    expect(pageConsole.takeProblems()).toEqual([]);
  });
});
