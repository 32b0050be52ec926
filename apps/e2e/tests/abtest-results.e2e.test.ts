import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { axeProblems } from '../src/axe.ts';
import { describeInBrowser, screenLoaded } from '../src/browser.ts';
import { useConsoleInBrowser } from '../src/console-in-browser.ts';
import { focusLandsOn, isFocused, tabTo } from '../src/keyboard.ts';
import { isWhollyInView } from '../src/layout.ts';
import { callApiFromPage, createAbTestWithVersion } from '../src/page-api.ts';
import { findLayoutFaults, focusPageHeading, tabThroughEvery, ZOOM_200 } from '../src/zoom.ts';

// The metrics screen and the A/B-test page's results, in Chromium at 1024 px and at 200% zoom: a simulated
// experiment is sent as a game server sends it (POST /runtime/v1/events with a runtime key), with a known
// winner, and a second one with a skewed split that the sample-ratio check must flag.

const OPERATOR = 'results-ops@example.com';
const WINNER_TEST = 'duel-harder';
const SKEWED_TEST = 'offer-cheaper';
/** Started, but no game server has exposed a player to it yet. */
const UNSEEN_TEST = 'quest-longer';
const HALF = 500_000;
const NARROW = { width: 1024, height: 768 };

type Event =
  | {
      type: 'exposure';
      id: string;
      userId: string;
      abTestId: string;
      version: number;
      caseIndex: number;
      at: number;
    }
  | { type: 'metric'; id: string; userId: string; event: string; value?: number; at: number };

/** Sends events as a game server does, in batches, with the runtime key; fails on any refusal. */
async function sendEvents(baseUrl: string, key: string, events: readonly Event[]): Promise<void> {
  for (let start = 0; start < events.length; start += 1000) {
    const response = await fetch(`${baseUrl}/runtime/v1/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
      body: JSON.stringify({ events: events.slice(start, start + 1000) }),
    });
    if (!response.ok) throw new Error(`/runtime/v1/events: ${response.status} ${await response.text()}`);
  }
}

/**
 * `players[c]` players exposed to case c of version 0 of `abTestId`, of whom `buyers[c]` then purchase: the
 * events an SDK would send for them.
 */
function simulate(
  abTestId: string,
  players: readonly number[],
  buyers: readonly number[],
): [Event[], Event[]] {
  const exposedAt = Date.now() - 60_000;
  const exposures: Event[] = [];
  const purchases: Event[] = [];
  players.forEach((count, caseIndex) => {
    for (let player = 0; player < count; player += 1) {
      const userId = `${abTestId}-c${caseIndex}-p${player}`;
      exposures.push({
        type: 'exposure',
        id: `x-${userId}`,
        userId,
        abTestId,
        version: 0,
        caseIndex,
        at: exposedAt,
      });
      if (player < (buyers[caseIndex] ?? 0)) {
        purchases.push({
          type: 'metric',
          id: `m-${userId}`,
          userId,
          event: 'buy',
          at: exposedAt + 30_000,
        });
      }
    }
  });
  return [exposures, purchases];
}

async function startAbTest(page: Page, id: string): Promise<void> {
  await createAbTestWithVersion(page, id, [HALF, HALF]);
  await callApiFromPage(page, '/api/abtest/activate/version', { id, version: 0 });
  await callApiFromPage(page, '/api/abtest/activate/test', { id, active: true });
}

describeInBrowser('A/B-test results in Chromium', () => {
  const app = useConsoleInBrowser({
    screenshotPrefix: 'abtest-results',
    signInAs: OPERATOR,
  });

  it('creates, edits and archives metrics on the Metrics page', async () => {
    const { page, baseUrl, pageConsole } = app;
    await page.setViewportSize(NARROW);
    await page.goto(`${baseUrl}/metric`);
    await page.getByRole('heading', { name: 'Metrics', level: 1 }).waitFor();

    for (const [id, name] of [
      ['purchase', 'Buyers'],
      ['sessions', 'Sessions per player'],
    ] as const) {
      await page.getByRole('button', { name: 'Create metric' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create metric' });
      await dialog.getByLabel('ID', { exact: false }).first().fill(id);
      await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
      if (id === 'sessions') {
        await dialog.getByRole('combobox', { name: 'Kind' }).click();
        await page.getByRole('option', { name: 'Mean per player' }).click();
        await dialog.getByRole('textbox', { name: 'Event' }).fill('session');
      } else {
        await dialog.getByRole('textbox', { name: 'Event' }).fill('purchase');
      }
      await dialog.getByRole('button', { name: 'Create' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
    const table = page.getByRole('table', { name: 'Metrics' });
    await table.getByRole('cell', { name: 'Sessions per player', exact: true }).waitFor();

    // a name the domain refuses is refused in the browser, under its field
    await page.getByRole('button', { name: 'Edit Buyers' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit metric' });
    await edit.getByRole('textbox', { name: 'Name' }).fill('   ');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('Name must not be empty').waitFor();
    await edit.getByRole('textbox', { name: 'Name' }).fill('Purchase rate');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await table.getByRole('cell', { name: 'Purchase rate', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Archive Sessions per player' }).click();
    const confirmation = page.getByRole('dialog', { name: 'Archive metric Sessions per player?' });
    await confirmation.getByRole('button', { name: 'Yes' }).click();
    // Not the row's absence alone: while the confirmation fades out, the page behind it is still hidden from
    // assistive technology, so no cell of it is found before the archiving is even sent.
    await page.getByRole('alert').filter({ hasText: 'Metric Sessions per player archived' }).waitFor();
    await table
      .getByRole('cell', { name: 'Sessions per player', exact: true })
      .waitFor({ state: 'detached' });
    const listed = await callApiFromPage<{ id: string; archived: boolean }[]>(
      page,
      '/api/experiment/metric/list',
      {
        includeArchived: true,
      },
    );
    expect(listed.map((metric) => [metric.id, metric.archived])).toEqual([
      ['purchase', false],
      ['sessions', true],
    ]);
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it('keeps the Metrics page and its create, edit and archive dialogs whole and reachable by keyboard at 200% zoom', async () => {
    const { page, baseUrl, pageConsole } = app;
    await page.setViewportSize(ZOOM_200);
    await page.goto(`${baseUrl}/metric?archived=1`);
    await screenLoaded(page, 'Metrics');
    const table = page.getByRole('table', { name: 'Metrics' });
    await table.getByRole('cell', { name: 'Sessions per player', exact: true }).waitFor();
    expect(await findLayoutFaults(page)).toEqual([]);
    // the table scrolls in its own box, each row's name and actions kept in view
    const rowActions = table.getByRole('button', { name: /^(Edit|Archive|Restore) / });
    expect(await rowActions.count()).toBe(4);
    for (const action of await rowActions.all()) {
      expect(await isWhollyInView(action, { sideways: true })).toBe(true);
    }
    expect(
      await isWhollyInView(table.getByRole('cell', { name: 'Purchase rate', exact: true }), {
        sideways: true,
      }),
    ).toBe(true);
    expect(await axeProblems(page, 'metrics at 200%', 'moderate')).toEqual([]);

    // every action by keyboard, from the heading on
    await focusPageHeading(page.getByRole('heading', { level: 1, name: 'Metrics' }));
    const create = page.getByRole('button', { name: 'Create metric' });
    const walk = await tabThroughEvery(
      page,
      create.or(page.getByRole('switch', { name: 'Show archived metrics' })).or(rowActions),
    );
    expect(walk).toEqual({ unreached: [], unmarked: [] });

    // each dialog fits the narrow window; the create dialog's every field and button is reached by Tab (the
    // edit dialog's form is the same; the confirmation's buttons are walked on the A/B-test page)
    const dialogs = [
      { open: create, name: 'Create metric', close: 'Cancel', isWalked: true },
      {
        open: page.getByRole('button', { name: 'Edit Purchase rate' }),
        name: 'Edit metric',
        close: 'Cancel',
        isWalked: false,
      },
      {
        open: page.getByRole('button', { name: 'Archive Purchase rate' }),
        name: 'Archive metric Purchase rate?',
        close: 'No',
        isWalked: false,
      },
    ];
    for (const { open, name, close, isWalked } of dialogs) {
      await open.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name });
      await dialog.waitFor();
      expect(await findLayoutFaults(page, '[role="dialog"]')).toEqual([]);
      expect(await axeProblems(page, `${name} at 200%`, 'moderate')).toEqual([]);
      const controls = dialog.locator(
        'input:not([type="hidden"]):not([aria-hidden="true"]), textarea:not([aria-hidden="true"]), [role="combobox"], button:not(:disabled)',
      );
      expect(await controls.count()).toBeGreaterThan(0);
      if (isWalked) expect(await tabThroughEvery(page, controls)).toEqual({ unreached: [], unmarked: [] });
      const closing = dialog.getByRole('button', { name: close, exact: true });
      await tabTo(page, closing);
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      expect(await isFocused(open)).toBe(true);
    }
    // nothing was archived by the look
    await table.getByRole('cell', { name: 'Purchase rate', exact: true }).waitFor();
    await page.setViewportSize(NARROW);
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it('shows the results of a simulated experiment with a known winner, its plot, and an SRM warning for a skewed split', async () => {
    const { page, baseUrl, pageConsole } = app;
    await page.setViewportSize(NARROW);
    // counted from its creation on: made before the events arrive
    await callApiFromPage(page, '/api/experiment/metric/create', {
      id: 'buyers',
      name: 'Bought',
      kind: 'conversion',
      event: 'buy',
    });
    await startAbTest(page, WINNER_TEST);
    await startAbTest(page, SKEWED_TEST);
    const { key } = await callApiFromPage<{ key: string }>(page, '/api/runtime-keys/create', {
      name: 'results-e2e',
    });
    // Case 2 converts 30% against the control's 10%; the skewed test exposes 300 against 150 of a 50/50 split
    // the two experiments' game servers send at once; each its exposures before its purchases
    await Promise.all(
      [simulate(WINNER_TEST, [400, 400], [40, 120]), simulate(SKEWED_TEST, [300, 150], [30, 15])].map(
        async ([exposures, purchases]) => {
          await sendEvents(baseUrl, key, exposures);
          await sendEvents(baseUrl, key, purchases);
        },
      ),
    );

    await page.goto(`${baseUrl}/abtest/${WINNER_TEST}`);
    const results = page.getByRole('region', { name: 'Results' });
    const exposed = results.getByRole('table', { name: 'Exposed players' });
    await exposed.getByRole('row', { name: /Case 2 400/ }).waitFor();
    expect(await exposed.getByRole('row').allTextContents()).toEqual([
      'CaseExposed playersDecision',
      'Case 1 (control)400Ship Case 1',
      'Case 2400Ship Case 2',
    ]);
    const table = results.getByRole('table', { name: 'Results of Bought' });
    const treatment = table.getByRole('row').filter({ hasText: 'Case 2' });
    expect(await treatment.getByRole('cell').first().textContent()).toMatch(/^30\.0% \(/);
    expect(await treatment.getByRole('cell').nth(1).textContent()).toMatch(/^\+200\.0% \(\+\d/);
    await treatment.getByText('Better').waitFor();
    const plot = results.getByRole('img', {
      name: /^Change of Bought against Case 1 \(control\): Case 2 \+200\.0%/,
    });
    expect(await plot.getAttribute('aria-labelledby')).not.toBeNull();
    expect(await plot.locator('[data-verdict="better"]').count()).toBe(1);
    // at 1024 px the table and the plot fit beside the navigation, nothing cut off at the side
    expect(await isWhollyInView(table, { sideways: true })).toBe(true);
    expect(await isWhollyInView(plot, { sideways: true })).toBe(true);
    await results.getByText(/^Method: Sequential\./).waitFor();
    // the first test's metric reads an event no game server sent: not enough data yet, and why
    await results
      .getByText(/^Not enough data yet for Purchase rate \(Case 1 \(control\): too few players converted/)
      .waitFor();
    expect(await results.getByRole('alert', { name: 'Sample ratio mismatch' }).count()).toBe(0);

    await page.goto(`${baseUrl}/abtest/${SKEWED_TEST}`);
    const warning = page
      .getByRole('region', { name: 'Results' })
      .getByRole('alert', { name: 'Sample ratio mismatch' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain('came Case 1 (control) 66.67%, Case 2 33.33%');
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it('keeps the results, their plot and their empty, not-enough-data and SRM states whole and reachable by keyboard at 200% zoom', async () => {
    const { page, baseUrl, pageConsole } = app;
    await startAbTest(page, UNSEEN_TEST);
    await page.setViewportSize(ZOOM_200);
    const results = page.getByRole('region', { name: 'Results' });

    // the winner: its tables, its plot and the metric without enough data
    await page.goto(`${baseUrl}/abtest/${WINNER_TEST}`);
    const table = results.getByRole('table', { name: 'Results of Bought' });
    await table.waitFor();
    await results.getByText(/^Not enough data yet for Purchase rate/).waitFor();
    expect(await findLayoutFaults(page)).toEqual([]);
    const plot = results.getByRole('img', { name: /^Change of Bought against Case 1 \(control\)/ });
    expect(await isWhollyInView(plot, { sideways: true })).toBe(true);
    // the table is wider than the window: it scrolls in its own box, which the keyboard scrolls too
    const tableBox = results.getByRole('region', { name: 'Bought by case' });
    expect(await isWhollyInView(tableBox, { sideways: true })).toBe(true);
    expect(await axeProblems(page, 'results at 200%', 'moderate')).toEqual([]);
    await results.getByRole('combobox', { name: 'Version' }).focus();
    const walk = await tabThroughEvery(
      page,
      results.getByRole('button', { name: /^(Sequential|Ship Case 1|Ship Case 2)$/ }).or(tableBox),
    );
    expect(walk).toEqual({ unreached: [], unmarked: [] });

    // the sample ratio mismatch
    await page.goto(`${baseUrl}/abtest/${SKEWED_TEST}`);
    await results.getByRole('alert', { name: 'Sample ratio mismatch' }).waitFor();
    expect(await findLayoutFaults(page)).toEqual([]);
    expect(await axeProblems(page, 'SRM warning at 200%', 'moderate')).toEqual([]);

    // no player exposed yet
    await page.goto(`${baseUrl}/abtest/${UNSEEN_TEST}`);
    await results.getByText(/^No results yet: no player of version 0 has been exposed/).waitFor();
    expect(await findLayoutFaults(page)).toEqual([]);
    expect(await axeProblems(page, 'empty results at 200%', 'moderate')).toEqual([]);
    await page.setViewportSize(NARROW);
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it('switches the method and ships the winner with the keyboard alone', async () => {
    const { page, baseUrl, pageConsole } = app;
    await page.setViewportSize(NARROW);
    await page.goto(`${baseUrl}/abtest/${WINNER_TEST}`);
    const results = page.getByRole('region', { name: 'Results' });
    await results.getByRole('table', { name: 'Results of Bought' }).waitFor();

    // from the panel's first control on (the page's other sections have their own keyboard walk)
    await results.getByRole('combobox', { name: 'Version' }).focus();
    const fixedHorizon = results.getByRole('button', { name: 'Fixed horizon' });
    // the method's buttons are one stop of Tab (the chosen one); the arrows move between them
    expect(await tabTo(page, results.getByRole('button', { name: 'Sequential' }))).toEqual([]);
    await page.keyboard.press('ArrowRight');
    expect(await focusLandsOn(fixedHorizon)).toBe('target');
    await page.keyboard.press('Space');
    await results.getByText(/^Method: Fixed horizon\./).waitFor();
    expect(await fixedHorizon.getAttribute('aria-pressed')).toBe('true');
    expect(new URL(page.url()).searchParams.get('method')).toBe('fixed-horizon');

    const ship = results.getByRole('button', { name: 'Ship Case 2' });
    await results.getByRole('table', { name: 'Results of Bought' }).waitFor();
    expect(await tabTo(page, ship)).toEqual([]);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Ship Case 2?' });
    await dialog.waitFor();
    expect(await focusLandsOn(dialog)).toBe('target');
    await tabTo(page, dialog.getByRole('button', { name: 'Yes' }));
    await page.keyboard.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Case 2 shipped' }).waitFor();

    // a new version gives Case 2 everyone; the decision is kept with the test, and the results stay on version 0
    const abTest = await callApiFromPage<{ data: { version: number; cases: number[] } }>(
      page,
      '/api/abtest/get',
      {
        id: WINNER_TEST,
      },
    );
    expect(abTest.data).toMatchObject({ version: 1, cases: [0, 1_000_000] });
    await results
      .getByRole('region', { name: 'Decisions' })
      .getByText(/Case 2 of version 0 shipped by results-ops@example\.com/)
      .waitFor();
    await results.getByRole('table', { name: 'Results of Bought' }).waitFor();
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it('proposes the shipping in a change request where the environment requires review', async () => {
    const { page, baseUrl, pageConsole } = app;
    await page.setViewportSize(NARROW);
    await callApiFromPage(page, '/api/change-request/policy/set', {
      isRequired: true,
      approvals: 1,
      allowSelfApproval: false,
      resetApprovalsOnChange: true,
    });
    await page.goto(`${baseUrl}/abtest/${SKEWED_TEST}`);
    const results = page.getByRole('region', { name: 'Results' });
    await results.getByRole('button', { name: 'Ship Case 2' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ship Case 2?' });
    await dialog.getByText(/dev requires review: the rollout is proposed in your change request/).waitFor();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    const toast = page
      .getByRole('alert')
      .filter({ hasText: /^Case 2 proposed in change request \d+ of dev/ });
    const id = Number((/change request (\d+)/.exec((await toast.textContent()) ?? '') ?? [])[1]);

    // nothing changed live: the new version is in the request's branch, waiting for review
    const live = await callApiFromPage<{ data: { version: number } }>(page, '/api/abtest/get', {
      id: SKEWED_TEST,
    });
    expect(live.data.version).toBe(0);
    const request = await callApiFromPage<{ branch: string }>(page, '/api/change-request/get', { id });
    const proposed = await callApiFromPage<{ data: { version: number; cases: number[] } }>(
      page,
      '/api/abtest/get',
      { id: SKEWED_TEST },
      request.branch,
    );
    expect(proposed.data).toMatchObject({ version: 1, cases: [0, 1_000_000] });
    await toast.getByRole('button', { name: 'Open change request' }).click();
    await page.waitForURL(new RegExp(`/change-requests/${id}$`));
    expect(pageConsole.takeProblems()).toEqual([]);
  });
});
