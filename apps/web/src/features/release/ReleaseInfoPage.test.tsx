import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, type Handler, ok, signedInAs } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

function releaseApi(extra: Record<string, Handler> = {}) {
  return fakeApi({
    '/api/auth/me': () => signedInAs(),
    '/api/configuration/list': () => ok(['dev', 'stable']),
    '/api/release/content/get': ({ configuration }) =>
      ok({ nextReleaseTimeMs: 0, maxLevel: configuration === 'stable' ? 77 : 10, nextMaxLevel: 20 }),
    '/api/release/client/get': () => ok({ remindVersion: '1.0.0', minimumVersion: '0.9' }),
    '/api/release/kv/get': () => ok('a=1;'),
    ...extra,
  });
}

const section = (name: string) => screen.getByRole('region', { name });

describe('Release Info', () => {
  it('loads the three sections of the active environment', async () => {
    releaseApi();
    renderApp('/release');
    expect(await screen.findByDisplayValue('a=1;')).toBeTruthy();
    expect(within(section('Content')).getByLabelText('Max level')).toHaveProperty('value', '10');
    expect(within(section('Client Version')).getByLabelText('Upgrade forced at version')).toHaveProperty(
      'value',
      '0.9',
    );
    expect(within(section('Content')).getByLabelText('Next content release')).toHaveProperty('value', '');
  });

  it('saves one section and reloads every section afterwards', async () => {
    const api = releaseApi({
      '/api/release/kv/set': ({ body }) => ok((body as { keyValue: string }).keyValue),
    });
    renderApp('/release');
    const field = await screen.findByDisplayValue('a=1;');
    await userEvent.clear(field);
    await userEvent.type(field, 'b=2;');
    await userEvent.click(within(section('Key-value')).getByRole('button', { name: 'Save' }));
    await screen.findByText('Key-value saved');
    expect(api.callsTo('/api/release/kv/set').map((call) => call.body)).toEqual([{ keyValue: 'b=2;' }]);
    await waitFor(() => expect(api.callsTo('/api/release/content/get')).toHaveLength(2));
    expect(api.callsTo('/api/release/client/get')).toHaveLength(2);
    expect(api.callsTo('/api/release/content/set')).toHaveLength(0);
  });

  it('appends the failures of separate saves to one banner', async () => {
    releaseApi({
      '/api/release/content/set': () => fail(409, 'Content refused'),
      '/api/release/client/set': () => fail(400, 'releaseInfo.remindVersion: refused'),
    });
    renderApp('/release');
    await screen.findByDisplayValue('a=1;');
    await userEvent.click(within(section('Content')).getByRole('button', { name: 'Save' }));
    await screen.findByText('Content refused');
    await userEvent.click(within(section('Client Version')).getByRole('button', { name: 'Save' }));
    const banner = await screen.findByText(/releaseInfo\.remindVersion: refused/);
    expect(banner.textContent).toBe('Content refused\nreleaseInfo.remindVersion: refused');
  });

  it('checks the rules in the form before calling the server', async () => {
    const api = releaseApi();
    renderApp('/release');
    await screen.findByDisplayValue('a=1;');
    const maxLevel = within(section('Content')).getByLabelText('Max level');
    await userEvent.clear(maxLevel);
    await userEvent.type(maxLevel, '0');
    await userEvent.click(within(section('Content')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Max level must be at least 1')).toBeTruthy();
    const keyValue = within(section('Key-value')).getByLabelText('Key-value');
    await userEvent.clear(keyValue);
    await userEvent.type(keyValue, 'a=1;a=2;');
    await userEvent.click(within(section('Key-value')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("Key-value has the key 'a' more than once")).toBeTruthy();
    expect(api.callsTo('/api/release/content/set')).toHaveLength(0);
    expect(api.callsTo('/api/release/kv/set')).toHaveLength(0);
  });
  it('drops unsaved typing when the environment change is confirmed, so it cannot be saved into another one', async () => {
    // Both environments hold the same key-value text, the case where a form would not reload by itself.
    releaseApi();
    renderApp('/release');
    const choose = async (id: string, maxLevel: string) => {
      await userEvent.click(screen.getByRole('button', { name: /^Environment:/ }));
      await userEvent.click(await screen.findByRole('menuitem', { name: id }));
      await waitFor(() =>
        expect(within(section('Content')).getByLabelText('Max level')).toHaveProperty('value', maxLevel),
      );
    };
    await screen.findByDisplayValue('a=1;');
    // Visit stable once so its answers are cached and switching back and forth renders at once.
    await choose('stable', '77');
    await choose('dev', '10');
    const field = within(section('Key-value')).getByDisplayValue('a=1;');
    await userEvent.clear(field);
    await userEvent.type(field, 'typed=indev;');
    // The switch asks first (the unsaved-changes guard); Yes leaves the typing behind.
    await userEvent.click(screen.getByRole('button', { name: /^Environment:/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'stable' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() =>
      expect(within(section('Content')).getByLabelText('Max level')).toHaveProperty('value', '77'),
    );
    expect(within(section('Key-value')).getByDisplayValue('a=1;')).toBeTruthy();
    expect(screen.queryByDisplayValue('typed=indev;')).toBeNull();
  });
});
