import { DEFAULT_COMPENSATION_AMOUNTS } from '@console/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

describe('User Compensation', () => {
  it('prefills the default amount of the chosen item, sends, and reloads the list', async () => {
    const api = fakeApi({
      '/api/auth/me': () => ok({ email: 'op@example.com' }),
      '/api/configuration/list': () => ok(['dev']),
      '/api/compensation/list': () => ok({ consumables: DEFAULT_COMPENSATION_AMOUNTS }),
      '/api/compensation/send/consumable': ({ body }) => ok({ id: 1, created: 0, ...(body as object) }),
    });
    renderApp('/system/compensation');
    await userEvent.type(await screen.findByLabelText('User ID'), 'player-9');
    await userEvent.click(screen.getByRole('combobox', { name: 'Item' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options[0]!.textContent).toBe('Choose an item...');
    expect(options).toHaveLength(16);
    await userEvent.click(screen.getByRole('option', { name: 'InfiniteLife' }));
    await waitFor(() => expect(screen.getByLabelText('Amount')).toHaveProperty('value', '60'));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Sent 60 InfiniteLife to player-9');
    expect(api.callsTo('/api/compensation/send/consumable').map((call) => call.body)).toEqual([
      { userId: 'player-9', item: 'InfiniteLife', amount: 60 },
    ]);
    await waitFor(() => expect(api.callsTo('/api/compensation/list')).toHaveLength(2));
  });
});
