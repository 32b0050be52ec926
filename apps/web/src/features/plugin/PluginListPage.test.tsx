import type { PluginListItem } from '@console/domain/operations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { writeActiveEnvironment } from '../../shell/environment/environment.storage.ts';
import { fail, fakeApi, ok, signedInAs } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

const plugin = (id: number, name: string, active: boolean, lastModifier = ''): PluginListItem => ({
  id,
  name,
  active,
  description: `${name} description`,
  created: Date.UTC(2026, 0, 2, 3, 4),
  modified: Date.UTC(2026, 0, 2, 3, 4),
  lastModifier,
});

describe('Plugin list', () => {
  it('toggles a plugin, reloads the list, and reports a refusal in the banner', async () => {
    let duel = plugin(4, 'DUEL', false);
    const api = fakeApi({
      '/api/auth/me': () => signedInAs(),
      '/api/configuration/list': () => ok(['dev']),
      '/api/plugin/list': () => ok([duel, plugin(100, 'STORE', true)]),
      '/api/plugin/activate': ({ body }) => {
        const { pluginId, active } = body as { pluginId: number; active: boolean };
        if (pluginId === 100) return fail(404, 'Plugin STORE (100) not found in environment dev');
        duel = plugin(4, 'DUEL', active, 'op@example.com');
        return ok(duel);
      },
    });
    renderApp('/plugin');
    expect(await screen.findByText(/A plugin is a section of the game client/)).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'DUEL' });
    expect(link.getAttribute('href')).toBe('/plugin/4');
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['State', 'ID', 'Description', 'Created', 'Modified', 'Modifier']);

    await userEvent.click(screen.getByRole('switch', { name: 'DUEL active' }));
    const row = (await screen.findByText('op@example.com', { selector: 'td' })).closest('tr')!;
    expect(within(row).getByRole('switch', { name: 'DUEL active' })).toHaveProperty('checked', true);
    expect(api.callsTo('/api/plugin/activate').map((call) => call.body)).toEqual([
      { pluginId: 4, active: true },
    ]);

    await userEvent.click(screen.getByRole('switch', { name: 'STORE active' }));
    expect(await screen.findByText('Plugin STORE (100) not found in environment dev')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('/api/plugin/list')).toHaveLength(3));
  });

  it('shows the result in a toast, and in prod asks before switching', async () => {
    let duel = plugin(4, 'DUEL', false);
    const api = fakeApi({
      '/api/auth/me': () => signedInAs(),
      '/api/configuration/list': () => ok(['dev', 'prod']),
      '/api/plugin/list': () => ok([duel]),
      '/api/plugin/activate': ({ body }) => {
        duel = plugin(4, 'DUEL', (body as { active: boolean }).active, 'op@example.com');
        return ok(duel);
      },
    });
    writeActiveEnvironment('prod');
    renderApp('/plugin');
    const duelSwitch = await screen.findByRole('switch', { name: 'DUEL active' });

    await userEvent.click(duelSwitch);
    const question = await screen.findByRole('dialog', { name: 'Switch DUEL on in prod?' });
    expect(within(question).getByText('Players in prod get DUEL at once.')).toBeTruthy();
    await userEvent.click(within(question).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('/api/plugin/activate')).toEqual([]);

    await userEvent.click(duelSwitch);
    await userEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('DUEL switched on in prod')).toBeTruthy();
    expect(api.callsTo('/api/plugin/activate')).toEqual([
      { path: '/api/plugin/activate', configuration: 'prod', body: { pluginId: 4, active: true } },
    ]);
  });
});
