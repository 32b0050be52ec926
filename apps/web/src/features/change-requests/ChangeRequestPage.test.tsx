import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, type Handler, ok, signedInAs } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { requestDetails, requestDiff } from './changeRequests.test-support.ts';

type Details = ReturnType<typeof requestDetails>;

function reviewApi(
  email: string,
  request: Details,
  diff = requestDiff(),
  extra: Record<string, Handler> = {},
) {
  return fakeApi({
    '/api/auth/me': () => signedInAs(email, 'admin'),
    '/api/configuration/list': () => ok(['dev', 'stable', 'prod']),
    '/api/change-request/list': () => ok({ items: [request] }),
    '/api/change-request/get': () => ok(request),
    '/api/change-request/diff': () => ok(diff),
    ...extra,
  });
}

const CONFLICT = {
  group: 'AB-tests',
  id: 'spring',
  title: 'spring',
  base: { id: 'spring', active: true, title: 'spring', payload: { v: 1 } },
  mine: { id: 'spring', active: true, title: 'spring', payload: { v: 2 } },
  live: { id: 'spring', active: false, title: 'spring', payload: { v: 3 } },
};

describe('change request review', () => {
  it('shows the request, its diff, field-level view, impact and history, in the environment it changes', async () => {
    const request = requestDetails({ status: 'in-review', author: 'op@example.com' });
    const api = reviewApi('admin@example.com', request);
    renderApp('/change-requests/7');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Change request 7: Friday event' }),
    ).toBeTruthy();
    expect(screen.getByText('In review')).toBeTruthy();
    expect(screen.getByText('Author op@example.com')).toBeTruthy();
    const changes = await screen.findByRole('table', { name: 'Configurations' });
    expect(within(changes).getAllByText('gr-friday')).toHaveLength(2);
    expect(screen.getByText('+ configuration gr-friday')).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'Player impact' })).getByText(
        '25% of players get another configuration',
      ),
    ).toBeTruthy();
    expect(screen.getByText('No schedule conflicts')).toBeTruthy();
    expect(screen.getByText(/Status: Draft · op@example.com/)).toBeTruthy();
    // The request was found by its number, then read in its own environment.
    expect(api.callsTo('/api/change-request/list')[0]?.body).toEqual({ before: 8, limit: 1 });
    expect(api.callsTo('/api/change-request/diff')[0]).toMatchObject({
      configuration: 'prod',
      body: { id: 7 },
    });
  });

  it('approves with a comment, as an admin who is not the author', async () => {
    const request = requestDetails({ status: 'in-review' });
    const api = reviewApi('admin@example.com', request, requestDiff(), {
      '/api/change-request/approve': () => ok({ ...request, status: 'approved' }),
    });
    renderApp('/change-requests/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve change request 7?' });
    await userEvent.type(within(dialog).getByLabelText('Comment'), 'Looks right');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await screen.findByText('Change request 7 approved');
    expect(api.callsTo('/api/change-request/approve')).toEqual([
      { path: '/api/change-request/approve', configuration: 'prod', body: { id: 7, comment: 'Looks right' } },
    ]);
  });

  it('keeps the author from approving their own request, and a rejection must say why', async () => {
    const request = requestDetails({ status: 'in-review', author: 'admin@example.com' });
    const api = reviewApi('admin@example.com', request);
    renderApp('/change-requests/7');
    const approve = await screen.findByRole('button', { name: 'Approve' });
    expect(approve).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject change request 7?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Say why it is rejected')).toBeTruthy();
    expect(api.callsTo('/api/change-request/reject')).toHaveLength(0);
  });

  it('shows each conflict with both sides; the author keeps theirs, and nobody approves until all are resolved', async () => {
    const request = requestDetails({ status: 'in-review', author: 'op@example.com' });
    const api = reviewApi('op@example.com', request, requestDiff({ conflicts: [CONFLICT] }), {
      '/api/change-request/resolve': () => ok(requestDiff()),
    });
    renderApp('/change-requests/7');
    const conflict = await screen.findByRole('region', { name: 'Conflict: AB-tests spring' });
    expect(within(conflict).getByText(/"v": 2/)).toBeTruthy();
    expect(within(conflict).getByText(/"v": 3/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Approve' })).toHaveProperty('disabled', true);
    await userEvent.click(within(conflict).getByRole('button', { name: 'Keep mine: AB-tests spring' }));
    await waitFor(() =>
      expect(api.callsTo('/api/change-request/resolve').map((call) => call.body)).toEqual([
        { id: 7, group: 'AB-tests', itemId: 'spring', choice: 'mine' },
      ]),
    );
  });

  it('applies an approved request with the diff it shows, after asking', async () => {
    const request = requestDetails({ status: 'approved', approvals: [{ email: 'a@example.com', at: 1 }] });
    const api = reviewApi('admin@example.com', request, requestDiff(), {
      '/api/change-request/apply': () => ok({ ...request, status: 'applied' }),
    });
    renderApp('/change-requests/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Apply now' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    await screen.findByText('Change request 7 applied to prod');
    expect(api.callsTo('/api/change-request/apply').map((call) => call.body)).toEqual([
      { id: 7, diffToken: 'token-1' },
    ]);
  });

  it('adds a comment to the thread', async () => {
    const request = requestDetails({ status: 'in-review' });
    const api = reviewApi('op@example.com', request, requestDiff(), {
      '/api/change-request/comment': () => ok(request),
    });
    renderApp('/change-requests/7');
    const comment = await screen.findByRole('textbox', { name: 'Comment' });
    await userEvent.type(comment, 'The gold is doubled on purpose');
    await userEvent.click(screen.getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect(comment).toHaveProperty('value', ''));
    expect(api.callsTo('/api/change-request/comment')).toEqual([
      {
        path: '/api/change-request/comment',
        configuration: 'prod',
        body: { id: 7, comment: 'The gold is doubled on purpose' },
      },
    ]);
  });

  it('says so when there is no such request', async () => {
    reviewApi('admin@example.com', requestDetails({ id: 5 }));
    renderApp('/change-requests/7');
    expect(await screen.findByRole('heading', { name: 'Change request not found' })).toBeTruthy();
  });
});
