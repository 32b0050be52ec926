import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, signedInAs } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

describe('User Admin', () => {
  it("names fields by their labels in messages, then shows the server's answer raw", async () => {
    const api = fakeApi({
      '/api/auth/me': () => signedInAs(),
      '/api/configuration/list': () => ok(['dev']),
      '/api/player/progression': ({ body }) => ok({ ...(body as object), modified: 1 }),
    });
    renderApp('/system/user-admin');
    const level = await screen.findByLabelText('Level');
    await userEvent.clear(level);
    await userEvent.type(level, '0');
    const streak = screen.getByLabelText('Streak');
    await userEvent.clear(streak);
    await userEvent.type(streak, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Set' }));
    expect(await screen.findByText('User ID must not be empty')).toBeTruthy();
    expect(screen.getByText('Level must be at least 1')).toBeTruthy();
    expect(screen.getByText('Streak must be at most 4')).toBeTruthy();
    expect(screen.queryByText(/streak must/)).toBeNull();
    expect(api.callsTo('/api/player/progression')).toEqual([]);

    await userEvent.type(screen.getByLabelText('User ID'), 'player-1');
    await userEvent.clear(level);
    await userEvent.type(level, '3');
    await userEvent.clear(streak);
    await userEvent.type(streak, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Set' }));
    const answer = await screen.findByLabelText('Server response');
    expect(JSON.parse(answer.textContent ?? '')).toEqual({
      userId: 'player-1',
      level: 3,
      eoc: 0,
      streak: 2,
      modified: 1,
    });
    expect(within(answer).queryByText(/error/i)).toBeNull();
  });
});
