import type { Locator, Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { type Browser, describeInBrowser, openBrowser, watchConsole } from '../src/browser.ts';
import { signInThroughDevLogin, useConsoleInBrowser } from '../src/console-in-browser.ts';
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

/** A change (operator; admin in a protected environment), admin there, or console-wide admin. */
type Right = 'change' | 'admin' | 'console';
interface Control {
  role: 'button' | 'switch' | 'combobox';
  /** Its accessible name, in the environment walked. */
  name: string | ((environment: string) => string);
  /** Only in the row that starts with this text (a table of users). */
  inRow?: string;
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
    path: '/config/GOLD_RUSH/create',
    heading: 'Create Gold Rush',
    controls: [{ role: 'button', name: 'Create' }],
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
  {
    path: '/security/users',
    heading: 'Users',
    controls: [
      { role: 'button', name: 'Remove', inRow: ADMIN, right: 'console' },
      { role: 'switch', name: (environment) => `${environment} protected`, right: 'admin' },
      { role: 'combobox', name: `Role of ${ADMIN} console-wide`, right: 'console' },
    ],
  },
  {
    path: '/audit',
    heading: 'Audit Log',
    controls: [{ role: 'button', name: 'Verify chain', right: 'console' }],
  },
  {
    path: '/webhooks',
    heading: 'Webhooks',
    controls: [{ role: 'button', name: 'New subscription', right: 'admin' }],
  },
  { path: '/transfer', heading: 'Configuration Transfer', controls: [] },
  { path: '/security/revisions', heading: 'Revision History', controls: [] },
  { path: '/security/compare', heading: 'Environment Comparison', controls: [] },
  { path: '/system/nice', heading: 'NICE Config', controls: [] },
  { path: '/preview', heading: 'Player preview', controls: [] },
  { path: '/metric', heading: 'Metrics', controls: [{ role: 'button', name: 'Create metric' }] },
];

/** Enabled buttons that only read (or leave for another page): a role without rights may use them. */
const READING = [
  /^(Active|Draft|Validate|Reload|Preview|Cancel|Export CSV|Export JSON|Sign out everywhere|Show token|Include drafts)$/,
  /^(Choose file|Newer|Older)$/,
  // the results panel's method (how the numbers are computed) and the metric list's filter
  /^(Sequential|Fixed horizon|Show archived metrics)$/,
  /^Export \S+ as file$/,
  /^Choose .* in a calendar$/,
];

/** The missing right in the server's words (access.ts, missingRight). */
function reasonFor(right: Right, role: 'viewer' | 'operator', environment: string, isProtected: boolean) {
  if (right === 'console') return 'Requires console-wide admin rights';
  if (right === 'admin') return `Requires admin rights in ${environment}`;
  if (isProtected) return `Requires admin rights in ${environment} (a protected environment)`;
  return role === 'viewer' ? `Requires operator rights in ${environment}` : null;
}

const wrapperOf = (control: Locator) => control.locator('xpath=ancestor::span[@tabindex="0"][1]');

/** The reason a disabled control gives on hover and focus: the tooltip of the focusable wrapper around it. */
async function tooltipOf(page: Page, control: Locator): Promise<string> {
  await wrapperOf(control).hover();
  const tooltip = page.getByRole('tooltip');
  await tooltip.waitFor();
  const text = (await tooltip.textContent()) ?? '';
  await page.mouse.move(0, 0);
  await tooltip.waitFor({ state: 'hidden' });
  return text;
}

/**
 * The same reason read without hovering: a closed MUI tooltip of `describeChild` puts its text in the
 * wrapper's title (one hover per screen shows the tooltip itself; hovering every control would double
 * this file's time).
 */
const reasonOf = async (control: Locator) => (await wrapperOf(control).getAttribute('title')) ?? '';

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
    await signInThroughDevLogin(other, baseUrl, COLLEAGUE);

    for (const [role, environment, isProtected] of [
      ['viewer', 'dev', false],
      ['operator', 'prod', true],
    ] as const) {
      await callApiFromPage(page, '/api/users/role/set', { email: COLLEAGUE, role });
      await other.evaluate(
        (id) => localStorage.setItem('configuration.active', JSON.stringify(id)),
        environment,
      );
      // One load in the role and environment, then the app's own navigation (no reload per screen).
      await other.goto(`${baseUrl}/`);
      await other.getByText(`${COLLEAGUE} · ${role} in ${environment}`).waitFor();
      for (const screen of SCREENS) {
        await other.evaluate((path) => {
          window.history.pushState(null, '', path);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, screen.path);
        await other.getByRole('heading', { level: 1, name: screen.heading, exact: true }).waitFor();
        // Loaded: what the screen shows once its data is in.
        await other.getByRole('main').getByText('Loading...').first().waitFor({ state: 'hidden' });
        for (const control of screen.controls) {
          const reason = reasonFor(control.right ?? 'change', role, environment, isProtected);
          const name = typeof control.name === 'string' ? control.name : control.name(environment);
          const main = other.getByRole('main');
          const scope = control.inRow
            ? main.getByRole('row', { name: new RegExp(`^${control.inRow}`) })
            : main;
          const found = scope.getByRole(control.role, { name, exact: true });
          await found.first().waitFor();
          for (const each of await found.all()) {
            expect(await each.isDisabled(), `${screen.path}: ${name} as ${role}`).toBe(true);
            expect(await reasonOf(each), `${screen.path}: ${name}`).toBe(reason);
          }
        }
        const [first] = screen.controls;
        if (first) {
          const name = typeof first.name === 'string' ? first.name : first.name(environment);
          const shown = other.getByRole('main').getByRole(first.role, { name, exact: true }).first();
          expect(await tooltipOf(other, shown)).toBe(await reasonOf(shown));
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
