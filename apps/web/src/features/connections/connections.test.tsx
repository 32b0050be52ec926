import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, signedInAs } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

describe('Connections', () => {
  it("lists connections, closes one from its Actions menu, reloads and shows 'No connections'", async () => {
    let connections = [{ id: 'c-1', principal: 'player-7', address: '10.0.0.7' }];
    const api = fakeApi({
      '/api/auth/me': () => signedInAs(),
      '/api/configuration/list': () => ok(['dev', 'stable']),
      '/api/connections/list': () => ok(connections),
      '/api/connections/close': ({ body }) => {
        const closed = connections.find((connection) => connection.id === (body as { id: string }).id);
        connections = [];
        return ok(closed);
      },
      '/api/runtime-keys/list': () => ok([]),
      '/api/connections/game-servers': () => ok({ latestRevision: null, instances: [], checked: 0 }),
    });
    renderApp('/system/connections');
    const table = await screen.findByRole('table', { name: 'Connections' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['ID', 'Principal', 'Remote Address', 'Actions']);
    const row = await within(table).findByRole('row', { name: /player-7/ });
    expect(within(row).getByText('10.0.0.7')).toBeTruthy();

    await userEvent.click(within(row).getByRole('button', { name: 'Actions for player-7' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByText('No connections')).toBeTruthy();
    expect(api.callsTo('/api/connections/close')).toEqual([
      { path: '/api/connections/close', configuration: 'dev', body: { id: 'c-1' } },
    ]);
    await waitFor(() => expect(api.callsTo('/api/connections/list')).toHaveLength(2));
  });

  it('creates a runtime key and shows it once', async () => {
    const api = fakeApi({
      '/api/auth/me': () => signedInAs(),
      '/api/configuration/list': () => ok(['dev']),
      '/api/connections/list': () => ok([]),
      '/api/runtime-keys/list': () => ok([]),
      '/api/connections/game-servers': () => ok({ latestRevision: null, instances: [], checked: 0 }),
      '/api/runtime-keys/create': () =>
        ok({
          id: 'k1',
          name: 'clients',
          created: 0,
          createdBy: 'op@example.com',
          revoked: null,
          key: 'rk_secret',
        }),
    });
    renderApp('/system/connections');
    await userEvent.click(await screen.findByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('name must not be empty')).toBeTruthy();
    expect(api.callsTo('/api/runtime-keys/create')).toEqual([]);
    await userEvent.type(screen.getByLabelText('Key name'), 'clients');
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect((await screen.findByTestId('created-runtime-key')).textContent).toBe('rk_secret');
    expect(api.callsTo('/api/runtime-keys/create')[0]?.body).toEqual({ name: 'clients' });
  });
});
