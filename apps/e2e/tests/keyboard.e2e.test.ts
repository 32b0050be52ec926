import type { Locator } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, screenLoaded } from '../src/browser.ts';
import { useConsoleInBrowser } from '../src/console-in-browser.ts';
import { focusLandsOn, isFocused, pageHeading, readFocus, tabTo } from '../src/keyboard.ts';
import { callApiFromPage } from '../src/page-api.ts';

// The main flows with the keyboard alone (no click, no mouse): switch a plugin, edit and save a configuration,
// create an A/B-test and its version, build and activate a draft. Every control Tab reaches on the way shows a focus indicator, a control keeps
// the focus after it is used, and each step leaves the focus where the work goes on: a new page's heading, the
// control that opened a dialog, a dialog's first field, or the result of an action whose control is gone.

const OPERATOR = 'keyboard-ops@example.com';
const GOLD_RUSH = 11;

/** A switch or button has finished its call: enabled and no longer busy. */
const settled = (control: Locator) =>
  expect
    .poll(() =>
      control.evaluate((node) => !node.matches(':disabled') && node.getAttribute('aria-disabled') !== 'true'),
    )
    .toBe(true);

describeInBrowser('keyboard-only use of the console in Chromium', () => {
  const app = useConsoleInBrowser({ screenshotPrefix: 'keyboard', signInAs: OPERATOR });

  it('switches a plugin on with Space, keeping the focus on its switch', async () => {
    const { page, baseUrl, pageConsole } = app;
    await page.goto(`${baseUrl}/plugin`);
    await screenLoaded(page, 'Plugin');
    const gold = page.getByRole('switch', { name: 'GOLD_RUSH active' });
    expect(await gold.isChecked()).toBe(false);
    expect(await tabTo(page, gold)).toEqual([]);
    await page.keyboard.press('Space');
    await expect.poll(() => gold.isChecked()).toBe(true);
    await settled(gold);
    expect(await isFocused(gold)).toBe(true);
    expect(await readFocus(page)).toMatchObject({ isMarked: true });
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it('switches a configuration off and edits and saves it', async () => {
    const { page, baseUrl, pageConsole } = app;
    await callApiFromPage(page, '/api/config/event/gr/create', {
      id: 'kb-gold',
      description: 'Gold for keyboards',
      active: true,
      data: { kind: 'event/gr' },
    });
    await page.goto(`${baseUrl}/config`);
    await screenLoaded(page, 'Configuration');
    const active = page.getByRole('switch', { name: 'Active kb-gold' });
    const unmarked = await tabTo(page, active);
    await page.keyboard.press('Space');
    await expect.poll(() => active.isChecked()).toBe(false);
    await settled(active);
    expect(await isFocused(active)).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => active.isChecked()).toBe(true);
    await settled(active);

    unmarked.push(...(await tabTo(page, page.getByRole('link', { name: 'kb-gold', exact: true }))));
    await page.keyboard.press('Enter');
    await screenLoaded(page, 'Edit Gold Rush');
    expect(await focusLandsOn(pageHeading(page, 'Edit Gold Rush'))).toBe('target');
    const description = page.getByRole('textbox', { name: /^Description/ });
    unmarked.push(...(await tabTo(page, description)));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Gold, typed without a mouse');
    unmarked.push(...(await tabTo(page, page.getByRole('button', { name: 'Save', exact: true }))));
    await page.keyboard.press('Enter');
    await screenLoaded(page, 'Configuration');
    await page.getByRole('row').filter({ hasText: 'Gold, typed without a mouse' }).waitFor();
    expect(await focusLandsOn(pageHeading(page, 'Configuration'))).toBe('target');
    expect(unmarked).toEqual([]);
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it('creates an A/B-test and its version, builds a draft and activates it', async () => {
    const { page, baseUrl, pageConsole } = app;
    // Create AB-test opens on its ID field, its Type select opens on the chosen option and gives the focus
    // back when one is picked, and closing gives the focus back to the button; the new row links to the test.
    await page.goto(`${baseUrl}/abtest`);
    await screenLoaded(page, 'AB-test');
    const createAbTest = page.getByRole('button', { name: 'Create AB-test' });
    const unmarked = await tabTo(page, createAbTest);
    await page.keyboard.press('Enter');
    const abTestDialog = page.getByRole('dialog', { name: 'Create AB-test' });
    expect(await focusLandsOn(abTestDialog.getByRole('textbox', { name: /^ID/ }))).toBe('target');
    // the field starts with a suggested id, which the operator replaces
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('kb-split');
    unmarked.push(...(await tabTo(page, abTestDialog.getByRole('textbox', { name: /^Description/ }))));
    await page.keyboard.type('About kb-split');
    const type = abTestDialog.getByRole('combobox', { name: /^Type/ });
    unmarked.push(...(await tabTo(page, type)));
    await page.keyboard.press('Enter');
    const types = page.getByRole('listbox', { name: /^Type/ });
    expect(await focusLandsOn(types.getByRole('option', { name: 'Sticky segmentation' }))).toBe('target');
    await page.keyboard.press('ArrowDown');
    expect(await focusLandsOn(types.getByRole('option', { name: 'Dynamic segmentation' }))).toBe('target');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await types.waitFor({ state: 'hidden' });
    expect(await focusLandsOn(type)).toBe('target');
    const create = abTestDialog.getByRole('button', { name: 'Create', exact: true });
    // Create waits for the check that the id is free
    await expect.poll(() => create.isEnabled()).toBe(true);
    unmarked.push(...(await tabTo(page, create)));
    await page.keyboard.press('Enter');
    await abTestDialog.waitFor({ state: 'hidden' });
    expect(await focusLandsOn(createAbTest)).toBe('target');
    const row = page.getByRole('link', { name: 'kb-split', exact: true });
    await row.waitFor();
    unmarked.push(...(await tabTo(page, row)));
    await page.keyboard.press('Enter');
    await screenLoaded(page, 'AB-test kb-split');
    expect(await focusLandsOn(pageHeading(page, 'AB-test kb-split'))).toBe('target');

    // Create Version opens on its first field, and Escape gives the focus back to the button; then two cases
    // of 50% each: Add case keeps the focus, the new case takes 50 and the control case gives it up.
    const createVersion = page.getByRole('button', { name: 'Create Version' });
    unmarked.push(...(await tabTo(page, createVersion)));
    await page.keyboard.press('Enter');
    const versionDialog = page.getByRole('dialog', { name: 'Create Version' });
    const control = versionDialog.getByRole('textbox', { name: 'Case 1 (control)' });
    expect(await focusLandsOn(control)).toBe('target');
    await page.keyboard.press('Escape');
    await versionDialog.waitFor({ state: 'hidden' });
    expect(await focusLandsOn(createVersion)).toBe('target');
    await page.keyboard.press('Enter');
    expect(await focusLandsOn(control)).toBe('target');
    const addCase = versionDialog.getByRole('button', { name: 'Add case' });
    unmarked.push(...(await tabTo(page, addCase)));
    await page.keyboard.press('Enter');
    const treatment = versionDialog.getByRole('textbox', { name: /^Case 2/ });
    await treatment.waitFor();
    expect(await isFocused(addCase)).toBe(true);
    unmarked.push(...(await tabTo(page, treatment, { backwards: true })));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('50');
    await expect.poll(() => control.inputValue()).toBe('50');
    const saveVersion = versionDialog.getByRole('button', { name: 'Create', exact: true });
    unmarked.push(...(await tabTo(page, saveVersion)));
    await page.keyboard.press('Enter');
    await versionDialog.waitFor({ state: 'hidden' });
    expect(await focusLandsOn(createVersion)).toBe('target');
    await page.getByRole('switch', { name: 'Active version 0' }).waitFor();

    await page.goto(`${baseUrl}/plugin/${GOLD_RUSH}?tab=1`);
    await screenLoaded(page, 'Plugin GOLD_RUSH');
    const add = page.getByRole('button', { name: 'Add AB-test' });
    unmarked.push(...(await tabTo(page, add)));
    await page.keyboard.press('Enter');
    const abTests = page.getByRole('dialog', { name: 'Add AB-test' });
    await abTests.waitFor();
    unmarked.push(...(await tabTo(page, abTests.getByRole('row').filter({ hasText: 'kb-split' }))));
    await page.keyboard.press('Enter');
    await abTests.waitFor({ state: 'hidden' });
    const entry = page.getByRole('region', { name: 'Entry kb-split' });
    await entry.waitFor();
    await settled(add);
    // the dialog gives the focus back to the button that opened it
    expect(await isFocused(add)).toBe(true);

    // the treatment case, whatever its number, is the last one
    const choose = entry
      .getByRole('button', { name: /^Choose configuration for case .* of kb-split$/i })
      .last();
    unmarked.push(...(await tabTo(page, choose, { backwards: true })));
    await page.keyboard.press('Enter');
    const configurations = page.getByRole('dialog', { name: 'Select Gold Rush configuration' });
    await configurations.waitFor();
    unmarked.push(...(await tabTo(page, configurations.getByRole('row').filter({ hasText: 'kb-gold' }))));
    await page.keyboard.press('Enter');
    await configurations.waitFor({ state: 'hidden' });
    await entry.getByRole('link', { name: 'kb-gold' }).waitFor();
    await settled(choose);
    expect(await isFocused(choose)).toBe(true);

    const activate = page.getByRole('button', { name: 'Activate', exact: true });
    unmarked.push(...(await tabTo(page, page.getByRole('button', { name: 'Validate', exact: true }))));
    await page.keyboard.press('Enter');
    await page.getByRole('region', { name: 'Validation' }).getByText('Validation passed').waitFor();
    expect(await focusLandsOn(page.getByRole('button', { name: 'Validate', exact: true }))).toBe('target');
    await expect.poll(() => activate.isEnabled()).toBe(true);
    unmarked.push(...(await tabTo(page, activate)));
    await page.keyboard.press('Enter');
    const result = page.getByRole('dialog', { name: 'Activation result' });
    await result.getByText(/Plugin GOLD_RUSH was activated/).waitFor();
    const close = result.getByRole('button', { name: 'Close' });
    unmarked.push(...(await tabTo(page, close)));
    await page.keyboard.press('Enter');
    await result.waitFor({ state: 'hidden' });
    // Activate went with the draft tab: the focus is on the result, the Active tab.
    expect(await focusLandsOn(page.getByRole('tab', { name: 'Active' }))).toBe('target');
    expect(unmarked).toEqual([]);

    // the plugin serves what the keyboard built
    const plugin = await callApiFromPage<{
      data: { active: { abTestId: string; configurations: string[] }[] };
    }>(page, '/api/plugin/get', { pluginId: GOLD_RUSH });
    expect(plugin.data.active).toEqual([
      expect.objectContaining({ abTestId: 'kb-split', configurations: ['', 'kb-gold'] }),
    ]);
    // and the version is what the keyboard typed
    const versions = await callApiFromPage<{ version: number; cases: number[] }[]>(
      page,
      '/api/abtest/versions/get',
      { id: 'kb-split' },
    );
    expect(versions.map((v) => [v.version, v.cases])).toEqual([[0, [500_000, 500_000]]]);
    expect(pageConsole.takeProblems()).toEqual([]);
  });
});
