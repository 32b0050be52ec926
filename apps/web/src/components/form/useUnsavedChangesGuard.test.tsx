import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, fakeApi, type Handler, ok, signedInAs } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { LEAVE_UNSAVED_REQUEST } from './unsavedChanges.ts';

// Release Info's three forms guard their changes through the kit's hook, in the whole app and its router.
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

const maxLevel = () =>
  within(screen.getByRole('region', { name: 'Content' })).getByLabelText<HTMLInputElement>('Max level');

async function changeMaxLevel(value: string) {
  await waitFor(() => expect(maxLevel().value).toBe('10'));
  await userEvent.clear(maxLevel());
  await userEvent.type(maxLevel(), value);
}

/** The one question, answered. */
async function answerLeave(answer: 'Yes' | 'No') {
  const dialog = await screen.findByRole('dialog', { name: LEAVE_UNSAVED_REQUEST.title });
  expect(within(dialog).getByText(LEAVE_UNSAVED_REQUEST.message)).toBeTruthy();
  await userEvent.click(within(dialog).getByRole('button', { name: answer }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

async function chooseEnvironment(id: string) {
  await userEvent.click(screen.getByRole('button', { name: /^Environment:/ }));
  await userEvent.click(await screen.findByRole('menuitem', { name: id }));
}

afterEach(() => sessionStorage.clear());

describe('unsaved changes guard', () => {
  it('asks before switching environment: No keeps the value, Yes switches and loads the other one', async () => {
    releaseApi();
    renderApp('/release');
    await changeMaxLevel('42');
    await chooseEnvironment('stable');
    await answerLeave('No');
    expect(screen.getByRole('button', { name: 'Environment: dev' })).toBeTruthy();
    expect(maxLevel().value).toBe('42');

    await chooseEnvironment('stable');
    await answerLeave('Yes');
    await waitFor(() => expect(maxLevel().value).toBe('77'));
    expect(screen.getByRole('button', { name: 'Environment: stable' })).toBeTruthy();
  });

  it('switches environment without asking when nothing is changed', async () => {
    releaseApi();
    renderApp('/release');
    await waitFor(() => expect(maxLevel().value).toBe('10'));
    await chooseEnvironment('stable');
    await waitFor(() => expect(maxLevel().value).toBe('77'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before following a link and before the browser goes back', async () => {
    releaseApi();
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Features' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Release Info' }));
    await changeMaxLevel('42');

    await userEvent.click(screen.getByRole('link', { name: 'Console' }));
    await answerLeave('No');
    expect(window.location.pathname).toBe('/release');
    expect(maxLevel().value).toBe('42');

    window.history.back();
    await answerLeave('No');
    expect(window.location.pathname).toBe('/release');
    expect(maxLevel().value).toBe('42');

    window.history.back();
    await answerLeave('Yes');
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(screen.queryByRole('region', { name: 'Content' })).toBeNull();
  });

  it('asks before the tab closes only while a change is unsaved', async () => {
    releaseApi();
    renderApp('/release');
    await waitFor(() => expect(maxLevel().value).toBe('10'));
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await changeMaxLevel('42');
    expect(unload()).toBe(true);
  });

  it('after a 401 signs in again on the same page, with the unsaved value back', async () => {
    let isSignedIn = true;
    releaseApi({
      '/oauth/options': () => ok({ devLogin: true, provider: null }),
      '/oauth/login/dev': ({ body }) => {
        isSignedIn = true;
        return ok(body);
      },
      '/api/auth/me': () => (isSignedIn ? signedInAs() : fail(401, 'Not logged in')),
      '/api/release/kv/set': () => {
        isSignedIn = false;
        return fail(401, 'Not logged in');
      },
    });
    renderApp('/release?tab=1');
    await changeMaxLevel('42');
    const keyValue = await screen.findByDisplayValue('a=1;');
    await userEvent.type(keyValue, 'b=2;');
    await userEvent.click(
      within(screen.getByRole('region', { name: 'Key-value' })).getByRole('button', { name: 'Save' }),
    );

    await userEvent.click(await screen.findByRole('link', { name: 'Go to Login' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'op@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in locally' }));

    await waitFor(() =>
      expect(`${window.location.pathname}${window.location.search}`).toBe('/release?tab=1'),
    );
    await waitFor(() => expect(maxLevel().value).toBe('42'));
  });
});
