import { listConfigWarnings } from '@console/domain/config';
import { PluginId } from '@console/domain/enums';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok } from '../../test/fakeApi.ts';
import { currentUrl, HistoryControls, historyBack, historyForward } from '../../test/historyControls.tsx';
import { ConfigListPage } from './ConfigListPage.tsx';
import {
  aConfigItem,
  aConfigRow,
  CREATED,
  configSearch,
  OPERATOR,
  renderInConsole,
} from './config.test-support.tsx';
import { DELETE_CONFIG_TITLE } from './useConfigListActions.ts';

const HOUR = 3_600_000;
const served = aConfigRow({
  id: 'duel-live',
  active: true,
  inUse: 'live',
  usedBy: [
    { pluginId: PluginId.DUEL, pluginName: 'DUEL', set: 'active', isLive: true },
    { pluginId: PluginId.DUEL, pluginName: 'DUEL', set: 'draft', isLive: false },
  ],
  created: CREATED + 2 * HOUR,
  modified: CREATED + 5 * HOUR,
});
const assigned = aConfigRow({
  id: 'b-race',
  pluginId: PluginId.AGILITY_RACE,
  active: true,
  inUse: 'assigned',
  usedBy: [{ pluginId: PluginId.AGILITY_RACE, pluginName: 'AGILITY_RACE', set: 'draft', isLive: false }],
  created: CREATED,
  modified: CREATED + 7 * HOUR,
});
const unused = aConfigRow({
  id: 'c-gold',
  pluginId: PluginId.GOLD_RUSH,
  created: CREATED + HOUR,
  modified: CREATED + 6 * HOUR,
});

function Location() {
  return <output aria-label="location">{useLocation().pathname}</output>;
}

function renderList(rows = [served, assigned, unused], path = '/config') {
  const api = fakeApi({
    '/api/plugin/config/warnings': () => ok(listConfigWarnings(rows)),
    '/api/plugin/config/search': configSearch(() => rows),
  });
  const rendered = renderInConsole(
    <>
      <Routes>
        <Route path="/config" element={<ConfigListPage />} />
        <Route path="*" element={null} />
      </Routes>
      <Location />
      <HistoryControls />
    </>,
    { path },
  );
  return { ...api, unmount: rendered.unmount };
}

const idsInOrder = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
const row = (id: string) => screen.getByRole('link', { name: id }).closest('tr')!;

describe('Configuration list', () => {
  it('shows the columns of the product, the type, a link to the editor and why each is in use', async () => {
    renderList();
    await screen.findByRole('link', { name: 'duel-live' });
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'State',
      'ID',
      'Type',
      'In use',
      'Description',
      'Created',
      'Modified',
      'User',
      'Actions',
    ]);
    expect(screen.getByRole('link', { name: 'duel-live' }).getAttribute('href')).toBe(
      '/config/DUEL/duel-live/edit',
    );
    expect(screen.getByRole('link', { name: 'c-gold' }).getAttribute('href')).toBe(
      '/config/GOLD_RUSH/c-gold/edit',
    );
    expect(within(row('b-race')).getByText('Agility Race')).toBeTruthy();
    expect(within(row('c-gold')).getByText('Gold Rush')).toBeTruthy();
    expect(within(row('b-race')).getByText(OPERATOR)).toBeTruthy();
    expect(within(row('duel-live')).getByRole('switch', { name: 'Active duel-live' })).toHaveProperty(
      'checked',
      true,
    );
    expect(
      within(row('duel-live')).getByRole('img', {
        name: 'In use: served to players now by DUEL (active set)',
      }),
    ).toBeTruthy();
    expect(
      within(row('b-race')).getByRole('img', { name: 'Assigned but not served now: AGILITY_RACE (draft)' }),
    ).toBeTruthy();
    expect(within(row('c-gold')).getByRole('img', { name: 'Not used by any plugin' })).toBeTruthy();
  });

  it('sorts by ID, Type, In use, Created and Modified, each way', async () => {
    renderList();
    await screen.findByRole('link', { name: 'duel-live' });
    expect(idsInOrder()).toEqual(['b-race', 'c-gold', 'duel-live']);
    const sortBy = (name: string) => userEvent.click(screen.getByRole('button', { name }));

    await sortBy('ID');
    expect(idsInOrder()).toEqual(['duel-live', 'c-gold', 'b-race']);
    await sortBy('Type');
    expect(idsInOrder()).toEqual(['b-race', 'duel-live', 'c-gold']);
    await sortBy('Type');
    expect(idsInOrder()).toEqual(['c-gold', 'duel-live', 'b-race']);
    await sortBy('In use');
    expect(idsInOrder()).toEqual(['duel-live', 'b-race', 'c-gold']);
    await sortBy('In use');
    expect(idsInOrder()).toEqual(['c-gold', 'b-race', 'duel-live']);
    await sortBy('Created');
    expect(idsInOrder()).toEqual(['duel-live', 'c-gold', 'b-race']);
    await sortBy('Created');
    expect(idsInOrder()).toEqual(['b-race', 'c-gold', 'duel-live']);
    await sortBy('Modified');
    expect(idsInOrder()).toEqual(['b-race', 'c-gold', 'duel-live']);
    await sortBy('Modified');
    expect(idsInOrder()).toEqual(['duel-live', 'c-gold', 'b-race']);
  });

  it('keeps the sort in the URL: it survives a reload, Back and Forward', async () => {
    const { unmount } = renderList();
    await screen.findByRole('link', { name: 'duel-live' });
    await userEvent.click(screen.getByRole('button', { name: 'Type' }));
    expect(currentUrl()).toBe('/config?sort=type&direction=asc');
    expect(idsInOrder()).toEqual(['b-race', 'duel-live', 'c-gold']);
    await userEvent.click(screen.getByRole('button', { name: 'Type' }));
    expect(currentUrl()).toBe('/config?sort=type&direction=desc');
    expect(idsInOrder()).toEqual(['c-gold', 'duel-live', 'b-race']);
    await historyBack();
    expect(currentUrl()).toBe('/config?sort=type&direction=asc');
    expect(idsInOrder()).toEqual(['b-race', 'duel-live', 'c-gold']);
    await historyBack();
    expect(currentUrl()).toBe('/config');
    expect(idsInOrder()).toEqual(['b-race', 'c-gold', 'duel-live']);
    await historyForward();
    expect(idsInOrder()).toEqual(['b-race', 'duel-live', 'c-gold']);

    // A reload: the page starts again from the URL alone.
    unmount();
    renderList(undefined, '/config?sort=inUse&direction=asc');
    await screen.findByRole('link', { name: 'duel-live' });
    expect(idsInOrder()).toEqual(['c-gold', 'b-race', 'duel-live']);
    const header = screen.getByRole('columnheader', { name: /In use/ });
    expect(header.getAttribute('aria-sort')).toBe('ascending');
  });

  it('reads an unknown sort in the URL as the default, by ID', async () => {
    renderList(undefined, '/config?sort=constructor&direction=up');
    await screen.findByRole('link', { name: 'duel-live' });
    expect(idsInOrder()).toEqual(['b-race', 'c-gold', 'duel-live']);
    expect(screen.getByRole('columnheader', { name: /^ID/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('shows the warnings box above the table, naming the configurations concerned', async () => {
    const api = renderList([
      served,
      aConfigRow({ id: 'duel-old' }),
      aConfigRow({ id: 'race-off-1', pluginId: PluginId.AGILITY_RACE }),
      aConfigRow({ id: 'race-off-2', pluginId: PluginId.AGILITY_RACE, inUse: 'assigned' }),
      ...['x', 'y', 'z'].map((id) =>
        aConfigRow({ id: `gold-${id}`, pluginId: PluginId.GOLD_RUSH, active: true }),
      ),
    ]);
    const box = await screen.findByRole('alert', { name: 'Warnings' });
    expect([...box.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      "2 Agility Race configurations are disabled: 'race-off-1', 'race-off-2'.",
      "Duel configuration 'duel-old' is disabled and not used: it can be removed safely.",
      "3 active Gold Rush configurations are not used by any AB-test: 'gold-x', 'gold-y', 'gold-z'.",
    ]);
    expect(
      box.compareDocumentPosition(screen.getByRole('table')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    // The server works them out: the screen never reads the whole list.
    expect(api.callsTo('/api/plugin/config/list')).toEqual([]);
  });

  it('names each original the "Update is not allowed" flow replaced that is still switched on and unused', async () => {
    renderList([
      served,
      aConfigRow({ id: 'ws-a', active: true, replacedBy: 'ws-a-2' }),
      aConfigRow({ id: 'ws-a-2', active: true, inUse: 'live' }),
      aConfigRow({ id: 'ws-b', active: true, replacedBy: 'ws-b-3' }),
      aConfigRow({ id: 'ws-c', active: false, inUse: 'assigned', replacedBy: 'ws-c-2' }),
    ]);
    const box = await screen.findByRole('alert', { name: 'Warnings' });
    expect([...box.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      "'ws-a' was replaced by 'ws-a-2' and is still switched on: switch it off or delete it.",
      "'ws-b' was replaced by 'ws-b-3' and is still switched on: switch it off or delete it.",
    ]);
  });

  it('shows no warnings box when nothing needs saying', async () => {
    renderList([served]);
    await screen.findByRole('link', { name: 'duel-live' });
    expect(screen.queryByRole('alert', { name: 'Warnings' })).toBeNull();
  });

  it('switches a configuration through its own kind, and shows an INFO refusal as Information', async () => {
    renderList();
    await screen.findByRole('link', { name: 'c-gold' });
    const handlers = fakeApi({
      '/api/plugin/config/warnings': () => ok(listConfigWarnings([served, assigned, unused])),
      '/api/plugin/config/search': configSearch(() => [served, assigned, unused]),
      '/api/config/event/gr/activate': () => ok(aConfigItem({ id: 'c-gold', active: true })),
      '/api/config/duel/activate': () =>
        fail(422, 'INFO: Duel configurations cannot be deactivated once active'),
    });
    await userEvent.click(await screen.findByRole('switch', { name: 'Active c-gold' }));
    await waitFor(() =>
      expect(handlers.callsTo('/api/config/event/gr/activate').map((call) => call.body)).toEqual([
        { id: 'c-gold', active: true },
      ]),
    );
    expect(await screen.findByText('Configuration c-gold activated')).toBeTruthy();
    await userEvent.click(screen.getByRole('switch', { name: 'Active duel-live' }));
    const information = await screen.findByRole('dialog', { name: 'Information' });
    expect(
      within(information).getByText('Duel configurations cannot be deactivated once active'),
    ).toBeTruthy();
    expect(handlers.callsTo('/api/config/duel/activate').map((call) => call.body)).toEqual([
      { id: 'duel-live', active: false },
    ]);
  });

  it('deletes after a confirmation, and shows a refusal as a processing error in code text', async () => {
    renderList();
    await screen.findByRole('link', { name: 'b-race' });
    const api = fakeApi({
      '/api/plugin/config/warnings': () => ok(listConfigWarnings([served, assigned, unused])),
      '/api/plugin/config/search': configSearch(() => [served, assigned, unused]),
      '/api/config/ar/delete': () =>
        fail(
          409,
          "Configuration 'b-race' is used by AGILITY_RACE (draft); remove it from those plugins first",
        ),
      '/api/config/event/gr/delete': () => ok({ id: 'c-gold' }),
    });

    await userEvent.click(screen.getByRole('button', { name: 'Delete c-gold' }));
    const confirmation = await screen.findByRole('dialog', { name: DELETE_CONFIG_TITLE });
    await userEvent.click(within(confirmation).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('/api/config/event/gr/delete')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete c-gold' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: DELETE_CONFIG_TITLE })).getByRole('button', {
        name: 'Yes',
      }),
    );
    expect(await screen.findByText('Configuration c-gold deleted')).toBeTruthy();
    expect(api.callsTo('/api/config/event/gr/delete').map((call) => call.body)).toEqual([{ id: 'c-gold' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Delete b-race' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: DELETE_CONFIG_TITLE })).getByRole('button', {
        name: 'Yes',
      }),
    );
    const error = await screen.findByRole('dialog', { name: 'Error: Processing Configuration' });
    const code = error.querySelector('pre code');
    expect(code?.textContent).toBe(
      "Configuration 'b-race' is used by AGILITY_RACE (draft); remove it from those plugins first",
    );
  });

  it('clones a configuration and names the copy', async () => {
    renderList();
    await screen.findByRole('link', { name: 'duel-live' });
    const api = fakeApi({
      '/api/plugin/config/warnings': () => ok(listConfigWarnings([served, assigned, unused])),
      '/api/plugin/config/search': configSearch(() => [served, assigned, unused]),
      '/api/config/duel/duplicate': () => ok({ configId: 'duel-live-2', pluginName: 'DUEL' }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Clone duel-live' }));
    expect(await screen.findByText('Configuration duel-live cloned as duel-live-2')).toBeTruthy();
    expect(api.callsTo('/api/config/duel/duplicate').map((call) => call.body)).toEqual([{ id: 'duel-live' }]);
    await waitFor(() => expect(api.callsTo('/api/plugin/config/warnings').length).toBeGreaterThan(0));
  });

  it('creates a configuration of the type chosen in the grouped dropdown', async () => {
    renderList();
    await screen.findByRole('link', { name: 'duel-live' });
    const create = screen.getByRole('button', { name: 'Create' });
    expect(create).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('combobox', { name: 'Configuration type' }));
    const listbox = await screen.findByRole('listbox');
    const groups = [...listbox.querySelectorAll('li.MuiListSubheader-root')].map((item) => item.textContent);
    expect(groups).toEqual([
      'Races',
      'Duel',
      'Streaks',
      'Build and break events',
      'Offers',
      'Events',
      'Other plugins',
    ]);
    // titles are not choices
    expect(within(listbox).queryByRole('option', { name: 'Races' })).toBeNull();
    expect(within(listbox).getAllByRole('option', { name: 'Duel' })).toHaveLength(1);
    await userEvent.click(within(listbox).getByRole('option', { name: 'Endurance Race' }));
    await userEvent.click(create);
    expect(screen.getByRole('status', { name: 'location' }).textContent).toBe(
      '/config/ENDURANCE_RACE/create',
    );
  });
});
