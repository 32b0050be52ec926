import { DEFAULT_COMPENSATION_AMOUNTS } from '@console/domain/operations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, type Handler, ok, signedInAs } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

const KEY = /^[0-9a-f]{32}$/;

function compensationApi(send: Handler) {
  return fakeApi({
    '/api/auth/me': () => signedInAs(),
    '/api/configuration/list': () => ok(['dev']),
    '/api/compensation/list': () => ok({ consumables: DEFAULT_COMPENSATION_AMOUNTS }),
    '/api/compensation/send/consumable': send,
  });
}

async function fillCoinFor(userId: string) {
  await userEvent.type(await screen.findByLabelText('User ID'), userId);
  await userEvent.click(screen.getByRole('combobox', { name: 'Item' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Coin' }));
  await waitFor(() => expect(screen.getByLabelText('Amount')).toHaveProperty('value', '100'));
}

describe('User Compensation', () => {
  it('prefills the default amount of the chosen item, sends, and reloads the list', async () => {
    const api = fakeApi({
      '/api/auth/me': () => signedInAs(),
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
    await userEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await screen.findByText('Sent 60 InfiniteLife to player-9');
    expect(api.callsTo('/api/compensation/send/consumable').map((call) => call.body)).toEqual([
      // Every send carries the form's idempotency key
      { userId: 'player-9', item: 'InfiniteLife', amount: 60, idempotencyKey: expect.stringMatching(KEY) },
    ]);
    await waitFor(() => expect(api.callsTo('/api/compensation/list')).toHaveLength(2));
  });

  it("asks 'Send N × item to player X?' and sends nothing on No", async () => {
    const api = compensationApi(() => ok({}));
    renderApp('/system/compensation');
    await fillCoinFor('player-9');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const question = await screen.findByRole('dialog', { name: 'Send 100 × Coin to player player-9?' });
    await userEvent.click(within(question).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('/api/compensation/send/consumable')).toEqual([]);
    expect(screen.getByLabelText('User ID')).toHaveProperty('value', 'player-9');
  });

  it('retries a failed send with the same key, clears the form after success, then uses a new key', async () => {
    let isFirstAttempt = true;
    const api = compensationApi(({ body }) => {
      if (isFirstAttempt) {
        isFirstAttempt = false;
        return fail(503, 'Service unavailable');
      }
      return ok({ id: 7, created: 0, ...(body as object) });
    });
    renderApp('/system/compensation');
    await fillCoinFor('player-9');
    const sendAndConfirm = async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Send' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Yes' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    };
    await sendAndConfirm();
    expect(await screen.findByText(/Service unavailable/)).toBeTruthy();
    await sendAndConfirm();
    await screen.findByText('Sent 100 Coin to player-9');
    const [failed, retried] = api.callsTo('/api/compensation/send/consumable').map((call) => call.body);
    expect(retried).toEqual(failed);
    expect(retried).toMatchObject({ userId: 'player-9', item: 'Coin', amount: 100 });

    // the form starts over after a success
    await waitFor(() => expect(screen.getByLabelText('User ID')).toHaveProperty('value', ''));
    expect(screen.getByLabelText('Amount')).toHaveProperty('value', '1');
    expect(screen.getByRole('combobox', { name: 'Item' }).textContent).toBe('Choose an item...');

    // the same values sent again are a new send, with a new key
    await fillCoinFor('player-9');
    await sendAndConfirm();
    await waitFor(() => expect(api.callsTo('/api/compensation/send/consumable')).toHaveLength(3));
    const keys = api
      .callsTo('/api/compensation/send/consumable')
      .map((call) => (call.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys[2]).toMatch(KEY);
    expect(keys[2]).not.toBe(keys[1]);
  });
});
