import { servedByKeysMessage } from '@console/domain/environment-archive';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, signedInAs } from '../../test/fakeApi.ts';
import { onePage } from '../../test/fakeSearch.ts';
import { renderApp } from '../../test/renderApp.tsx';

describe('Environments (archive and restore)', () => {
  it('archives after the confirmations (the second when runtime keys serve it), then restores it from Archived', async () => {
    let inUse = ['dev', 'stable', 'prod', 'qa'];
    let archived: { id: string; description: string; archived: number; archivedBy: string }[] = [];
    const api = fakeApi({
      '/api/auth/me': () => signedInAs('boss@example.com', 'admin'),
      '/api/configuration/list': () => ok(inUse),
      '/api/configuration/archived': () => ok(archived),
      '/api/configuration/archive': ({ body }) => {
        const { configurationId, confirmServedByKeys } = body as {
          configurationId: string;
          confirmServedByKeys?: boolean;
        };
        if (!confirmServedByKeys) return fail(409, servedByKeysMessage(configurationId, 2));
        inUse = inUse.filter((id) => id !== configurationId);
        archived = [
          { id: configurationId, description: 'no description', archived: 0, archivedBy: 'boss@example.com' },
        ];
        return ok({ id: configurationId, stoppedKeyCount: 2 });
      },
      '/api/configuration/restore': ({ body }) => {
        const { configurationId } = body as { configurationId: string };
        inUse = [...inUse, configurationId];
        archived = [];
        return ok({ id: configurationId, description: 'no description' });
      },
    });
    renderApp('/environments');
    const inUseTable = await screen.findByRole('table', { name: 'Environments in use' });
    // prod and dev say why they cannot be archived, before any click.
    expect(within(inUseTable).getByRole('button', { name: 'Archive prod' })).toHaveProperty('disabled', true);
    expect(within(inUseTable).getByRole('button', { name: 'Archive dev' })).toHaveProperty('disabled', true);
    expect(await screen.findByText('No archived environments')).toBeTruthy();

    await userEvent.click(within(inUseTable).getByRole('button', { name: 'Archive qa' }));
    const first = await screen.findByRole('dialog', { name: 'Archive environment qa?' });
    expect(first.textContent).toContain(
      'qa leaves the environment menu for everyone and its runtime keys stop working',
    );
    await userEvent.click(within(first).getByRole('button', { name: 'Archive qa' }));

    const second = await screen.findByRole('dialog', { name: 'Runtime keys serve qa' });
    expect(second.textContent).toContain(servedByKeysMessage('qa', 2));
    const confirm = within(second).getByRole('button', { name: 'Archive qa and stop its keys' });
    expect(confirm).toHaveProperty('disabled', true);
    await userEvent.type(within(second).getByLabelText('Type qa to confirm'), 'qa');
    await userEvent.click(confirm);

    const archivedTable = await screen.findByRole('table', { name: 'Archived environments' });
    await within(archivedTable).findByRole('row', { name: /qa/ });
    await waitFor(() => expect(within(inUseTable).queryByRole('button', { name: 'Archive qa' })).toBeNull());
    expect(api.callsTo('/api/configuration/archive').map((call) => call.body)).toEqual([
      { configurationId: 'qa', confirmServedByKeys: false },
      { configurationId: 'qa', confirmServedByKeys: true },
    ]);

    await userEvent.click(within(archivedTable).getByRole('button', { name: 'Restore qa' }));
    expect(await screen.findByText('No archived environments')).toBeTruthy();
    await within(inUseTable).findByRole('button', { name: 'Archive qa' });
    expect(api.callsTo('/api/configuration/restore').map((call) => call.body)).toEqual([
      { configurationId: 'qa' },
    ]);
  });

  it('disables Archive for an operator, saying why', async () => {
    fakeApi({
      '/api/auth/me': () => signedInAs('op@example.com', 'operator'),
      '/api/configuration/list': () => ok(['dev', 'stable']),
      '/api/configuration/archived': () => fail(403, 'Requires console-wide admin rights'),
    });
    renderApp('/environments');
    const table = await screen.findByRole('table', { name: 'Environments in use' });
    expect(within(table).getByRole('button', { name: 'Archive stable' })).toHaveProperty('disabled', true);
    expect((await screen.findAllByText('Requires console-wide admin rights')).length).toBeGreaterThan(0);
  });
});

describe('an active environment archived elsewhere', () => {
  it('re-lists on its 404 and falls back to dev, whose screen then loads', async () => {
    window.localStorage.setItem('configuration.active', '"qa"');
    let environments = ['dev', 'qa'];
    const api = fakeApi({
      '/api/auth/me': () => signedInAs(),
      '/api/configuration/list': () => ok(environments),
      '/api/audit/search': ({ configuration }) => {
        if (configuration === 'dev') return onePage([]);
        // Archived by another admin after this page listed the environments.
        environments = ['dev'];
        return fail(404, `Unknown environment ${configuration}`);
      },
    });
    renderApp('/audit');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Environment:/, hidden: true }).textContent).toContain(
        'dev',
      ),
    );
    await waitFor(() =>
      expect(api.callsTo('/api/audit/search').map((call) => call.configuration)).toEqual(['qa', 'dev']),
    );
    expect(api.callsTo('/api/configuration/list').length).toBeGreaterThanOrEqual(2);
  });
});
