import type { Locator, Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { type Browser, describeInBrowser, openBrowser, watchConsole } from '../src/browser.ts';
import { useConsoleInBrowser } from '../src/console-in-browser.ts';
import { callApiFromPage } from '../src/page-api.ts';

// docs/product.md: "A control the user's role does not allow is disabled and says why." A viewer in dev
// and an operator in prod (protected: admins change it) walk every screen; each control they may not use
// is disabled with the server's words for the missing right, and no button they could click is left
// enabled but for those that only read. Then the view state of the lists survives reload, Back and Forward.

const ADMIN = 'admin@example.com';
const COLLEAGUE = 'colleague@example.com';
const GOLD_RUSH = 11;

/** An A/B-test with a version, a Gold Rush configuration, and GOLD_RUSH's draft using both. */
async function seed(page: Page, environment: string) {
  const call = (path: string, body: unknown) => callApiFromPage(page, path, body, environment);
  await call('/api/abtest/create', { id: 'role-split', description: 'Split', type: 0 });
  await call('/api/abtest/versions/save', { id: 'role-split', weights: [500_000, 500_000] });
  await call('/api/config/event/gr/create', {
    id: 'role-daily',
    description: 'Daily',
    active: true,
    activation: { type: 11, maxEventDuration: 3_600 },
    data: { kind: 'event/gr' },
  });
  const plugin = (await call('/api/plugin/get', { pluginId: GOLD_RUSH })) as {
    data: { draftRevision: number };
  };
  await call('/api/plugin/draft/abtest', {
    pluginId: GOLD_RUSH,
    configurations: [{ abTestId: 'role-split', abTestVersion: 0, configurations: ['role-daily', ''] }],
    draftRevision: plugin.data.draftRevision,
  });
}

type Right = 'change' | 'admin';
interface Control {
  role: 'button' | 'switch' | 'combobox';
  name: string;
  /** The right its call needs ('change' unless said). */
  right?: Right;
}

/** Screen → the controls that must be disabled, with the right each one's call needs. */
const SCREENS: { path: string; heading: string; controls: Control[] }[] = [
  { path: '/abtest', heading: 'AB-test', controls: [{ role: 'button', name: 'Create AB-test' }] },
  {
    path: '/abtest/role-split',
    heading: 'AB-test role-split',
    controls: [
      { role: 'button', name: 'Edit description' },
      { role: 'button', name: 'Create Version' },
      { role: 'switch', name: 'Active version 0' },
      { role: 'button', name: 'Add condition' },
      { role: 'button', name: 'Save case descriptions' },
    ],
  },
  {
    path: '/config',
    heading: 'Configuration',
    controls: [
      { role: 'switch', name: 'Active role-daily' },
      { role: 'button', name: 'Clone role-daily' },
      { role: 'button', name: 'Delete role-daily' },
    ],
  },
  {
    path: '/config/GOLD_RUSH/role-daily/edit',
    heading: 'Edit Gold Rush',
    controls: [{ role: 'button', name: 'Save' }],
  },
  { path: '/plugin', heading: 'Plugin', controls: [{ role: 'switch', name: 'GOLD_RUSH active' }] },
  {
    path: `/plugin/${GOLD_RUSH}?tab=1`,
    heading: 'Plugin GOLD_RUSH',
    controls: [
      { role: 'button', name: 'Edit description' },
      { role: 'button', name: 'Reload role-split' },
      { role: 'button', name: 'Delete role-split' },
      { role: 'button', name: 'Choose configuration for Case 1 (control) of role-split' },
      { role: 'button', name: 'Choose configuration for Case 2 of role-split' },
      { role: 'button', name: 'Add AB-test' },
      { role: 'button', name: 'Activate' },
    ],
  },
  { path: '/plugin/overview', heading: 'Schedule Overview', controls: [] },
  { path: '/release', heading: 'Release Info', controls: [{ role: 'button', name: 'Save' }] },
  {
    path: '/system/compensation',
    heading: 'User Compensation',
    controls: [{ role: 'button', name: 'Send' }],
  },
  { path: '/system/user-admin', heading: 'User Admin', controls: [{ role: 'button', name: 'Set' }] },
  {
    path: '/system/connections',
    heading: 'Connections',
    controls: [{ role: 'button', name: 'Create key', right: 'admin' }],
  },
  { path: '/security/users', heading: 'Users', controls: [] },
  { path: '/transfer', heading: 'Configuration Transfer', controls: [] },
];

/** Enabled buttons that only read (or leave for another page): a role without rights may use them. */
const READING = [
  /^(Active|Draft|Validate|Reload|Preview|Cancel|Export CSV|Sign out everywhere|Show token|Include drafts)$/,
  /^Export \S+ as file$/,
  /^Choose .* in a calendar$/,
];

/** The missing right in the server's words (access.ts, missingRight). */
function reasonFor(right: Right, role: 'viewer' | 'operator', environment: string, isProtected: boolean) {
  if (right === 'admin') return `Requires admin rights in ${environment}`;
  if (isProtected) return `Requires admin rights in ${environment} (a protected environment)`;
  return role === 'viewer' ? `Requires operator rights in ${environment}` : null;
}

/** The reason a disabled control gives: the tooltip of the focusable wrapper around it. */
async function reasonOf(page: Page, control: Locator): Promise<string> {
  await control.locator('xpath=ancestor::span[@tabindex="0"][1]').hover();
  const tooltip = page.getByRole('tooltip');
  await tooltip.waitFor();
  const text = (await tooltip.textContent()) ?? '';
  await page.mouse.move(0, 0);
  await tooltip.waitFor({ state: 'hidden' });
  return text;
}

/** The enabled buttons and switches of the page's main part, by their visible name or label. */
const enabledActions = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main button, main [role="switch"]')]
      .filter((element) => !(element as HTMLButtonElement).disabled && element.ariaDisabled !== 'true')
      .map(
        (element) =>
          element.getAttribute('aria-label') ??
          element.closest('label')?.textContent?.trim() ??
          element.textContent?.trim() ??
          '',
      ),
  );

async function signIn(page: Page, baseUrl: string, email: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Sign in locally' }).click();
  await page.getByRole('heading', { name: 'Orchestrate your game servers' }).waitFor();
}

describeInBrowser('what a role may not do, and view state in the URL, in Chromium', () => {
  // The local start without ADMIN_EMAILS: the first dev login is an admin; the colleague is given a role.
  const app = useConsoleInBrowser({ signInAs: ADMIN, screenshotPrefix: 'role-controls' });
  let colleague: Browser | undefined;
  afterAll(async () => {
    await colleague?.close();
  });

  it('disables every control a viewer in dev and an operator in prod may not use, saying why', async () => {
    const { page, baseUrl } = app;
    await seed(page, 'dev');
    await seed(page, 'prod');
    colleague = await openBrowser();
    const other = colleague.page;
    const otherConsole = watchConsole(other);
    await signIn(other, baseUrl, COLLEAGUE);

    for (const [role, environment, isProtected] of [
      ['viewer', 'dev', false],
      ['operator', 'prod', true],
    ] as const) {
      await callApiFromPage(page, '/api/users/role/set', { email: COLLEAGUE, role });
      await other.evaluate(
        (id) => localStorage.setItem('configuration.active', JSON.stringify(id)),
        environment,
      );
      for (const screen of SCREENS) {
        await other.goto(`${baseUrl}${screen.path}`);
        await other.getByRole('heading', { level: 1, name: screen.heading }).waitFor();
        await other.getByText(`${COLLEAGUE} · ${role} in ${environment}`).waitFor();
        for (const control of screen.controls) {
          const reason = reasonFor(control.right ?? 'change', role, environment, isProtected);
          const found = other.getByRole('main').getByRole(control.role, { name: control.name, exact: true });
          await found.first().waitFor();
          for (const each of await found.all()) {
            expect(await each.isDisabled(), `${screen.path}: ${control.name} as ${role}`).toBe(true);
            expect(await reasonOf(other, each), `${screen.path}: ${control.name}`).toBe(reason);
          }
        }
        const enabled = (await enabledActions(other)).filter(
          (name) => !READING.some((read) => read.test(name)),
        );
        expect(enabled, `${screen.path} as ${role} in ${environment}`).toEqual([]);
      }
    }
    // Validate only reads: a viewer may use it, and nothing was refused along the way.
    expect(otherConsole.takeProblems()).toEqual([]);
  });

  it('keeps the configuration sort and the audit filter in the URL across reload, Back and Forward', async () => {
    const { page, baseUrl } = app;
    await page.goto(`${baseUrl}/config`);
    await page.getByRole('link', { name: 'role-daily' }).waitFor();
    await page.getByRole('button', { name: 'Modified' }).click();
    await page.waitForURL(/\/config\?sort=modified&direction=desc$/);
    await page.reload();
    const modified = page.getByRole('columnheader', { name: 'Modified' });
    await page.getByRole('link', { name: 'role-daily' }).waitFor();
    expect(await modified.getAttribute('aria-sort')).toBe('descending');

    await page.goto(`${baseUrl}/audit`);
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'abtest.create' }).click();
    await page.waitForURL(/\/audit\?action=abtest.create$/);
    await page.getByRole('cell', { name: 'role-split' }).first().waitFor();
    await page.reload();
    await page.getByRole('cell', { name: 'role-split' }).first().waitFor();
    expect(await page.getByRole('combobox', { name: 'Action' }).textContent()).toBe('abtest.create');
    expect(await page.getByRole('cell', { name: 'config.create' }).count()).toBe(0);

    await page.goBack();
    await page.waitForURL(/\/audit$/);
    await page.getByRole('cell', { name: 'config.create' }).first().waitFor();
    await page.goBack();
    await page.waitForURL(/\/config\?sort=modified&direction=desc$/);
    await page.getByRole('link', { name: 'role-daily' }).waitFor();
    expect(await modified.getAttribute('aria-sort')).toBe('descending');
    await page.goForward();
    await page.goForward();
    await page.waitForURL(/\/audit\?action=abtest.create$/);
    await page.getByRole('cell', { name: 'role-split' }).first().waitFor();
    expect(await page.getByRole('combobox', { name: 'Action' }).textContent()).toBe('abtest.create');
  });
});
