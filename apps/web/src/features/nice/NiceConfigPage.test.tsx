import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, signedInAs } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

describe('NICE Config', () => {
  it('keeps the token hidden until revealed, names the field in messages and saves', async () => {
    const api = fakeApi({
      '/api/auth/me': () => signedInAs(),
      '/api/configuration/list': () => ok(['dev']),
      '/api/nice/get': () => ok({ authToken: 'stored-token' }),
      '/api/nice/set': () => ok({ saved: true }),
    });
    renderApp('/system/nice');
    const field = (await screen.findByLabelText('Authentication Token')) as HTMLInputElement;
    await screen.findByDisplayValue('stored-token');
    expect(field.type).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: 'Show token' }));
    expect(field.type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide token' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Hide token' }));
    expect(field.type).toBe('password');

    await userEvent.clear(field);
    await userEvent.type(field, 'two words');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Authentication Token must not contain spaces or line breaks'),
    ).toBeTruthy();
    expect(api.callsTo('/api/nice/set')).toEqual([]);
    await userEvent.clear(field);
    await userEvent.type(field, 'new-token');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('NICE config saved');
    expect(api.callsTo('/api/nice/set').map((call) => call.body)).toEqual([
      { niceConfig: { authToken: 'new-token' } },
    ]);
  });
});
