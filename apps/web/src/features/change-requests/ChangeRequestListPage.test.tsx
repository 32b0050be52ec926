import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACTIVE_ENVIRONMENT_KEY } from '../../shell/environment/environment.storage.ts';
import { fakeApi, ok, signedInAs } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { requestDetails } from './changeRequests.test-support.ts';

function listApi() {
  return fakeApi({
    '/api/auth/me': () => signedInAs('op@example.com', 'operator', { prod: 'operator' }),
    '/api/configuration/list': () => ok(['dev', 'stable', 'prod']),
    '/api/change-request/list': () =>
      ok({
        items: [
          requestDetails({ id: 8, status: 'in-review', title: 'Friday event', author: 'ann@example.com' }),
          requestDetails({ id: 3, status: 'applied', title: 'Spring sale' }),
        ],
      }),
    '/api/change-request/bypasses': () =>
      ok({
        items: [
          {
            auditId: 41,
            email: 'boss@example.com',
            at: Date.UTC(2026, 11, 1),
            reason: 'Hotfix',
            actions: ['plugin.activate'],
          },
        ],
      }),
    '/api/change-request/open': () => ok(requestDetails({ id: 9 })),
    '/api/change-request/get': () => ok(requestDetails({ id: 9 })),
  });
}

describe('Change Requests list', () => {
  it('filters by status and author through the URL and lists the review bypasses', async () => {
    window.localStorage.setItem(ACTIVE_ENVIRONMENT_KEY, JSON.stringify('prod'));
    const api = listApi();
    renderApp('/change-requests?status=in-review');
    const table = await screen.findByRole('table', { name: 'Change requests' });
    expect(within(table).getByRole('link', { name: '8' }).getAttribute('href')).toBe('/change-requests/8');
    expect(within(table).getByText('In review')).toBeTruthy();
    expect(api.callsTo('/api/change-request/list')[0]?.body).toEqual({ status: ['in-review'] });

    await userEvent.type(screen.getByLabelText('Author'), 'ann@example.com');
    await waitFor(() =>
      expect(api.callsTo('/api/change-request/list').at(-1)?.body).toEqual({
        status: ['in-review'],
        author: 'ann@example.com',
      }),
    );
    expect(new URLSearchParams(window.location.search).get('author')).toBe('ann@example.com');

    const bypasses = await screen.findByRole('table', { name: 'Direct changes in prod' });
    expect(within(bypasses).getByText('Hotfix')).toBeTruthy();
    expect(api.callsTo('/api/change-request/bypasses')[0]?.configuration).toBe('prod');
  });

  it('reads an unknown status as all', async () => {
    const api = listApi();
    renderApp('/change-requests?status=bogus');
    await screen.findByRole('table', { name: 'Change requests' });
    expect(api.callsTo('/api/change-request/list')[0]?.body).toEqual({});
  });

  it('opens a change request of the environment and enters its branch', async () => {
    window.localStorage.setItem(ACTIVE_ENVIRONMENT_KEY, JSON.stringify('prod'));
    const api = listApi();
    renderApp('/change-requests');
    await userEvent.click(await screen.findByRole('button', { name: 'Propose a change to prod' }));
    expect(await screen.findByRole('button', { name: 'Environment: Change request 9 of prod' })).toBeTruthy();
    expect(api.callsTo('/api/change-request/open')).toEqual([
      { path: '/api/change-request/open', configuration: 'prod', body: { continueDraft: true } },
    ]);
  });
});
