import type { PluginListItem } from '@console/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok } from '../../test/fakeApi.ts';
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
      '/api/auth/me': () => ok({ email: 'op@example.com' }),
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
});
