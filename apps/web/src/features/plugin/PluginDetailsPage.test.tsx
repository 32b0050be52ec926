import { caseLabel } from '@console/domain/abtest';
import { PluginId } from '@console/domain/enums';
import { PLUGIN_MESSAGES } from '@console/domain/plugin';
import { INACTIVE_TEST_SENTENCE } from '@console/domain/runtime';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok, signedInAs } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { DRAFT_VALID, DRAFT_VALID_BUT_STALE } from './DraftTab.tsx';
import { activated, aDuelConfig, aDuelPlugin, anAbTest, fakePluginServer } from './plugin.test-support.ts';
import { STALE_DRAFT_TITLE } from './useDraftActivation.ts';

const HALF = 500_000;
const QUARTER = 250_000;
const spring = anAbTest('spring-sale', [[[HALF, HALF], false]], { caseDescriptions: ['control', 'cheaper'] });
// v0 is active, v1 (three cases) is not yet
const summer = anAbTest(
  'summer-fun',
  [
    [[1_000_000], true],
    [[HALF, QUARTER, QUARTER], false],
  ],
  { active: true },
);
// active, and its only version is active: all versions are already active
const winter = anAbTest('winter-run', [[[HALF, HALF], true]], { active: true });
const configs = [aDuelConfig('duel-a'), aDuelConfig('duel-b'), aDuelConfig('duel-c')];

type ServerOptions = Partial<Parameters<typeof fakePluginServer>[0]>;

function renderPlugin(path: string, options: ServerOptions = {}) {
  const server = fakePluginServer({
    plugin: aDuelPlugin(),
    abTests: [spring, summer, winter],
    configs,
    ...options,
  });
  renderApp(`/plugin/${path}`);
  return server;
}

/** A plugin whose draft holds these entries, with the A/B-tests they refer to. */
const withDraft = (draft: { abTestId: string; abTestVersion: number; configurations: string[] }[]) =>
  aDuelPlugin({ draft }, [spring, summer, winter]);

const entry = (abTestId: string) => screen.getByRole('region', { name: `Entry ${abTestId}` });
const entriesShown = () =>
  screen.getAllByRole('region', { name: /^Entry / }).map((region) => region.getAttribute('aria-label'));
const validity = () =>
  within(screen.getByRole('region', { name: 'Draft validity' }))
    .getAllByRole('alert')
    .map((alert) => alert.textContent);
const configurationsShown = (abTestId: string) =>
  within(within(entry(abTestId)).getByRole('table', { name: `Cases of ${abTestId}` }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.lastElementChild?.textContent?.replace(/Choose$/, ''));

async function addAbTest(id: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Add AB-test' }));
  const picker = await screen.findByRole('dialog', { name: 'Add AB-test' });
  await userEvent.click(await within(picker).findByText(id));
  await screen.findByRole('region', { name: `Entry ${id}` });
}

/** Neither disabled nor busy: while a save is in flight the draft's controls keep focus but say aria-disabled. */
const isUsable = (control: HTMLElement) =>
  !(control as HTMLButtonElement).disabled && control.getAttribute('aria-disabled') !== 'true';

async function chooseConfiguration(abTestId: string, caseIndex: number, configId: string) {
  const choose = await screen.findByRole('button', {
    name: `Choose configuration for ${caseLabel(caseIndex)} of ${abTestId}`,
  });
  await waitFor(() => expect(isUsable(choose)).toBe(true));
  await userEvent.click(choose);
  const picker = await screen.findByRole('dialog', { name: 'Select Duel configuration' });
  await userEvent.click(await within(picker).findByText(configId));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

/** Waits until the autosave is through (the draft's controls take input again). */
const settled = () =>
  waitFor(() => expect(isUsable(screen.getByRole('button', { name: 'Add AB-test' }))).toBe(true));

describe('Plugin details', () => {
  it('says "Plugin not found" for a missing plugin and links back to the list', async () => {
    renderPlugin('77');
    expect(await screen.findByRole('heading', { name: 'Plugin not found' })).toBeTruthy();
    expect(screen.getByText("There is no plugin with the ID '77' in dev.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to plugins' }).getAttribute('href')).toBe('/plugin');
  });

  it('names an existing plugin in its heading', async () => {
    renderPlugin('4');
    expect(await screen.findByRole('heading', { name: 'Plugin DUEL' })).toBeTruthy();
  });

  it('says "Plugin not found" when the environment has no row for a known plugin', async () => {
    const server = renderPlugin('100');
    expect(await screen.findByRole('heading', { name: 'Plugin not found' })).toBeTruthy();
    expect(server.callsTo('/api/plugin/get').map((call) => call.body)).toEqual([{ pluginId: 100 }]);
  });

  it('edits the description in place and saves it at once', async () => {
    const server = renderPlugin('4');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit description' }));
    const field = screen.getByRole('textbox', { name: 'Description' });
    await userEvent.clear(field);
    await userEvent.type(field, 'Duels all week{Enter}');
    expect(await screen.findByText('Duels all week')).toBeTruthy();
    expect(server.callsTo('/api/plugin/set/description').map((call) => call.body)).toEqual([
      { pluginId: PluginId.DUEL, description: 'Duels all week' },
    ]);
    expect(await screen.findByText('Description of plugin DUEL saved')).toBeTruthy();
  });

  it('keeps the tab in ?tab=: 0 shows the active set read-only, 1 the draft', async () => {
    const plugin = aDuelPlugin(
      {
        active: [{ abTestId: 'summer-fun', abTestVersion: 0, configurations: ['duel-a'] }],
        draft: [{ abTestId: 'spring-sale', abTestVersion: 0, configurations: ['', 'duel-b'] }],
      },
      [spring, summer],
    );
    renderPlugin('4', { plugin });
    const live = await screen.findByRole('region', { name: 'Entry summer-fun' });
    expect(screen.getByRole('tab', { name: 'Active' }).getAttribute('aria-selected')).toBe('true');
    const card = within(live).getByRole('region', { name: 'AB-test summer-fun' });
    expect(within(card).getByRole('link', { name: 'summer-fun' }).getAttribute('href')).toBe(
      '/abtest/summer-fun',
    );
    expect(within(card).getByText('active')).toBeTruthy();
    expect(within(live).getByRole('link', { name: 'duel-a' }).getAttribute('href')).toBe(
      '/config/DUEL/duel-a/edit',
    );
    // read-only: no controls, no warning icon
    expect(within(live).queryByRole('button')).toBeNull();
    expect(within(live).queryByRole('img', { name: /./ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add AB-test' })).toBeNull();

    await userEvent.click(screen.getByRole('tab', { name: 'Draft' }));
    expect(new URLSearchParams(window.location.search).get('tab')).toBe('1');
    const draft = await screen.findByRole('region', { name: 'Entry spring-sale' });
    expect(
      within(draft)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Case 1 (control)control50.00%No configurationChoose', 'Case 2cheaper50.00%duel-bChoose']);
    expect(screen.queryByRole('region', { name: 'Entry summer-fun' })).toBeNull();

    await userEvent.click(screen.getByRole('tab', { name: 'Active' }));
    expect(new URLSearchParams(window.location.search).get('tab')).toBe('0');
    expect(await screen.findByRole('region', { name: 'Entry summer-fun' })).toBeTruthy();
  });

  it('opens the draft with ?tab=1; each edit autosaves, shows the AutoSave toast and changes the messages', async () => {
    const server = renderPlugin('4?tab=1');
    await screen.findByRole('button', { name: 'Add AB-test' });
    expect(validity()).toEqual([PLUGIN_MESSAGES.noAbTest]);
    expect(screen.getByRole('button', { name: 'Activate' })).toHaveProperty('disabled', true);

    await addAbTest('spring-sale');
    // Added at its highest version with one empty slot per case, saved with the draft revision
    expect(server.callsTo('/api/plugin/draft/abtest').map((call) => call.body)).toEqual([
      {
        pluginId: PluginId.DUEL,
        configurations: [{ abTestId: 'spring-sale', abTestVersion: 0, configurations: ['', ''] }],
        draftRevision: 7,
      },
    ]);
    const toast = (await screen.findByText(PLUGIN_MESSAGES.autosaveText)).closest('[role="alert"]');
    expect(toast?.textContent).toBe(`${PLUGIN_MESSAGES.autosaveTitle}${PLUGIN_MESSAGES.autosaveText}`);
    expect(validity()).toEqual([PLUGIN_MESSAGES.emptyNotControl('spring-sale')]);

    await chooseConfiguration('spring-sale', 1, 'duel-a');
    await waitFor(() => expect(validity()).toEqual([DRAFT_VALID]));

    // summer-fun comes at version 1 (three cases): valid, but two non-control cases are empty
    await settled();
    await addAbTest('summer-fun');
    await waitFor(() => expect(validity()).toEqual([PLUGIN_MESSAGES.emptyNotControl('summer-fun')]));
    expect(configurationsShown('summer-fun')).toEqual([
      'No configuration',
      'No configuration',
      'No configuration',
    ]);

    // winter-run: active, its active version is the highest: invalid, with the warning icon
    await settled();
    await addAbTest('winter-run');
    await waitFor(() =>
      expect(validity()).toEqual([
        PLUGIN_MESSAGES.emptyNotControl('summer-fun'),
        PLUGIN_MESSAGES.invalidEntry('winter-run'),
        PLUGIN_MESSAGES.emptyNotControl('winter-run'),
      ]),
    );
    expect(
      within(entry('winter-run')).getByRole('img', {
        name: PLUGIN_MESSAGES.allVersionsActive('winter-run'),
      }),
    ).toBeTruthy();
    expect(within(entry('spring-sale')).queryByRole('img', { name: /./ })).toBeNull();
    expect(server.state.plugin.data.draftRevision).toBe(11);
    // The toast hides by itself (waited for, not timed: how long a toast shows is checked with fake
    // timers in GlobalDialogs.test.tsx)
    await waitFor(() => expect(screen.queryByText(PLUGIN_MESSAGES.autosaveText)).toBeNull());
  });

  it('shows a viewer the draft and its validation, every control that saves disabled with the reason', async () => {
    const server = renderPlugin('4?tab=1', {
      plugin: withDraft([
        { abTestId: 'summer-fun', abTestVersion: 1, configurations: ['duel-a', '', 'duel-b'] },
      ]),
      extra: { '/api/auth/me': () => signedInAs('viewer@example.com', 'viewer') },
    });
    const card = await screen.findByRole('region', { name: 'Entry summer-fun' });
    const saving = [
      within(card).getByRole('button', { name: 'Reload summer-fun' }),
      within(card).getByRole('button', { name: 'Delete summer-fun' }),
      within(card).getByRole('button', { name: `Choose configuration for ${caseLabel(0)} of summer-fun` }),
      screen.getByRole('button', { name: 'Add AB-test' }),
      screen.getByRole('button', { name: 'Edit description' }),
      screen.getByRole('button', { name: 'Activate' }),
    ];
    await waitFor(() =>
      expect(saving.map((button) => (button as HTMLButtonElement).disabled)).not.toContain(false),
    );
    await userEvent.hover(saving[1]!.parentElement!);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Requires operator rights in dev');
    // Validate only reads: a viewer may use it.
    await userEvent.click(screen.getByRole('button', { name: 'Validate' }));
    await screen.findByRole('region', { name: 'Validation' });
    expect(server.callsTo('/api/plugin/draft/abtest')).toEqual([]);
  });

  it('clears a configuration from the other cases of its entry when it is chosen for a case', async () => {
    const server = renderPlugin('4?tab=1', {
      plugin: withDraft([
        { abTestId: 'summer-fun', abTestVersion: 1, configurations: ['duel-a', '', 'duel-b'] },
      ]),
    });
    await screen.findByRole('region', { name: 'Entry summer-fun' });
    await chooseConfiguration('summer-fun', 1, 'duel-a');
    await waitFor(() =>
      expect(configurationsShown('summer-fun')).toEqual(['No configuration', 'duel-a', 'duel-b']),
    );
    await settled();
    await chooseConfiguration('summer-fun', 2, 'duel-a');
    await waitFor(() =>
      expect(configurationsShown('summer-fun')).toEqual(['No configuration', 'No configuration', 'duel-a']),
    );
    expect(server.savedDrafts()).toEqual([
      [{ abTestId: 'summer-fun', abTestVersion: 1, configurations: ['', 'duel-a', 'duel-b'] }],
      [{ abTestId: 'summer-fun', abTestVersion: 1, configurations: ['', '', 'duel-a'] }],
    ]);
  });

  it('reorders, reloads (slots padded to the newest version) and deletes entries', async () => {
    const server = renderPlugin('4?tab=1', {
      plugin: withDraft([
        { abTestId: 'spring-sale', abTestVersion: 0, configurations: ['', 'duel-a'] },
        { abTestId: 'summer-fun', abTestVersion: 0, configurations: ['duel-c'] },
      ]),
    });
    await screen.findByRole('region', { name: 'Entry summer-fun' });
    expect(screen.getByRole('button', { name: 'Move up spring-sale' })).toHaveProperty('disabled', true);

    await userEvent.click(screen.getByRole('button', { name: 'Move up summer-fun' }));
    await waitFor(() => expect(entriesShown()).toEqual(['Entry summer-fun', 'Entry spring-sale']));
    await settled();

    await userEvent.click(screen.getByRole('button', { name: 'Reload summer-fun' }));
    await waitFor(() =>
      expect(configurationsShown('summer-fun')).toEqual(['duel-c', 'No configuration', 'No configuration']),
    );
    await settled();

    await userEvent.click(screen.getByRole('button', { name: 'Delete spring-sale' }));
    await waitFor(() => expect(entriesShown()).toEqual(['Entry summer-fun']));
    expect(server.savedDrafts()).toEqual([
      [
        { abTestId: 'summer-fun', abTestVersion: 0, configurations: ['duel-c'] },
        { abTestId: 'spring-sale', abTestVersion: 0, configurations: ['', 'duel-a'] },
      ],
      [
        { abTestId: 'summer-fun', abTestVersion: 1, configurations: ['duel-c', '', ''] },
        { abTestId: 'spring-sale', abTestVersion: 0, configurations: ['', 'duel-a'] },
      ],
      [{ abTestId: 'summer-fun', abTestVersion: 1, configurations: ['duel-c', '', ''] }],
    ]);
    expect(server.callsTo('/api/abtest/get').map((call) => call.body)).toEqual([{ id: 'summer-fun' }]);
  });

  it('refuses to add an A/B-test twice, saying so in the banner without saving', async () => {
    const server = renderPlugin('4?tab=1', {
      plugin: withDraft([{ abTestId: 'spring-sale', abTestVersion: 0, configurations: ['', 'duel-a'] }]),
    });
    await screen.findByRole('region', { name: 'Entry spring-sale' });
    await userEvent.click(screen.getByRole('button', { name: 'Add AB-test' }));
    await userEvent.click(await within(await screen.findByRole('dialog')).findByText('spring-sale'));
    expect(await screen.findByText("AB-test 'spring-sale' is added to the draft twice")).toBeTruthy();
    expect(server.savedDrafts()).toEqual([]);
  });

  it('lists fatal usage errors per plugin and keeps Activate disabled', async () => {
    const server = renderPlugin('4?tab=1', {
      plugin: withDraft([{ abTestId: 'spring-sale', abTestVersion: 0, configurations: ['', 'duel-a'] }]),
      usage: () => ({ validUsages: [], fatal: [[PluginId.STORE, 'STORE serves another version']] }),
    });
    await screen.findByRole('region', { name: 'Entry spring-sale' });
    expect(screen.getByRole('button', { name: 'Activate' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: 'Validate' }));
    const validation = await screen.findByRole('region', { name: 'Validation' });
    expect(await within(validation).findByText('STORE: STORE serves another version')).toBeTruthy();
    expect(within(validation).getByText('Validation found errors that block activation')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Activate' })).toHaveProperty('disabled', true);
    expect(server.callsTo('/api/plugin/abtest-usage').map((call) => call.body)).toEqual([
      { pluginId: PluginId.DUEL, abTestId: 'spring-sale', abTestVersion: 0 },
    ]);
  });

  it('shows per entry, and per plugin activated alongside, the players the activation changes', async () => {
    const moves = '10.00% of players in this test move: 10.00% from Case 1 (control) to Case 2';
    const changes = "60.00% of the players in this test's segment get another configuration";
    const impactOf = (
      abTestId: string,
      abTestVersion: number,
      change: string,
      sentence: string,
      configurationSentence: string,
      unaffected: string | null = null,
    ) => ({
      abTestId,
      abTestVersion,
      change,
      impact: {
        moves: { moved: 0, flows: [] },
        everyoneResplit: false,
        sentence,
        configurationChanged: 0,
        configurationSentence,
        unaffected,
      },
    });
    const server = renderPlugin('4?tab=1', {
      plugin: withDraft([
        { abTestId: 'spring-sale', abTestVersion: 0, configurations: ['', 'duel-a'] },
        { abTestId: 'summer-fun', abTestVersion: 1, configurations: ['', 'duel-b', 'duel-c'] },
      ]),
      usage: ({ abTestId }) => ({
        validUsages: abTestId === 'summer-fun' ? [PluginId.STORE] : [],
        fatal: [],
      }),
      extra: {
        '/api/plugin/draft/impact': () =>
          ok({
            entries: [
              impactOf(
                'spring-sale',
                0,
                'kept',
                INACTIVE_TEST_SENTENCE,
                'No player changes configuration',
                'abtest-inactive',
              ),
              impactOf('summer-fun', 1, 'kept', moves, changes),
              impactOf(
                'winter-run',
                0,
                'removed',
                'No player changes case',
                'No player changes configuration',
              ),
            ],
            alongside: [
              {
                pluginId: PluginId.STORE,
                pluginName: 'STORE',
                entries: [
                  impactOf('summer-fun', 1, 'kept', moves, 'No player changes configuration'),
                  impactOf('winter-run', 0, 'removed', 'No player changes case', changes),
                ],
              },
            ],
          }),
      },
    });
    await screen.findByRole('region', { name: 'Entry spring-sale' });
    await userEvent.click(screen.getByRole('button', { name: 'Validate' }));
    const validation = await screen.findByRole('region', { name: 'Validation' });
    const store = await within(validation).findByRole('region', { name: 'STORE, activated alongside' });

    // This plugin's entries: an inactive test says so alone; the others say both figures.
    const own = (abTestId: string) =>
      within(validation)
        .getAllByRole('note', { name: `Impact on ${abTestId}` })
        .find((note) => !store.contains(note))!.textContent;
    expect(own('spring-sale')).toBe(INACTIVE_TEST_SENTENCE);
    expect(own('summer-fun')).toBe(moves + changes);
    expect(within(validation).getByText('AB-test winter-run, version 0: Removed by this draft')).toBeTruthy();

    // The plugin activated alongside, grouped under its name with its own entries and figures.
    expect(within(store).getByText('AB-test summer-fun, version 1')).toBeTruthy();
    expect(within(store).getByRole('note', { name: 'Impact on summer-fun' }).textContent).toBe(
      `${moves}No player changes configuration`,
    );
    expect(within(store).getByText('AB-test winter-run, version 0: Removed by its draft')).toBeTruthy();
    expect(within(store).getByRole('note', { name: 'Impact on winter-run' }).textContent).toBe(
      `No player changes case${changes}`,
    );
    expect(server.callsTo('/api/plugin/draft/impact').map((call) => call.body)).toEqual([{ pluginId: 4 }]);
  });

  it('validates, activates, shows the result dialog, and Close reloads the plugin on the first tab', async () => {
    const server = renderPlugin('4?tab=1', {
      plugin: withDraft([
        { abTestId: 'spring-sale', abTestVersion: 0, configurations: ['', 'duel-a'] },
        { abTestId: 'summer-fun', abTestVersion: 1, configurations: ['', 'duel-b', 'duel-c'] },
      ]),
      usage: ({ abTestId }) => ({
        validUsages: abTestId === 'summer-fun' ? [PluginId.STORE] : [],
        fatal: [],
      }),
      activate: () => ok(activated([PluginId.DUEL], [[PluginId.STORE, 'its draft is stale']])),
    });
    await screen.findByRole('region', { name: 'Entry summer-fun' });
    await userEvent.click(screen.getByRole('button', { name: 'Validate' }));
    const validation = await screen.findByRole('region', { name: 'Validation' });
    expect(await within(validation).findByText('Validation passed')).toBeTruthy();
    expect(within(validation).getByText('No other plugin is activated alongside')).toBeTruthy();
    expect(within(validation).getByText('Activated alongside: STORE')).toBeTruthy();

    const activate = screen.getByRole('button', { name: 'Activate' });
    await waitFor(() => expect(activate).toHaveProperty('disabled', false));
    await userEvent.click(activate);
    const dialog = await screen.findByRole('dialog', { name: 'Activation result' });
    expect(within(dialog).getByText('Plugin DUEL was activated.')).toBeTruthy();
    expect(
      within(dialog).getByText('Activation of STORE failed with message: its draft is stale'),
    ).toBeTruthy();
    expect(server.callsTo('/api/plugin/draft/activate').map((call) => call.body)).toEqual([
      { pluginId: PluginId.DUEL, draftRevision: 7 },
    ]);
    // static backdrop: Escape does not close it
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Activation result' })).toBeTruthy();

    const loads = server.callsTo('/api/plugin/get').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(new URLSearchParams(window.location.search).get('tab')).toBe('0');
    expect(screen.getByRole('tab', { name: 'Active' }).getAttribute('aria-selected')).toBe('true');
    // Activate is gone with the draft tab: focus is on the result, the Active tab.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Active' })));
    await waitFor(() => expect(server.callsTo('/api/plugin/get').length).toBeGreaterThan(loads));
  });

  it('shows "Activation Failed" with the error when the whole call fails', async () => {
    renderPlugin('4?tab=1', {
      plugin: withDraft([{ abTestId: 'spring-sale', abTestVersion: 0, configurations: ['', 'duel-a'] }]),
      activate: () => fail(422, "AB-test 'spring-sale' not found"),
    });
    await screen.findByRole('region', { name: 'Entry spring-sale' });
    await userEvent.click(screen.getByRole('button', { name: 'Validate' }));
    const activate = screen.getByRole('button', { name: 'Activate' });
    await waitFor(() => expect(activate).toHaveProperty('disabled', false));
    await userEvent.click(activate);
    const dialog = await screen.findByRole('dialog', {
      name: `Error: ${PLUGIN_MESSAGES.activationFailedTitle}`,
    });
    expect(dialog.textContent).toContain("AB-test 'spring-sale' not found");
  });

  it('offers to reload a stale draft on top of the current active set, and does so', async () => {
    const stale =
      'The draft of DUEL is stale: it was made on active set revision 3, and the active set is now revision 4.';
    const draft = [{ abTestId: 'spring-sale', abTestVersion: 0, configurations: ['', 'duel-a'] }];
    const server = renderPlugin('4?tab=1', {
      plugin: withDraft(draft),
      activate: () => fail(409, stale),
    });
    await screen.findByRole('region', { name: 'Entry spring-sale' });
    // meanwhile someone activated: the active set is now revision 4
    server.setPlugin(
      aDuelPlugin({ draft, activeRevision: 4, draftRevision: 8, draftBaseRevision: 3 }, [spring]),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Validate' }));
    const activate = screen.getByRole('button', { name: 'Activate' });
    await waitFor(() => expect(activate).toHaveProperty('disabled', false));
    await userEvent.click(activate);

    const question = await screen.findByRole('dialog', { name: STALE_DRAFT_TITLE });
    expect(question.textContent).toContain(stale);
    await userEvent.click(within(question).getByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(server.callsTo('/api/plugin/draft/abtest').map((call) => call.body)).toEqual([
        { pluginId: PluginId.DUEL, configurations: draft, draftRevision: 8, baseRevision: 4 },
      ]),
    );
    expect(await screen.findByText(PLUGIN_MESSAGES.autosaveText)).toBeTruthy();
    // the validation was of the old draft revision: Validate again before Activate
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Validation' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Activate' })).toHaveProperty('disabled', true);
  });

  it('removes a draft entry with an Undo on its toast, which puts it back where it was', async () => {
    const draft = [
      { abTestId: 'spring-sale', abTestVersion: 0, configurations: ['', 'duel-a'] },
      { abTestId: 'summer-fun', abTestVersion: 0, configurations: ['duel-c'] },
    ];
    const server = renderPlugin('4?tab=1', { plugin: withDraft(draft) });
    await screen.findByRole('region', { name: 'Entry summer-fun' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete spring-sale' }));
    await waitFor(() => expect(entriesShown()).toEqual(['Entry summer-fun']));
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(entriesShown()).toEqual(['Entry spring-sale', 'Entry summer-fun']));
    expect(server.savedDrafts()).toEqual([[draft[1]], draft]);
  });

  it('says a plugin that is switched off was activated, and that players do not get it yet', async () => {
    renderPlugin('4?tab=1', {
      plugin: {
        ...withDraft([{ abTestId: 'spring-sale', abTestVersion: 0, configurations: ['', 'duel-a'] }]),
        active: false,
      },
    });
    await screen.findByRole('region', { name: 'Entry spring-sale' });
    await userEvent.click(screen.getByRole('button', { name: 'Validate' }));
    const activate = screen.getByRole('button', { name: 'Activate' });
    await waitFor(() => expect(activate).toHaveProperty('disabled', false));
    await userEvent.click(activate);
    const dialog = await screen.findByRole('dialog', { name: 'Activation result' });
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Plugin DUEL was activated. It is switched off, so players do not get it yet.',
    );
  });

  it('never shows a stale draft as valid: the entries are valid, but it must be reloaded first', async () => {
    const draft = [{ abTestId: 'spring-sale', abTestVersion: 0, configurations: ['', 'duel-a'] }];
    renderPlugin('4?tab=1', {
      plugin: aDuelPlugin({ draft, activeRevision: 5, draftRevision: 9, draftBaseRevision: 4 }, [spring]),
    });
    await screen.findByRole('button', { name: 'Reload draft' });
    expect(validity()).toEqual([DRAFT_VALID_BUT_STALE]);
    await userEvent.click(screen.getByRole('button', { name: 'Reload draft' }));
    await waitFor(() => expect(validity()).toEqual([DRAFT_VALID]));
  });

  it('shows a draft made on an older active set as stale, with Reload draft', async () => {
    const draft = [{ abTestId: 'spring-sale', abTestVersion: 0, configurations: ['', 'duel-a'] }];
    const server = renderPlugin('4?tab=1', {
      plugin: aDuelPlugin({ draft, activeRevision: 5, draftRevision: 9, draftBaseRevision: 4 }, [spring]),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Reload draft' }));
    await waitFor(() =>
      expect(server.callsTo('/api/plugin/draft/abtest').map((call) => call.body)).toEqual([
        { pluginId: PluginId.DUEL, configurations: draft, draftRevision: 9, baseRevision: 5 },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reload draft' })).toBeNull());
  });

  it('reports an autosave refused because the draft changed meanwhile, and shows the draft as it is', async () => {
    const server = renderPlugin('4?tab=1', {
      plugin: withDraft([{ abTestId: 'spring-sale', abTestVersion: 0, configurations: ['', 'duel-a'] }]),
    });
    await screen.findByRole('region', { name: 'Entry spring-sale' });
    // another operator's autosave
    server.setPlugin(
      aDuelPlugin(
        {
          draft: [{ abTestId: 'summer-fun', abTestVersion: 1, configurations: ['', 'duel-b', 'duel-c'] }],
          draftRevision: 8,
        },
        [summer],
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete spring-sale' }));
    expect(await screen.findByText('The draft of DUEL was changed meanwhile')).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Entry summer-fun' })).toBeTruthy();
    expect(screen.queryByText(PLUGIN_MESSAGES.autosaveText)).toBeNull();
  });
});
