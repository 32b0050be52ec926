import type { AuditEntry } from '@console/domain/audit';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, signedInAs } from '../../test/fakeApi.ts';
import { onePage, searchOver } from '../../test/fakeSearch.ts';
import { renderApp } from '../../test/renderApp.tsx';

const entry = (id: number, action = 'plugin.activate', target = 'DUEL'): AuditEntry => ({
  id,
  environment: 'dev',
  action,
  target,
  email: 'op@example.com',
  created: Date.UTC(2026, 10, 23, 8, 0) + id,
  attributes: { id },
});

/** A log of 150 entries (ids 150..1, every third one an A/B-test creation), filtered and paged like the server. */
const LOG = Array.from({ length: 150 }, (_, index) => {
  const id = 150 - index;
  return id % 3 === 0 ? entry(id, 'abtest.create', `test-${id}`) : entry(id);
});
// The audit search over LOG, newest first, as the server answers it.
const answerAuditSearch = searchOver(() => LOG, {
  keyOf: (row) => row.id,
  textOf: () => [],
  sorts: { id: (row) => row.id },
  direction: 'desc',
  filters: {
    action: (row, value) => row.action === value,
    target: (row, value) => row.target === value,
    email: (row, value) => row.email === value,
    from: (row, value) => row.created >= Number(value),
    to: (row, value) => row.created < Number(value),
    consoleWide: () => true,
  },
});

/** The export as the server streams it: every entry the filters match, whatever the page, in the format asked. */
const answerAuditExport = (call: { body: unknown }) => {
  const { format, ...filters } = call.body as { format: 'csv' | 'json' } & Record<string, unknown>;
  const matched = LOG.filter((row) => filters.action === undefined || row.action === filters.action);
  return format === 'json'
    ? { text: JSON.stringify(matched) }
    : { text: `id,action\r\n${matched.map((row) => `${row.id},${row.action}\r\n`).join('')}` };
};

const openAuditLog = (path = '/audit') => {
  const api = fakeApi({
    '/api/auth/me': () => signedInAs(),
    '/api/configuration/list': () => ok(['dev']),
    '/api/audit/search': answerAuditSearch,
    '/api/audit/export': answerAuditExport,
  });
  renderApp(path);
  return api;
};
// The rows by their role; each row's first cell read from the row itself: a role query per row (100 of
// them) recomputes every ancestor's style in jsdom, which took most of this file's CPU time.
const shownIds = () =>
  within(screen.getByRole('table', { name: 'Audit log' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => Number((row as HTMLTableRowElement).cells[0]?.textContent));
const lastBody = (api: ReturnType<typeof fakeApi>) => api.callsTo('/api/audit/search').at(-1)?.body;

afterEach(() => vi.restoreAllMocks());

describe('audit log', () => {
  it('shows the newest 100 entries and pages to older ones and back', async () => {
    const api = openAuditLog();
    await screen.findByText('Entries 1–100');
    expect(shownIds()[0]).toBe(150);
    expect(lastBody(api)).toEqual({ limit: 100, consoleWide: true });
    expect(screen.getByRole('button', { name: 'Newer' })).toHaveProperty('disabled', true);

    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByText('Entries 101–150');
    // older pages continue from the search's cursor, not from an offset
    expect(lastBody(api)).toEqual({ limit: 100, consoleWide: true, cursor: expect.any(String) });
    expect(shownIds()).toEqual(Array.from({ length: 50 }, (_, index) => 50 - index));
    expect(screen.getByRole('button', { name: 'Older' })).toHaveProperty('disabled', true);

    await userEvent.click(screen.getByRole('button', { name: 'Newer' }));
    await screen.findByText('Entries 1–100');
  });

  it('filters by action on the server, from the newest entry again', async () => {
    const api = openAuditLog();
    await screen.findByText('Entries 1–100');
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByText('Entries 101–150');

    await userEvent.click(screen.getByRole('combobox', { name: 'Action' }));
    await userEvent.click(screen.getByRole('option', { name: 'abtest.create' }));
    await screen.findByText('Entries 1–50');
    expect(lastBody(api)).toEqual({ limit: 100, consoleWide: true, action: 'abtest.create' });
    expect(shownIds().every((id) => id % 3 === 0)).toBe(true);
  });

  it('filters by exact target when Enter is pressed', async () => {
    const api = openAuditLog();
    await screen.findByText('Entries 1–100');
    await userEvent.type(screen.getByRole('textbox', { name: 'Target' }), 'test-42{Enter}');
    await screen.findByText('Entries 1–1');
    expect(lastBody(api)).toEqual({ limit: 100, consoleWide: true, target: 'test-42' });
    expect(shownIds()).toEqual([42]);

    await userEvent.type(screen.getByRole('textbox', { name: 'Target' }), 'x{Enter}');
    await screen.findByText('No audit entries');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveProperty('disabled', true);
  });

  it('filters by exact e-mail and by days (UTC), the last day included', async () => {
    const api = openAuditLog();
    await screen.findByText('Entries 1–100');
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'someone@example.com{Enter}');
    await screen.findByText('No audit entries');
    expect(lastBody(api)).toEqual({ limit: 100, consoleWide: true, email: 'someone@example.com' });

    cleanup();
    const dated = openAuditLog('/audit?email=op%40example.com&from=2026-11-23&to=2026-11-23');
    await screen.findByText('Entries 1–100');
    expect(lastBody(dated)).toEqual({
      limit: 100,
      consoleWide: true,
      email: 'op@example.com',
      from: Date.UTC(2026, 10, 23),
      to: Date.UTC(2026, 10, 24),
    });
  });

  it('keeps the filters and the page in the URL: they survive a reload, Back and Forward', async () => {
    openAuditLog();
    await screen.findByText('Entries 1–100');
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    await screen.findByText('Entries 101–150');
    expect(window.location.search).toMatch(/^\?pages=[A-Za-z0-9_-]+$/);
    window.history.back();
    await screen.findByText('Entries 1–100');
    window.history.forward();
    await screen.findByText('Entries 101–150');

    await userEvent.click(screen.getByRole('combobox', { name: 'Action' }));
    await userEvent.click(screen.getByRole('option', { name: 'abtest.create' }));
    await screen.findByText('Entries 1–50');
    await userEvent.type(screen.getByRole('textbox', { name: 'Target' }), 'test-42{Enter}');
    await screen.findByText('Entries 1–1');
    expect(window.location.search).toBe('?action=abtest.create&target=test-42');

    // A reload: the screen starts again from the URL alone.
    cleanup();
    const reloaded = openAuditLog(`/audit${window.location.search}`);
    await screen.findByText('Entries 1–1');
    expect(lastBody(reloaded)).toEqual({
      limit: 100,
      consoleWide: true,
      action: 'abtest.create',
      target: 'test-42',
    });
    expect(screen.getByRole('combobox', { name: 'Action' }).textContent).toBe('abtest.create');
    expect(screen.getByRole('textbox', { name: 'Target' })).toHaveProperty('value', 'test-42');

    window.history.back();
    await screen.findByText('Entries 1–50');
    expect(screen.getByRole('textbox', { name: 'Target' })).toHaveProperty('value', '');
    window.history.forward();
    await screen.findByText('Entries 1–1');
    expect(screen.getByRole('textbox', { name: 'Target' })).toHaveProperty('value', 'test-42');
  });

  it('reads an unknown action, or a page trail out of order, in the URL as none', async () => {
    const api = openAuditLog('/audit?action=toString&pages=5,9');
    await screen.findByText('Entries 1–100');
    expect(lastBody(api)).toEqual({ limit: 100, consoleWide: true });
  });

  it('exports every entry the filters match, not only the page shown, as CSV and as JSON, from the server', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:audit';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const api = openAuditLog();
    await screen.findByText('Entries 1–100');
    await userEvent.click(screen.getByRole('combobox', { name: 'Action' }));
    await userEvent.click(screen.getByRole('option', { name: 'abtest.create' }));
    await screen.findByText('Entries 1–50');

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toEqual(['audit-dev.csv']));
    expect(api.callsTo('/api/audit/export').map((call) => [call.configuration, call.body])).toEqual([
      ['dev', { consoleWide: true, action: 'abtest.create', format: 'csv' }],
    ]);
    const matched = LOG.filter((row) => row.action === 'abtest.create');
    expect((await blobs[0]?.text())?.split('\r\n').length).toBe(matched.length + 2);

    await userEvent.click(screen.getByRole('button', { name: 'Export JSON' }));
    await waitFor(() => expect(downloads).toEqual(['audit-dev.csv', 'audit-dev.json']));
    expect(JSON.parse((await blobs[1]?.text()) ?? '')).toEqual(matched);
  });

  it('shows a refused export in the banner and downloads nothing', async () => {
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    fakeApi({
      '/api/auth/me': () => signedInAs(),
      '/api/configuration/list': () => ok(['dev']),
      '/api/audit/search': answerAuditSearch,
      '/api/audit/export': () => ({ status: 403, body: { error: 'Viewer rights needed in dev' } }),
    });
    renderApp('/audit');
    await screen.findByText('Entries 1–100');
    await userEvent.click(screen.getByRole('button', { name: 'Export JSON' }));
    expect(await screen.findByText(/Viewer rights needed in dev/)).toBeTruthy();
    expect(downloads).toEqual([]);
  });

  it('marks console-wide entries and says how a sign-in was made', async () => {
    fakeApi({
      '/api/auth/me': () => signedInAs(),
      '/api/configuration/list': () => ok(['dev']),
      '/api/audit/search': () =>
        onePage([
          {
            ...entry(2, 'auth.sign-in', 'op@example.com'),
            environment: null,
            attributes: { method: 'oidc' },
          },
          { ...entry(1, 'user.role.set', 'op@example.com'), environment: null },
        ]),
    });
    renderApp('/audit');
    expect(await screen.findByText('Signed in with the identity provider')).toBeTruthy();
    expect(screen.getByText('Console-wide')).toBeTruthy();
  });

  it('lets an admin verify the chain: intact, or each inserted, changed or missing entry named', async () => {
    let intact = true;
    const api = fakeApi({
      '/api/auth/me': () => signedInAs(),
      '/api/configuration/list': () => ok(['dev']),
      '/api/audit/search': answerAuditSearch,
      '/api/audit/verify': () =>
        ok(
          intact
            ? { isIntact: true, entries: 150, findings: 0, problems: [] }
            : {
                isIntact: false,
                entries: 150,
                findings: 1,
                problems: [
                  {
                    kind: 'inserted',
                    entryId: 151,
                    environment: 'dev',
                    firstPosition: null,
                    lastPosition: null,
                    afterEntry: null,
                    beforeEntry: null,
                  },
                ],
              },
        ),
    });
    renderApp('/audit');
    await userEvent.click(await screen.findByRole('button', { name: 'Verify chain' }));
    expect((await screen.findByRole('status', { name: 'Audit log check' })).textContent).toBe(
      'Audit log intact: 150 entries, every chain unbroken',
    );
    intact = false;
    await userEvent.click(screen.getByRole('button', { name: 'Verify chain' }));
    await screen.findByText(
      'Entry 151 was inserted: it was not written by the console (no seal, the chain of dev)',
    );
    expect(screen.getByText('Audit log not intact: 1 finding in 150 entries')).toBeTruthy();
    expect(api.callsTo('/api/audit/verify')).toHaveLength(2);
  });

  it('disables the check for anyone but a console-wide admin', async () => {
    fakeApi({
      '/api/auth/me': () => signedInAs('op@example.com', 'operator', { dev: 'admin' }),
      '/api/configuration/list': () => ok(['dev']),
      '/api/audit/search': answerAuditSearch,
    });
    renderApp('/audit');
    expect(await screen.findByRole('button', { name: 'Verify chain' })).toHaveProperty('disabled', true);
  });
});
