import type { Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { axeProblems, preloadAxe, watchAccessibility } from '../src/axe.ts';
import { type Browser, describeInBrowser, openBrowser, screenLoaded, watchConsole } from '../src/browser.ts';
import { useConsoleInBrowser } from '../src/console-in-browser.ts';
import { focusLandsOn, tabTo } from '../src/keyboard.ts';
import { isWhollyInView } from '../src/layout.ts';
import { callApiFromPage } from '../src/page-api.ts';
import { findLayoutFaults, focusPageHeading, tabThroughEvery, ZOOM_200 } from '../src/zoom.ts';

// docs/product.md, Change requests: two people in two browsers. An operator proposes a new configuration, an
// A/B-test version and a plugin draft activation in one change request of prod (the first through "Propose
// this change" on the refused screen); an admin reviews its diff and impact, approves it and schedules it a
// few seconds ahead; the game servers' snapshot moves by exactly one revision holding all of it. The list, the
// review screen with its diff, the refusal's offer and the bypass dialog are checked at 1024 px and at 200% zoom
// (nothing cut off or overlapping, no sideways scroll of the page, every action reached by Tab, axe) in prod's
// dark theme and dev's light one.

const ADMIN = 'cr-admin@example.com';
const OPERATOR = 'cr-operator@example.com';
const GOLD_RUSH = 11;
const TEST_ID = 'cr-split';
const NARROW = { width: 1024, height: 768 };
// prod's dark theme and its colour, inside a change request of prod too
const DARK_BACKGROUND = 'rgb(18, 18, 18)';
const PROD_COLOR = 'rgb(200, 50, 0)';
/** Guards the wait for the scheduled apply against hanging; the job runs a few seconds after scheduling. */
const APPLY_CAP_MS = 40_000;

interface Snapshot {
  revision: number;
  content: {
    plugins: {
      id: number;
      entries: { abTestId: string; abTestVersion: number; configurations: string[] }[];
    }[];
    abTests: { id: string; version: number | null }[];
    configurations: { id: string }[];
  };
}

async function snapshotOf(baseUrl: string, key: string): Promise<Snapshot> {
  const response = await fetch(`${baseUrl}/runtime/v1/snapshot`, {
    headers: { authorization: `Bearer ${key}` },
  });
  if (!response.ok) throw new Error(`snapshot: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { payload: Snapshot }).payload;
}

/** prod as the game runs it before the request: Gold Rush on, its draft activated with cr-split's version 0. */
async function seedProd(page: Page) {
  const call = (path: string, body: unknown) => callApiFromPage(page, path, body, 'prod');
  await call('/api/abtest/create', { id: TEST_ID, description: 'Friday split', type: 0 });
  await call('/api/abtest/versions/save', { id: TEST_ID, weights: [500_000, 500_000] });
  await call('/api/config/event/gr/create', {
    id: 'cr-daily',
    description: 'Daily gold',
    active: true,
    activation: { type: 11, maxEventDuration: 3_600 },
    data: { kind: 'event/gr' },
  });
  await call('/api/plugin/activate', { pluginId: GOLD_RUSH, active: true });
  const plugin = (await call('/api/plugin/get', { pluginId: GOLD_RUSH })) as {
    data: { draftRevision: number };
  };
  const saved = (await call('/api/plugin/draft/abtest', {
    pluginId: GOLD_RUSH,
    configurations: [{ abTestId: TEST_ID, abTestVersion: 0, configurations: ['', 'cr-daily'] }],
    draftRevision: plugin.data.draftRevision,
  })) as { data: { draftRevision: number } };
  await call('/api/plugin/draft/activate', { pluginId: GOLD_RUSH, draftRevision: saved.data.draftRevision });
  await call('/api/abtest/activate/test', { id: TEST_ID, active: true });
  const key = (await call('/api/runtime-keys/create', { name: 'cr-game' })) as { key: string };
  return key.key;
}

async function signIn(page: Page, baseUrl: string, email: string) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Sign in locally' }).click();
  await page.getByRole('heading', { name: 'Orchestrate your game servers' }).waitFor();
}

const toast = (page: Page, text: string | RegExp) => page.getByRole('alert').filter({ hasText: text });

/** What Tab must reach on a screen: its links, enabled buttons and fields, and the boxes that take the focus. */
const FOCUSABLE =
  'a[href], button:not(:disabled), textarea:not([aria-hidden="true"]), input:not([type="hidden"]):not([aria-hidden="true"]):not(:disabled), [role="combobox"], [tabindex="0"]';

/**
 * The screen at 200% zoom as it is now: whole, in the window's width, axe-clean, and (unless `isWalked` is
 * false: the same screen was walked in the other theme) every action of its main part reached by Tab from its
 * heading, each showing its focus.
 */
async function expectWholeAtZoom(page: Page, where: string, heading: string | RegExp, isWalked = true) {
  expect(await findLayoutFaults(page)).toEqual([]);
  expect(await axeProblems(page, `${where} at 200%`, 'moderate')).toEqual([]);
  if (!isWalked) return;
  await focusPageHeading(page.getByRole('heading', { level: 1, name: heading }));
  expect(await tabThroughEvery(page, page.getByRole('main').locator(FOCUSABLE), { max: 100 })).toEqual({
    unreached: [],
    unmarked: [],
  });
}

/** The UTC field of MUI X's date-time picker takes typed digits section by section. */
async function typeUtc(page: Page, group: string, at: number) {
  const iso = new Date(at).toISOString();
  await page.getByRole('group', { name: group }).getByRole('spinbutton', { name: 'Year' }).click();
  await page.keyboard.type(iso.slice(0, 19).replace(/\D/g, ''));
}

describeInBrowser('change requests in Chromium', () => {
  // The local start without ADMIN_EMAILS: the first dev login is an admin. The job workers apply what is
  // scheduled.
  const app = useConsoleInBrowser({
    signInAs: ADMIN,
    screenshotPrefix: 'change-requests',
    env: { JOB_WORKERS: 'true' },
  });
  let operatorBrowser: Browser | undefined;
  afterAll(async () => {
    await operatorBrowser?.close();
  });

  it('an operator proposes three changes in one request; an admin reviews, approves and schedules it; the game gets one revision with all of it', async () => {
    const { page, baseUrl, pageConsole } = app;
    await page.setViewportSize(NARROW);
    const gameKey = await seedProd(page);

    // The admin requires review of prod on Security > Users, from the keyboard.
    await page.evaluate(() => localStorage.setItem('configuration.active', JSON.stringify('prod')));
    await page.goto(`${baseUrl}/security/users`);
    const edit = page.getByRole('button', { name: 'Edit the review policy of prod' });
    // Enabled once prod's policy has loaded: Tab passes over it before, to the end of the page and round.
    await page.getByRole('button', { name: 'Edit the review policy of prod', disabled: false }).waitFor();
    // From the row's protection switch (the users' table before it is not what is walked here).
    await page.getByRole('switch', { name: 'prod protected' }).focus();
    const unmarked = await tabTo(page, edit);
    await page.keyboard.press('Enter');
    const policy = page.getByRole('dialog', { name: 'Review policy of prod' });
    const required = policy.getByRole('checkbox', { name: 'Review required' });
    await required.waitFor();
    unmarked.push(...(await tabTo(page, required)));
    await page.keyboard.press('Space');
    unmarked.push(...(await tabTo(page, policy.getByRole('button', { name: 'Save' }))));
    await page.keyboard.press('Enter');
    await policy.waitFor({ state: 'hidden' });
    expect(await focusLandsOn(edit)).toBe('target');
    await page
      .getByRole('table', { name: 'Environments' })
      .getByText('Review required, 1 approval')
      .waitFor();
    expect(unmarked).toEqual([]);
    const before = await snapshotOf(baseUrl, gameKey);

    // The operator, in a browser of their own at 1024 px, in prod.
    operatorBrowser = await openBrowser();
    const operator = operatorBrowser.page;
    await operator.setViewportSize(NARROW);
    await preloadAxe(operatorBrowser.context);
    const operatorAccessibility = watchAccessibility(operator);
    const operatorConsole = watchConsole(operator);
    await signIn(operator, baseUrl, OPERATOR);
    await callApiFromPage(page, '/api/users/role/set', { email: OPERATOR, role: 'operator' });
    await operator.evaluate(() => localStorage.setItem('configuration.active', JSON.stringify('prod')));

    // Prod is protected: the operator proposes from the Change Requests list, and lands in the request's branch.
    await operator.goto(`${baseUrl}/change-requests`);
    await operator.getByRole('button', { name: 'Propose a change to prod' }).click();
    const banner = operator.getByRole('region', { name: /^Change request \d+ of prod$/ });
    await banner.waitFor();
    const branch = (await operator.evaluate(() =>
      JSON.parse(localStorage.getItem('configuration.active') ?? '""'),
    )) as string;
    expect(branch).toMatch(/^prod~cr-\d+$/);
    const requestId = Number(branch.split('~cr-')[1]);
    await operator
      .getByRole('button', { name: `Environment: Change request ${requestId} of prod` })
      .waitFor();
    // prod's dark theme and colour inside its request
    expect(await operator.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      DARK_BACKGROUND,
    );
    expect(
      await operator
        .getByRole('navigation', { name: 'Main' })
        .evaluate((bar) => getComputedStyle(bar.parentElement ?? bar).borderBottomColor),
    ).toBe(PROD_COLOR);

    // A new version of the split, made on its ordinary screen, inside the branch.
    await operator.goto(`${baseUrl}/abtest/${TEST_ID}`);
    await banner.waitFor();
    await operator.getByRole('button', { name: 'Create Version' }).click();
    const versionDialog = operator.getByRole('dialog', { name: 'Create Version' });
    await versionDialog.getByRole('textbox', { name: /^Case 2/ }).fill('70');
    await versionDialog.getByRole('button', { name: 'Create', exact: true }).click();
    await versionDialog.waitFor({ state: 'hidden' });
    await operator.getByRole('switch', { name: 'Active version 1' }).waitFor();

    // The rest in the branch, through the calls the screens make: a new configuration and the plugin's draft
    // moved to the new version with it, activated (which turns the version on).
    const inBranch = (path: string, body: unknown) => callApiFromPage(operator, path, body, branch);
    await inBranch('/api/config/event/gr/create', {
      id: 'cr-friday',
      description: 'Friday gold',
      active: true,
      activation: { type: 11, maxEventDuration: 7_200 },
      data: { kind: 'event/gr' },
    });
    const plugin = (await inBranch('/api/plugin/get', { pluginId: GOLD_RUSH })) as {
      data: { draftRevision: number };
    };
    const draft = (await inBranch('/api/plugin/draft/abtest', {
      pluginId: GOLD_RUSH,
      configurations: [{ abTestId: TEST_ID, abTestVersion: 1, configurations: ['cr-daily', 'cr-friday'] }],
      draftRevision: plugin.data.draftRevision,
    })) as { data: { draftRevision: number } };
    await inBranch('/api/plugin/draft/activate', {
      pluginId: GOLD_RUSH,
      draftRevision: draft.data.draftRevision,
    });
    // Nothing reached the game servers yet.
    expect((await snapshotOf(baseUrl, gameKey)).revision).toBe(before.revision);

    // "Request review" in the banner.
    await banner.getByRole('button', { name: 'Request review' }).click();
    const ask = operator.getByRole('dialog', { name: `Request review of change request ${requestId}` });
    await ask.getByLabel('Title').fill('Friday gold rush');
    await ask.getByRole('button', { name: 'Request review' }).click();
    await toast(operator, `Change request ${requestId} is in review`).waitFor();
    await operatorAccessibility.check();
    expect(operatorAccessibility.takeProblems()).toEqual([]);
    expect(operatorConsole.takeProblems()).toEqual([]);

    // The admin: the Security menu counts it; the review screen shows the diff and the impact.
    await page.goto(`${baseUrl}/`);
    await page.getByRole('button', { name: /^Security\W+1 awaiting your review$/ }).click();
    await page.getByRole('menuitem', { name: /^Change Requests/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Change Requests' }).waitFor();
    await page.getByRole('link', { name: String(requestId), exact: true }).click();
    await page
      .getByRole('heading', { level: 1, name: `Change request ${requestId}: Friday gold rush` })
      .waitFor();
    const changes = page.getByRole('region', { name: 'Changes' });
    await changes.getByRole('cell', { name: 'cr-friday' }).first().waitFor();
    await changes.getByText(TEST_ID).first().waitFor();
    await changes.getByText('GOLD_RUSH').first().waitFor();
    await page
      .getByRole('table', { name: 'Player impact' })
      .getByRole('cell', { name: 'GOLD_RUSH' })
      .waitFor();

    await page.getByRole('button', { name: 'Approve' }).click();
    const approve = page.getByRole('dialog', { name: `Approve change request ${requestId}?` });
    await approve.getByLabel('Comment').fill('Ready for Friday');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await toast(page, `Change request ${requestId} approved`).waitFor();

    // Scheduled a few seconds ahead, typed in UTC.
    await page.getByRole('button', { name: 'Schedule' }).click();
    const schedule = page.getByRole('dialog', { name: `Schedule change request ${requestId}` });
    const at = Math.ceil((Date.now() + 6_000) / 1_000) * 1_000;
    await typeUtc(page, 'Apply at (UTC)', at);
    await schedule.getByRole('button', { name: 'Schedule' }).click();
    await schedule.waitFor({ state: 'hidden' });
    await page.getByText('Scheduled', { exact: true }).first().waitFor();

    // While the job waits for its time: the review screen with its diff, and the list, at 200% zoom in prod's
    // dark theme (the screen does not follow the job: it shows the request as scheduled until reloaded).
    await page.setViewportSize(ZOOM_200);
    await expectWholeAtZoom(page, 'review', `Change request ${requestId}: Friday gold rush`);
    await page.goto(`${baseUrl}/change-requests`);
    await screenLoaded(page, 'Change Requests');
    await page
      .getByRole('table', { name: 'Change requests' })
      .getByRole('link', { name: String(requestId) })
      .waitFor();
    await expectWholeAtZoom(page, 'list', 'Change Requests');
    await page.setViewportSize(NARROW);

    // The game servers see the whole request at once: one revision, with all three changes.
    const deadline = Date.now() + APPLY_CAP_MS;
    let after = before;
    while (after.revision === before.revision && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      after = await snapshotOf(baseUrl, gameKey);
    }
    expect(after.revision).toBe(before.revision + 1);
    expect(after.content.configurations.map((configuration) => configuration.id)).toContain('cr-friday');
    expect(after.content.abTests.find((test) => test.id === TEST_ID)?.version).toBe(1);
    expect(after.content.plugins.find((entry) => entry.id === GOLD_RUSH)?.entries).toEqual([
      { abTestId: TEST_ID, abTestVersion: 1, configurations: ['cr-daily', 'cr-friday'] },
    ]);
    await page.goto(`${baseUrl}/change-requests/${requestId}`);
    await page.getByText('Applied', { exact: true }).first().waitFor();
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it("offers a change refused for review as a proposal (the same call lands in the author's request) and to an admin as a bypass with a reason", async () => {
    const { page, baseUrl, pageConsole } = app;
    // at 200% zoom, by keyboard: the offer's toast and the bypass dialog fit the narrow window
    await page.setViewportSize(ZOOM_200);
    await page.evaluate(() => localStorage.setItem('configuration.active', JSON.stringify('prod')));
    await page.goto(`${baseUrl}/release`);
    const keyValue = page.getByRole('region', { name: 'Key-value' });
    await keyValue.getByLabel('Key-value').fill('event=friday;');
    await keyValue.getByRole('button', { name: 'Save' }).click();
    // Admins too: prod requires review.
    // the toast, not the screen's own banner saying the same
    const offer = toast(page, /requires review/).filter({
      has: page.getByRole('button', { name: 'Propose this change' }),
    });
    const propose = offer.getByRole('button', { name: 'Propose this change' });
    await propose.waitFor();
    expect(await findLayoutFaults(page, '.MuiSnackbar-root')).toEqual([]);
    const hiddenActions: string[] = [];
    for (const action of await offer.getByRole('button').all()) {
      if (!(await isWhollyInView(action))) hiddenActions.push((await action.textContent()) || 'Close');
    }
    expect(hiddenActions).toEqual([]);
    expect(await axeProblems(page, 'offer at 200%', 'moderate')).toEqual([]);
    expect(await tabTo(page, propose)).toEqual([]);
    await page.keyboard.press('Enter');
    await toast(page, /^Proposed in change request \d+ of prod$/).waitFor();
    const banner = page.getByRole('region', { name: /^Change request \d+ of prod$/ });
    await banner.waitFor();
    expect(new URL(page.url()).pathname).toBe('/release');
    await expect.poll(() => keyValue.getByLabel('Key-value').inputValue()).toBe('event=friday;');
    const branch = (await page.evaluate(() =>
      JSON.parse(localStorage.getItem('configuration.active') ?? '""'),
    )) as string;
    expect(await callApiFromPage(page, '/api/release/kv/get', {}, 'prod')).not.toBe('event=friday;');
    expect(await callApiFromPage(page, '/api/release/kv/get', {}, branch)).toBe('event=friday;');

    // Leaving keeps it.
    await banner.getByRole('button', { name: 'Back to prod' }).click();
    await page.getByRole('button', { name: 'Environment: prod' }).waitFor();
    await banner.waitFor({ state: 'detached' });

    // Break glass: the admin makes it directly, with a reason, listed with the change requests.
    await keyValue.getByLabel('Key-value').fill('event=hotfix;');
    await keyValue.getByRole('button', { name: 'Save' }).click();
    const bypassOffer = toast(page, /requires review/).getByRole('button', { name: 'Bypass review…' });
    await bypassOffer.waitFor();
    expect(await tabTo(page, bypassOffer)).toEqual([]);
    await page.keyboard.press('Enter');
    const bypass = page.getByRole('dialog', { name: 'Bypass review of prod?' });
    const reason = bypass.getByLabel(/^Reason/);
    await reason.waitFor();
    expect(await focusLandsOn(reason)).toBe('target');
    expect(await findLayoutFaults(page, '[role="dialog"]')).toEqual([]);
    expect(await axeProblems(page, 'bypass dialog at 200%', 'moderate')).toEqual([]);
    await page.keyboard.type('Shop outage hotfix');
    expect(await tabTo(page, bypass.getByRole('button', { name: 'Bypass review' }))).toEqual([]);
    await page.keyboard.press('Enter');
    await toast(page, 'Changed directly in prod: review bypassed').waitFor();
    expect(await callApiFromPage(page, '/api/release/kv/get', {}, 'prod')).toBe('event=hotfix;');
    await page.goto(`${baseUrl}/change-requests`);
    await page
      .getByRole('table', { name: 'Direct changes in prod' })
      .getByRole('cell', { name: 'Shop outage hotfix' })
      .waitFor();
    await page.setViewportSize(NARROW);
    expect(pageConsole.takeProblems([/status of 409/])).toEqual([]);
  });

  it('walks the list and the review screen with the keyboard at 1024 px', async () => {
    const { page, baseUrl, pageConsole } = app;
    await page.setViewportSize(NARROW);
    await page.goto(`${baseUrl}/change-requests`);
    // from the page's heading on: the navigation bar's own walk is the shell's
    await focusPageHeading(page.getByRole('heading', { level: 1, name: 'Change Requests' }));
    const status = page.getByRole('combobox', { name: 'Status' });
    await status.waitFor();
    const unmarked = await tabTo(page, status);
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'Applied' }).waitFor();
    await page.keyboard.type('Applied');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/change-requests\?status=applied$/);
    // The applied requests' rows replace the list's before Tab walks to them.
    const link = page.getByRole('table', { name: 'Change requests' }).getByRole('link').first();
    await link.waitFor();
    unmarked.push(...(await tabTo(page, link)));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: /^Change request \d+: / }).waitFor();
    const comment = page.getByRole('textbox', { name: 'Comment' });
    await comment.waitFor();
    unmarked.push(...(await tabTo(page, comment, { max: 80 })));
    await page.keyboard.type('Went live on time');
    unmarked.push(...(await tabTo(page, page.getByRole('button', { name: 'Add comment' }))));
    await page.keyboard.press('Enter');
    await page.getByText('Went live on time').first().waitFor();
    expect(unmarked).toEqual([]);

    // the same screens in dev's light theme at 200% zoom: the list with its direct changes, and the review
    // screen of an applied request (their actions were walked at 200% in the dark theme)
    const reviewPath = new URL(page.url()).pathname;
    await page.evaluate(() => localStorage.setItem('configuration.active', JSON.stringify('dev')));
    await page.setViewportSize(ZOOM_200);
    await page.goto(`${baseUrl}/change-requests`);
    await screenLoaded(page, 'Change Requests');
    await page.getByRole('table', { name: 'Change requests' }).getByRole('link').first().waitFor();
    await expectWholeAtZoom(page, 'list-light', 'Change Requests', false);
    await page.goto(`${baseUrl}${reviewPath}`);
    await page.getByText('Went live on time').first().waitFor();
    await expectWholeAtZoom(page, 'review-light', /^Change request \d+: /, false);
    await page.setViewportSize(NARROW);
    expect(pageConsole.takeProblems()).toEqual([]);
  });
});
