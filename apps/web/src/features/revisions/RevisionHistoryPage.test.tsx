import type { DescribedDiff, RevisionListResponse } from '@console/domain/runtime';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, signedInAs } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

const at = Date.UTC(2026, 0, 5, 9);
const list: RevisionListResponse = {
  revisions: [
    {
      revision: 3,
      hash: 'c',
      created: at + 2,
      createdBy: 'op@example.com',
      auditEntryIds: [12],
      restoredFrom: 1,
      causes: [{ id: 12, action: 'runtime.revision.republish', target: 'dev' }],
    },
    {
      revision: 2,
      hash: 'b',
      created: at + 1,
      createdBy: 'op@example.com',
      auditEntryIds: [10, 11],
      restoredFrom: null,
      causes: [
        { id: 10, action: 'plugin.activate', target: '4' },
        { id: 11, action: 'release.kv.set', target: 'dev' },
      ],
    },
    {
      revision: 1,
      hash: 'a',
      created: at,
      createdBy: 'system',
      auditEntryIds: [],
      restoredFrom: null,
      causes: [],
    },
  ],
  latest: 3,
  pinned: { revision: 3, since: at + 2, by: 'op@example.com' },
  waiting: 2,
};

const diff = (from: number, to: number): DescribedDiff & { from: number; to: number } => ({
  from,
  to,
  diff: { plugins: [], abTests: [], configurations: [], release: [] },
  lines: ['Release: keyValue: "a" → "b"', 'Plugin DUEL (4)', '  enabled: false → true'],
  plugins: [{ id: 4, name: 'DUEL', lines: ['Plugin DUEL (4)', '  enabled: false → true'] }],
  moves: [
    { abTestId: 'spring', text: '4.00% of players in this test move: 4.00% from Case 1 (control) to Case 2' },
  ],
});

describe('Revision History (Security menu)', () => {
  it('lists revisions with their causes and rollback marker, and diffs two ticked ones', async () => {
    const api = fakeApi({
      '/api/auth/me': () => signedInAs(),
      '/api/configuration/list': () => ok(['dev', 'stable']),
      '/api/runtime/revision/list': () => ok(list),
      '/api/runtime/revision/diff': ({ body }) => {
        const { from, to } = body as { from: number; to: number };
        return ok(diff(from, to));
      },
    });
    renderApp('/security/revisions');
    const table = await screen.findByRole('table', { name: 'Revisions' });
    expect(within(table).getByRole('cell', { name: '3 (rollback of 1)' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: 'plugin.activate 4, release.kv.set dev' })).toBeTruthy();
    expect(within(table).getByRole('cell', { name: 'first publication' })).toBeTruthy();
    expect(
      screen.getByText(/^The runtime is pinned to revision 3 since .* by op@example\.com; 2 changes wait/),
    ).toBeTruthy();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select revision 3' }));
    expect(api.callsTo('/api/runtime/revision/diff')).toEqual([]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select revision 1' }));
    await screen.findByRole('heading', { name: 'From revision 1 to revision 3' });
    expect(screen.getByRole('region', { name: 'Plugin DUEL' }).textContent).toContain(
      'enabled: false → true',
    );
    expect(screen.getByRole('region', { name: 'Other changes' }).textContent).toBe(
      'Release: keyValue: "a" → "b"',
    );
    expect(api.callsTo('/api/runtime/revision/diff').map((call) => call.body)).toEqual([{ from: 1, to: 3 }]);
  });

  it('shows the impact of a rollback before republishing, and resumes after a confirmation', async () => {
    const api = fakeApi({
      '/api/auth/me': () => signedInAs(),
      '/api/configuration/list': () => ok(['dev']),
      '/api/runtime/revision/list': () => ok(list),
      '/api/runtime/revision/diff': ({ body }) => {
        const { from, to } = body as { from: number; to: number };
        return ok(diff(from, to));
      },
      '/api/runtime/revision/republish': () =>
        ok({ revision: 4, restoredFrom: 2, hash: 'b', published: true, pinned: list.pinned }),
      '/api/runtime/revision/resume': () => ok({ revision: 5, published: true }),
    });
    renderApp('/security/revisions');
    const row = await screen.findByRole('row', { name: /^Select revision 2 / });
    await userEvent.click(within(row).getByRole('button', { name: 'Republish this revision' }));
    const dialog = await screen.findByRole('dialog', { name: 'Republish revision 2?' });
    await within(dialog).findByText(
      "AB-test 'spring': 4.00% of players in this test move: 4.00% from Case 1 (control) to Case 2",
    );
    expect(api.callsTo('/api/runtime/revision/diff').map((call) => call.body)).toEqual([{ from: 3, to: 2 }]);
    expect(api.callsTo('/api/runtime/revision/republish')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Republish revision 2' }));
    await screen.findByText('Republished revision 2 as revision 4; publishing is pinned');
    expect(api.callsTo('/api/runtime/revision/republish').map((call) => call.body)).toEqual([
      { revision: 2 },
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Resume publishing' }));
    const confirmation = await screen.findByRole('dialog', { name: 'Resume publishing?' });
    expect(api.callsTo('/api/runtime/revision/resume')).toEqual([]);
    await userEvent.click(within(confirmation).getByRole('button', { name: 'Yes' }));
    await screen.findByText('Published revision 5');
    expect(api.callsTo('/api/runtime/revision/resume')).toHaveLength(1);
  });

  it('keeps the page in the URL (?offset=): a reload and Back come back to it', async () => {
    const api = fakeApi({
      '/api/auth/me': () => signedInAs(),
      '/api/configuration/list': () => ok(['dev']),
      '/api/runtime/revision/list': () => ok(list),
    });
    renderApp('/security/revisions?offset=100');
    await screen.findByRole('table', { name: 'Revisions' });
    const offsets = () =>
      api.callsTo('/api/runtime/revision/list').map((call) => (call.body as { offset?: number }).offset);
    expect(offsets()).toEqual([100]);
    await userEvent.click(screen.getByRole('button', { name: 'Newer' }));
    await waitFor(() => expect(offsets().at(-1)).toBe(0));
    expect(window.location.search).toBe('');
    window.history.back();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Newer' })).toHaveProperty('disabled', false),
    );
    expect(window.location.search).toBe('?offset=100');

    cleanup();
    renderApp('/security/revisions?offset=7');
    await screen.findByRole('table', { name: 'Revisions' });
    expect(offsets().at(-1)).toBe(0);
  });
});
