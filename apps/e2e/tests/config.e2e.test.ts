import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser } from '../src/browser.ts';
import { useConsoleInBrowser } from '../src/console-in-browser.ts';
import { callApiFromPage } from '../src/page-api.ts';

const OPERATOR = 'config-ops@example.com';
const GOLD_RUSH = 11;
// A refused call (409/422) is logged by Chromium itself as a failed resource load.
const REFUSED_CALL = /the server responded with a status of 4\d\d/;

type Stored<Data> = {
  id: string;
  description: string;
  active: boolean;
  activation: Record<string, unknown>;
  data: Data;
};
type PluginEntry = { abTestId: string; abTestVersion: number; configurations: string[] };
type PluginAnswer = { data: { active: PluginEntry[]; draft: PluginEntry[]; draftRevision: number } };
const getPlugin = (page: Page, pluginId: number) =>
  callApiFromPage(page, '/api/plugin/get', { pluginId }) as Promise<PluginAnswer>;

const getConfig = <Data = Record<string, unknown>>(page: Page, kind: string, id: string) =>
  callApiFromPage(page, `/api/config/${kind}/get`, { id }) as Promise<Stored<Data>>;

const toast = (page: Page, text: string) =>
  page.getByRole('alert').filter({ hasText: text }).first().waitFor();
const listRow = (page: Page, id: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name: id, exact: true }) });
const field = (scope: Page | Locator, name: string | RegExp) => scope.getByRole('textbox', { name });
const numberField = (scope: Page | Locator, name: string) =>
  scope.getByRole('spinbutton', { name, exact: true });

async function openList(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/config`);
  await page.getByRole('heading', { name: 'Configuration', exact: true }).waitFor();
  await page.getByRole('table', { name: 'Configurations' }).waitFor();
}

async function chooseOption(page: Page, combobox: Locator, option: string) {
  await combobox.click();
  const choice = page.getByRole('option', { name: option, exact: true });
  await choice.waitFor();
  await choice.click();
  await choice.waitFor({ state: 'hidden' });
}

/** From the list: the type in the grouped dropdown, then Create; fills ID and description. */
async function startCreate(page: Page, baseUrl: string, type: string, id: string, description: string) {
  // after a save the app is back on the list (submitAndReturn waits for its table): loading it again would
  // only show the same screen
  if (new URL(page.url()).pathname !== '/config') await openList(page, baseUrl);
  await chooseOption(page, page.getByRole('combobox', { name: 'Configuration type' }), type);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await page.getByRole('heading', { name: `Create ${type}` }).waitFor();
  await field(page, /^Configuration ID/).fill(id);
  await field(page, /^Description/).fill(description);
}

async function submitAndReturn(page: Page, button: 'Create' | 'Save') {
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.waitForURL(/\/config$/);
  await page.getByRole('table', { name: 'Configurations' }).waitFor();
}

const idsShown = (page: Page) =>
  page.getByRole('table', { name: 'Configurations' }).locator('tbody tr td:nth-child(2)').allTextContents();

describeInBrowser('Configuration screens in Chromium', () => {
  const app = useConsoleInBrowser({
    screenshotPrefix: 'config',
    signInAs: OPERATOR,
    timezoneId: 'Europe/Berlin',
  });

  it('creates a generic event configuration with its activation, then edits it', async () => {
    const { page, baseUrl, pageConsole } = app;
    await startCreate(page, baseUrl, 'Gold Rush', '', 'Gold all week');
    expect(page.url()).toBe(`${baseUrl}/config/GOLD_RUSH/create`);
    const id = field(page, /^Configuration ID/);
    await id.pressSequentially('Gold Week!');
    expect(await id.inputValue()).toBe('Gold-Week');
    await page.getByLabel('State: Inactive').waitFor();

    await chooseOption(page, page.getByRole('combobox', { name: 'Activation type' }), 'Daily');
    await field(page, 'Max event duration').fill('2 hours');
    await numberField(page, 'Minimum level').fill('12');
    // the date field takes typed digits section by section, in UTC
    await page.getByRole('group', { name: 'Start (UTC)' }).getByRole('spinbutton', { name: 'Year' }).click();
    await page.keyboard.type('202403101000');
    // the operator (Berlin, UTC+01:00 in March) sees their own time beside the UTC value
    await page.getByText('UTC. Your time: 2024-03-10 11:00 (UTC+01:00)').waitFor();
    await submitAndReturn(page, 'Create');

    const row = listRow(page, 'Gold-Week');
    expect(await row.textContent()).toContain('Gold Rush');
    expect(await row.textContent()).toContain('Gold all week');
    expect(await row.textContent()).toContain(OPERATOR);
    expect(await row.getByRole('img', { name: 'Not used by any plugin' }).count()).toBe(1);
    const stored = await getConfig(page, 'event/gr', 'Gold-Week');
    expect(stored.activation).toMatchObject({
      type: 11,
      start: Date.UTC(2024, 2, 10, 10, 0),
      end: 0,
      maxEventDuration: 7200,
      minLevel: 12,
    });

    await row.getByRole('link', { name: 'Gold-Week' }).click();
    await page.getByRole('heading', { name: 'Edit Gold Rush' }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/config/GOLD_RUSH/Gold-Week/edit`);
    await expect.poll(() => field(page, /^Configuration ID/).inputValue()).toBe('Gold-Week');
    expect(await field(page, /^Configuration ID/).isDisabled()).toBe(true);
    expect(await field(page, 'Max event duration').inputValue()).toBe('2h');
    await field(page, /^Description/).fill('Gold, edited');
    await submitAndReturn(page, 'Save');
    await listRow(page, 'Gold-Week').getByText('Gold, edited').waitFor();
    expect((await getConfig(page, 'event/gr', 'Gold-Week')).description).toBe('Gold, edited');
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it('creates one configuration of each editor family', async () => {
    const { page, baseUrl, pageConsole } = app;

    // race: bot and two tiers
    await startCreate(page, baseUrl, 'Agility Race', 'race-e2e', 'Race with a bot');
    const bot = page.getByRole('region', { name: 'Bot Configuration' });
    expect(await numberField(bot, 'Progress Rate per second').isDisabled()).toBe(true);
    await bot.getByRole('checkbox', { name: 'Active' }).check();
    await numberField(bot, 'Progress Rate per second').fill('2.5');
    await numberField(bot, 'Lose race %').fill('30');
    const tiers = page.getByRole('region', { name: 'Tiers' });
    await tiers.getByRole('button', { name: 'Add tier' }).click();
    await tiers.getByRole('tab', { name: 'Tier 2' }).waitFor();
    await numberField(tiers, 'Rotations').fill('3');
    await submitAndReturn(page, 'Create');
    const race = await getConfig<{ bot: unknown; tiers: { rotations: number }[] }>(page, 'ar', 'race-e2e');
    expect(race.data.bot).toEqual({ active: true, prs: 2.5, canWin: false, losePct: 30 });
    expect(race.data.tiers.map((tier) => tier.rotations)).toEqual([5, 3]);

    // duel
    await startCreate(page, baseUrl, 'Duel', 'duel-e2e', 'More duels');
    expect(await page.getByRole('checkbox', { name: 'Active' }).count()).toBe(0);
    await numberField(page, 'Chance in percent').fill('35');
    await submitAndReturn(page, 'Create');
    expect((await getConfig(page, 'duel', 'duel-e2e')).data).toMatchObject({
      raceProbability: 35,
      defaultMovesUpperLimit: 8,
    });

    // streak: a second tier
    await startCreate(page, baseUrl, 'Win Streak', 'streak-e2e', 'Streak of two');
    const streakTiers = page.getByRole('region', { name: 'Tiers' });
    await streakTiers.getByRole('button', { name: 'Add tier' }).click();
    await streakTiers.getByRole('tab', { name: 'Tier 2' }).waitFor();
    await numberField(streakTiers, 'Number of levels').fill('7');
    await submitAndReturn(page, 'Create');
    expect((await getConfig<{ tiers: unknown }>(page, 'ws', 'streak-e2e')).data.tiers).toEqual([
      { numberOfItems: 3 },
      { numberOfItems: 7 },
    ]);

    // build: a multiplier and a second rotation entry with a looked-up construction item
    await startCreate(page, baseUrl, 'Build Event', 'build-e2e', 'Build in red');
    await numberField(page, 'Hard level').fill('3');
    const rotation = page.getByRole('region', { name: 'Rotation' });
    await rotation.getByRole('button', { name: 'Add rotation' }).click();
    await rotation.getByRole('tab', { name: 'Rotation 2' }).waitFor();
    await chooseOption(page, rotation.getByRole('combobox', { name: 'Construction Item' }), 'Red');
    await submitAndReturn(page, 'Create');
    const build = await getConfig<{ multipliers: unknown; rotation: unknown }>(page, 'build', 'build-e2e');
    expect(build.data.multipliers).toEqual({ hard: 3, superHard: 1, special: 1 });
    expect(build.data.rotation).toEqual([{ itemType: 0 }, { itemType: 1 }]);

    // offer: show frequency and a product entry
    await startCreate(page, baseUrl, 'Store Products', 'store-e2e', 'Store offer');
    await field(page, 'Show offer frequency').fill('12h');
    const products = page.getByRole('region', { name: 'Products' });
    await products.getByRole('button', { name: 'Add product' }).click();
    await numberField(products, 'Product Id').fill('1234');
    await numberField(products, 'Target').fill('5');
    await submitAndReturn(page, 'Create');
    expect((await getConfig(page, 'store-products', 'store-e2e')).data).toEqual({
      kind: 'store-products',
      showFrequency: 43_200,
      productIdList: [{ productId: 1234, target: 5 }],
    });
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it('shows the warnings box naming the configurations concerned, and clones one', async () => {
    const { page, baseUrl, pageConsole } = app;
    // seeded from whichever console page is open (the calls need its origin and session), then the list loaded
    for (const id of ['so-a', 'so-b']) {
      await callApiFromPage(page, '/api/config/event/so/create', {
        id,
        description: id,
        data: { kind: 'event/so' },
      });
    }
    for (const id of ['ce-1', 'ce-2', 'ce-3']) {
      await callApiFromPage(page, '/api/config/event/ce2/create', {
        id,
        description: id,
        active: true,
        data: { kind: 'event/ce2' },
      });
    }
    await openList(page, baseUrl);
    const warnings = page.getByRole('alert', { name: 'Warnings' });
    await warnings.waitFor();
    const items = await warnings.getByRole('listitem').allTextContents();
    expect(items).toEqual(
      expect.arrayContaining([
        "Gold Rush configuration 'Gold-Week' is disabled and not used: it can be removed safely.",
        "2 Special Offer configurations are disabled: 'so-a', 'so-b'.",
        "3 active Collection Event 2 (deprecated) configurations are not used by any AB-test: 'ce-1', 'ce-2', 'ce-3'.",
      ]),
    );
    // above the table
    const box = await warnings.boundingBox();
    const table = await page.getByRole('table', { name: 'Configurations' }).boundingBox();
    expect(box && table && box.y + box.height <= table.y).toBe(true);

    await listRow(page, 'so-a').getByRole('button', { name: 'Clone so-a' }).click();
    await toast(page, 'Configuration so-a cloned as so-a-2');
    await listRow(page, 'so-a-2').waitFor();
    await warnings
      .getByText("3 Special Offer configurations are disabled: 'so-a', 'so-a-2', 'so-b'.")
      .waitFor();
    expect((await getConfig(page, 'event/so', 'so-a-2')).description).toBe('so-a');
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it('sorts the list by ID, Type, In use, Created and Modified', async () => {
    const { page, baseUrl, pageConsole } = app;
    await openList(page, baseUrl);
    const shown = await idsShown(page);
    expect(shown.length).toBeGreaterThan(5);
    // The configuration search orders ids by their characters' codes (upper case before lower case).
    const byId = [...shown].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(shown).toEqual(byId);

    // each sort is written to the URL (?sort=&direction=), then the list renders it: wait for the order
    await page.getByRole('button', { name: 'ID', exact: true }).click();
    await expect.poll(() => idsShown(page)).toEqual([...byId].reverse());

    await page.getByRole('button', { name: 'Type', exact: true }).click();
    const types = () =>
      page
        .getByRole('table', { name: 'Configurations' })
        .locator('tbody tr td:nth-child(3)')
        .allTextContents();
    // The search sorts by the kind, each kind one name: the rows of a type come together.
    const isGroupedByType = (shownTypes: string[]) =>
      shownTypes.every(
        (type, index) =>
          index === 0 || type === shownTypes[index - 1] || !shownTypes.slice(0, index).includes(type),
      );
    await expect.poll(() => page.url()).toContain('sort=type');
    await expect.poll(async () => isGroupedByType(await types())).toBe(true);

    // newest first: the last configuration created (so-a-2, the clone) leads
    await page.getByRole('button', { name: 'Created', exact: true }).click();
    await expect.poll(async () => (await idsShown(page))[0]).toBe('so-a-2');
    await page.getByRole('button', { name: 'Modified', exact: true }).click();
    await expect.poll(() => page.url()).toContain('sort=modified');
    await expect.poll(async () => (await idsShown(page))[0]).toBe('so-a-2');
    await page.getByRole('button', { name: 'Modified', exact: true }).click();
    await expect.poll(async () => (await idsShown(page)).at(-1)).toBe('so-a-2');
    await page.getByRole('button', { name: 'In use', exact: true }).click();
    expect(await idsShown(page)).toHaveLength(shown.length);
    expect(pageConsole.takeProblems()).toEqual([]);
  });

  it('saves a change to a configuration a plugin serves as a copy, moving the plugin to it', async () => {
    const { page, baseUrl, pageConsole } = app;
    // GOLD_RUSH serves gold-live to players: an active plugin whose active set holds an active A/B-test
    await callApiFromPage(page, '/api/config/event/gr/create', {
      id: 'gold-live',
      description: 'Gold served now',
      active: true,
      data: { kind: 'event/gr' },
    });
    await callApiFromPage(page, '/api/abtest/create', { id: 'gold-test', description: 'Gold test', type: 0 });
    const { version } = (await callApiFromPage(page, '/api/abtest/versions/save', {
      id: 'gold-test',
      weights: [500_000, 500_000],
    })) as { version: number };
    await callApiFromPage(page, '/api/abtest/activate/version', { id: 'gold-test', version });
    await callApiFromPage(page, '/api/plugin/activate', { pluginId: GOLD_RUSH, active: true });
    // its draft serves gold-live in case 1 (control empty) and becomes the active set; the draft keeps it
    const { draftRevision } = (await getPlugin(page, GOLD_RUSH)).data;
    await callApiFromPage(page, '/api/plugin/draft/abtest', {
      pluginId: GOLD_RUSH,
      configurations: [{ abTestId: 'gold-test', abTestVersion: version, configurations: ['', 'gold-live'] }],
      draftRevision,
    });
    await callApiFromPage(page, '/api/plugin/draft/activate', {
      pluginId: GOLD_RUSH,
      draftRevision: draftRevision + 1,
    });
    // switched on only now: a draft entry whose A/B-test and version are both live is not activatable
    await callApiFromPage(page, '/api/abtest/activate/test', { id: 'gold-test', active: true });
    const before = (await getPlugin(page, GOLD_RUSH)).data;
    expect([before.active, before.draft]).toEqual([
      [{ abTestId: 'gold-test', abTestVersion: version, configurations: ['', 'gold-live'] }],
      [{ abTestId: 'gold-test', abTestVersion: version, configurations: ['', 'gold-live'] }],
    ]);

    await openList(page, baseUrl);
    await listRow(page, 'gold-live')
      .getByRole('img', { name: 'In use: served to players now by GOLD_RUSH (active set)' })
      .waitFor();
    await listRow(page, 'gold-live').getByRole('link', { name: 'gold-live' }).click();
    await page.getByRole('heading', { name: 'Edit Gold Rush' }).waitFor();
    await expect.poll(() => field(page, /^Description/).inputValue()).toBe('Gold served now');
    // what players get changes (the description alone would be saved in place)
    await field(page, /^Description/).fill('Gold, longer runs');
    await field(page, 'Max event duration').fill('3h');

    // Cancel leaves everything as it was
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: 'Error: Update changes active configuration' });
    await dialog
      .getByText(/^Update is not allowed: configuration 'gold-live' is served now by GOLD_RUSH/)
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(`${baseUrl}/config/GOLD_RUSH/gold-live/edit`);
    expect((await getConfig(page, 'event/gr', 'gold-live')).description).toBe('Gold served now');

    // Ok saves the edited values as a copy, moves the plugin and opens the copy
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Error: Update changes active configuration' });
    await dialog.getByRole('button', { name: 'Ok' }).click();
    await page.waitForURL(`${baseUrl}/config/GOLD_RUSH/gold-live-2/edit`);
    await expect.poll(() => field(page, /^Configuration ID/).inputValue()).toBe('gold-live-2');
    expect(await field(page, /^Description/).inputValue()).toBe('Gold, longer runs');
    expect(await field(page, 'Max event duration').inputValue()).toBe('3h');

    const original = await getConfig(page, 'event/gr', 'gold-live');
    expect(original.description).toBe('Gold served now');
    expect(original.activation.maxEventDuration).toBe(43_200);
    expect((await getConfig(page, 'event/gr', 'gold-live-2')).activation.maxEventDuration).toBe(10_800);
    const abTest = (await callApiFromPage(page, '/api/abtest/get', { id: 'gold-test' })) as {
      data: { version: number };
    };
    expect(abTest.data.version).toBe(version + 1);
    const moved = (await getPlugin(page, GOLD_RUSH)).data;
    expect([
      { state: 'active', entries: moved.active },
      { state: 'draft', entries: moved.draft },
    ]).toEqual([
      {
        state: 'active',
        entries: [{ abTestId: 'gold-test', abTestVersion: version + 1, configurations: ['', 'gold-live-2'] }],
      },
      {
        state: 'draft',
        entries: [{ abTestId: 'gold-test', abTestVersion: version + 1, configurations: ['', 'gold-live-2'] }],
      },
    ]);
    await openList(page, baseUrl);
    await listRow(page, 'gold-live-2')
      .getByRole('img', { name: 'In use: served to players now by GOLD_RUSH (active set)' })
      .waitFor();
    await listRow(page, 'gold-live').getByRole('img', { name: 'Not used by any plugin' }).waitFor();

    // the plugin's details (first tab, its active set) show it serving the copy, at the new version
    await page.goto(`${baseUrl}/plugin/${GOLD_RUSH}`);
    await page.getByRole('heading', { name: 'Plugin GOLD_RUSH' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Active' }).getAttribute('aria-selected')).toBe('true');
    const served = page.getByRole('region', { name: 'Entry gold-test' });
    await served.getByRole('link', { name: 'gold-live-2', exact: true }).waitFor();
    expect(
      await served
        .getByRole('table', { name: 'Cases of gold-test' })
        .locator('tbody tr td:last-child')
        .allTextContents(),
    ).toEqual(['No configuration', 'gold-live-2']);
    expect(await served.getByRole('link', { name: 'gold-live-2', exact: true }).getAttribute('href')).toBe(
      '/config/GOLD_RUSH/gold-live-2/edit',
    );
    expect(await served.locator('dt:text-is("Version") + dd').textContent()).toBe(String(version + 1));
    expect(await served.getByText('gold-live', { exact: true }).count()).toBe(0);
    expect(pageConsole.takeProblems([REFUSED_CALL])).toEqual([]);
  });
});
