import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { requestDetails } from '../../features/change-requests/changeRequests.test-support.ts';
import { fakeApi, ok, signedInAs } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { ACTIVE_ENVIRONMENT_KEY } from '../environment/environment.storage.ts';

const REFUSAL = {
  status: 409,
  body: {
    error: 'Environment prod requires review: propose this change in a change request instead',
    code: 'REVIEW_REQUIRED',
  },
};

function reviewedProdApi() {
  return fakeApi({
    '/api/auth/me': () => signedInAs('op@example.com', 'admin'),
    '/api/configuration/list': () => ok(['dev', 'stable', 'prod']),
    '/api/release/content/get': () => ok({ nextReleaseTimeMs: 0, maxLevel: 10, nextMaxLevel: 20 }),
    '/api/release/client/get': () => ok({ remindVersion: '1.0.0', minimumVersion: '0.9' }),
    '/api/release/kv/get': ({ configuration }) => ok(configuration === 'prod' ? 'a=1;' : 'b=2;'),
    '/api/release/kv/set': ({ configuration, body }) =>
      configuration === 'prod' ? REFUSAL : ok((body as { keyValue: string }).keyValue),
    '/api/change-request/open': () => ok(requestDetails()),
    '/api/change-request/get': () => ok(requestDetails()),
  });
}

describe('Propose this change', () => {
  it('sends a change refused for review into the author’s change request and enters its branch on the same page', async () => {
    window.localStorage.setItem(ACTIVE_ENVIRONMENT_KEY, JSON.stringify('prod'));
    const api = reviewedProdApi();
    renderApp('/release');
    const field = await screen.findByDisplayValue('a=1;');
    await userEvent.clear(field);
    await userEvent.type(field, 'b=2;');
    await userEvent.click(
      within(screen.getByRole('region', { name: 'Key-value' })).getByRole('button', { name: 'Save' }),
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Propose this change' }));

    await screen.findByText('Proposed in change request 7 of prod');
    expect(api.callsTo('/api/change-request/open')).toEqual([
      { path: '/api/change-request/open', configuration: 'prod', body: {} },
    ]);
    expect(api.callsTo('/api/release/kv/set').map((call) => [call.configuration, call.body])).toEqual([
      ['prod', { keyValue: 'b=2;' }],
      ['prod~cr-7', { keyValue: 'b=2;' }],
    ]);
    // Inside the branch, on the same page: the menu and the banner say which request of which environment.
    expect(window.location.pathname).toBe('/release');
    expect(await screen.findByRole('button', { name: 'Environment: Change request 7 of prod' })).toBeTruthy();
    const banner = await screen.findByRole('region', { name: 'Change request 7 of prod' });
    expect(await screen.findByDisplayValue('b=2;')).toBeTruthy();
    expect(api.callsTo('/api/release/kv/get').at(-1)?.configuration).toBe('prod~cr-7');
    // The banner offers Request review once the request's own answer says it is a draft
    expect(await within(banner).findByRole('button', { name: 'Request review' })).toBeTruthy();
    expect(await screen.findByTitle('op@example.com · admin in Change request 7 of prod')).toBeTruthy();

    // Leaving keeps the request: the operator is back in prod, nothing is closed.
    await userEvent.click(within(banner).getByRole('button', { name: 'Back to prod' }));
    expect(await screen.findByRole('button', { name: 'Environment: prod' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Change request 7 of prod' })).toBeNull(),
    );
    expect(api.callsTo('/api/change-request/close')).toHaveLength(0);
  });

  it('keeps the operator inside a branch across a reload, and leaves it when it is gone', async () => {
    window.localStorage.setItem(ACTIVE_ENVIRONMENT_KEY, JSON.stringify('prod~cr-7'));
    const api = fakeApi({
      '/api/auth/me': () => signedInAs('op@example.com', 'admin'),
      '/api/configuration/list': () => ok(['dev', 'stable', 'prod']),
      '/api/change-request/get': () => ok(requestDetails()),
      '/api/plugin/list': () => ({ status: 404, body: { error: 'Unknown environment prod~cr-7' } }),
    });
    renderApp('/plugin');
    // The request was applied elsewhere: its branch is unknown, and the operator is back in prod.
    expect(await screen.findByRole('button', { name: 'Environment: prod' })).toBeTruthy();
    expect(api.callsTo('/api/plugin/list')[0]?.configuration).toBe('prod~cr-7');
  });

  it('lets an admin of the environment make the change directly, with a reason', async () => {
    window.localStorage.setItem(ACTIVE_ENVIRONMENT_KEY, JSON.stringify('prod'));
    const api = fakeApi({
      '/api/auth/me': () => signedInAs('boss@example.com', 'admin'),
      '/api/configuration/list': () => ok(['dev', 'stable', 'prod']),
      '/api/release/content/get': () => ok({ nextReleaseTimeMs: 0, maxLevel: 10, nextMaxLevel: 20 }),
      '/api/release/client/get': () => ok({ remindVersion: '1.0.0', minimumVersion: '0.9' }),
      '/api/release/kv/get': () => ok('a=1;'),
      '/api/release/kv/set': () => REFUSAL,
    });
    renderApp('/release');
    const field = await screen.findByDisplayValue('a=1;');
    await userEvent.clear(field);
    await userEvent.type(field, 'b=2;');
    await userEvent.click(
      within(screen.getByRole('region', { name: 'Key-value' })).getByRole('button', { name: 'Save' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Bypass review…' }));

    const dialog = await screen.findByRole('dialog', { name: 'Bypass review of prod?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bypass review' }));
    expect(await within(dialog).findByText('Reason must give a reason')).toBeTruthy();
    expect(api.callsTo('/api/release/kv/set')).toHaveLength(1);

    await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'Hotfix for the broken shop');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bypass review' }));
    await waitFor(() => expect(api.callsTo('/api/release/kv/set')).toHaveLength(2));
    const [, init] =
      api.fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/release/kv/set'))[1] ?? [];
    expect(new Headers(init?.headers).get('x-bypass-reason')).toBe('Hotfix for the broken shop');
    expect(api.callsTo('/api/release/kv/set')[1]).toMatchObject({
      configuration: 'prod',
      body: { keyValue: 'b=2;' },
    });
  });

  it('offers an operator no bypass', async () => {
    window.localStorage.setItem(ACTIVE_ENVIRONMENT_KEY, JSON.stringify('stable'));
    fakeApi({
      '/api/auth/me': () => signedInAs('op@example.com', 'operator'),
      '/api/configuration/list': () => ok(['dev', 'stable', 'prod']),
      '/api/release/content/get': () => ok({ nextReleaseTimeMs: 0, maxLevel: 10, nextMaxLevel: 20 }),
      '/api/release/client/get': () => ok({ remindVersion: '1.0.0', minimumVersion: '0.9' }),
      '/api/release/kv/get': () => ok('a=1;'),
      '/api/release/kv/set': () => ({
        ...REFUSAL,
        body: { ...REFUSAL.body, error: 'Environment stable requires review' },
      }),
    });
    renderApp('/release');
    await screen.findByDisplayValue('a=1;');
    await userEvent.click(
      within(screen.getByRole('region', { name: 'Key-value' })).getByRole('button', { name: 'Save' }),
    );
    const offer = (await screen.findByRole('button', { name: 'Propose this change' })).closest(
      '[role="alert"]',
    );
    if (!(offer instanceof HTMLElement)) throw new Error('no toast');
    expect(within(offer).queryByRole('button', { name: 'Bypass review…' })).toBeNull();
  });
});
