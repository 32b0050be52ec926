import { DEFAULT_REVIEW_POLICY, type ReviewPolicy } from '@console/domain/change-request';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, signedInAs } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

function usersApi(role: 'admin' | 'operator') {
  const policies: Record<string, ReviewPolicy> = {};
  const api = fakeApi({
    '/api/auth/me': () => signedInAs('op@example.com', role),
    '/api/configuration/list': () => ok(['dev', 'prod']),
    '/api/users/list': () =>
      ok({
        environments: [
          { id: 'dev', isProtected: false },
          { id: 'prod', isProtected: true },
        ],
        users: [],
        seesEveryone: true,
      }),
    '/api/change-request/policy': ({ configuration }) =>
      ok(policies[configuration ?? ''] ?? DEFAULT_REVIEW_POLICY),
    '/api/change-request/policy/set': ({ configuration, body }) => {
      policies[configuration ?? ''] = body as ReviewPolicy;
      return ok(body);
    },
  });
  return api;
}

describe('review policy settings', () => {
  it('shows each environment’s policy, off by default, and its admin requires review with two approvals', async () => {
    const api = usersApi('admin');
    renderApp('/security/users');
    const table = await screen.findByRole('table', { name: 'Environments' });
    await waitFor(() => expect(within(table).getAllByText('No review')).toHaveLength(2));

    await userEvent.click(within(table).getByRole('button', { name: 'Edit the review policy of prod' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review policy of prod' });
    await userEvent.click(within(dialog).getByLabelText('Review required'));
    const approvals = within(dialog).getByLabelText('Required approvals');
    await userEvent.clear(approvals);
    await userEvent.type(approvals, '4');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/approvals must be 1 to 3/)).toBeTruthy();
    await userEvent.clear(approvals);
    await userEvent.type(approvals, '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(table).findByText('Review required, 2 approvals')).toBeTruthy();
    expect(api.callsTo('/api/change-request/policy/set')).toEqual([
      {
        path: '/api/change-request/policy/set',
        configuration: 'prod',
        body: { isRequired: true, approvals: 2, allowSelfApproval: false, resetApprovalsOnChange: true },
      },
    ]);
  });

  it('lets only admins change it', async () => {
    usersApi('operator');
    renderApp('/security/users');
    const table = await screen.findByRole('table', { name: 'Environments' });
    await within(table).findAllByText('No review');
    expect(within(table).getByRole('button', { name: 'Edit the review policy of dev' })).toHaveProperty(
      'disabled',
      true,
    );
  });
});
