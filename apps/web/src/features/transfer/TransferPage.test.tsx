import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, type Handler, ok, signedInAs } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

const PREVIEW = {
  previewToken: 'token-1',
  groups: {
    Plugins: [
      { operation: 'update', id: 4, active: true, title: 'DUEL', payload: { description: 'Duel event' } },
      { operation: 'unchanged', id: 5, active: false, title: 'COLLECTION_EVENT_ONE', payload: {} },
    ],
    'NICE config': [],
  },
  dependencies: [],
  missing: [],
};

function consoleApi(extra: Record<string, Handler> = {}) {
  return fakeApi({
    '/api/auth/me': () => signedInAs(),
    '/api/configuration/list': () => ok(['dev', 'stable', 'prod']),
    '/api/configuration/transfer/preview': () => ok(PREVIEW),
    ...extra,
  });
}

const transferButton = () => screen.getByRole('button', { name: /^Transfer$/ }) as HTMLButtonElement;

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

async function previewDevToStable() {
  await screen.findByRole('heading', { name: 'Configuration Transfer' });
  await choose('Destination', 'stable');
  await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
  return screen.findByRole('table', { name: 'Plugins' });
}

describe('Configuration Transfer', () => {
  it('previews with the source in ?configuration= and shows one table per group', async () => {
    const api = consoleApi();
    renderApp('/transfer');
    await screen.findByRole('heading', { name: 'Configuration Transfer' });
    expect(transferButton().disabled).toBe(true);
    // the source is disabled as a destination
    await userEvent.click(screen.getByRole('combobox', { name: 'Destination' }));
    expect((await screen.findByRole('option', { name: 'dev' })).getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(screen.getByRole('option', { name: 'stable' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Merge' }));
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));

    const plugins = await screen.findByRole('table', { name: 'Plugins' });
    expect(api.callsTo('/api/configuration/transfer/preview')).toEqual([
      {
        path: '/api/configuration/transfer/preview',
        configuration: 'dev',
        body: { from: 'dev', to: 'stable', mode: 'merge' },
      },
    ]);
    const headers = within(plugins)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Op', 'ID', 'Active', 'Title', 'Payload']);
    const duel = within(plugins).getByRole('row', { name: /DUEL/ });
    expect(
      within(duel)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['update', '4', 'Yes', 'DUEL', '{"description":"Duel event"}']);
    expect(within(screen.getByRole('table', { name: 'NICE config' })).getByText('No items')).toBeTruthy();
    expect(transferButton().disabled).toBe(false);
  });

  it('refuses to preview without a destination, without calling the server', async () => {
    const api = consoleApi();
    renderApp('/transfer');
    await screen.findByRole('heading', { name: 'Configuration Transfer' });
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Choose a destination other than the source')).toBeTruthy();
    expect(api.callsTo('/api/configuration/transfer/preview')).toEqual([]);
  });

  it('discards the preview when the destination or source changes', async () => {
    consoleApi();
    renderApp('/transfer');
    await previewDevToStable();
    await choose('Destination', 'prod');
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Plugins' })).toBeNull());
    expect(transferButton().disabled).toBe(true);

    await choose('Destination', 'stable');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByRole('table', { name: 'Plugins' });
    await choose('Source', 'prod');
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Plugins' })).toBeNull());
    expect(transferButton().disabled).toBe(true);
  });

  it('sends the preview token, then clears the destination and the preview', async () => {
    const api = consoleApi({
      '/api/configuration/transfer': () =>
        ok({
          from: 'dev',
          to: 'stable',
          mode: 'overwrite',
          counts: { create: 0, update: 1, delete: 0, unchanged: 1 },
        }),
    });
    renderApp('/transfer');
    await previewDevToStable();
    await userEvent.click(transferButton());
    expect(
      await screen.findByText('Transferred dev to stable: 0 created, 1 updated, 0 deleted'),
    ).toBeTruthy();
    expect(api.callsTo('/api/configuration/transfer')[0]).toEqual({
      path: '/api/configuration/transfer',
      configuration: 'dev',
      body: { from: 'dev', to: 'stable', mode: 'overwrite', previewToken: 'token-1' },
    });
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Plugins' })).toBeNull());
    expect(
      screen
        .getByRole('combobox', { name: 'Destination' })
        .textContent?.replace(/\u200b/g, '')
        .trim(),
    ).toBe('');
    expect(transferButton().disabled).toBe(true);
  });

  it("shows 'Environment changed since preview' in the banner and asks for a new preview", async () => {
    consoleApi({ '/api/configuration/transfer': () => fail(409, 'Environment changed since preview') });
    renderApp('/transfer');
    await previewDevToStable();
    await userEvent.click(transferButton());
    expect(await screen.findByText('Environment changed since preview')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Plugins' })).toBeNull());
    expect(transferButton().disabled).toBe(true);
  });

  describe('into a protected environment (prod)', () => {
    async function previewDevToProd(mode: 'Overwrite' | 'Merge') {
      await screen.findByRole('heading', { name: 'Configuration Transfer' });
      await choose('Destination', 'prod');
      await userEvent.click(screen.getByRole('radio', { name: mode }));
      await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
      await screen.findByRole('table', { name: 'Plugins' });
    }
    const transferResult = (mode: string) => () =>
      ok({ from: 'dev', to: 'prod', mode, counts: { create: 0, update: 1, delete: 0, unchanged: 1 } });

    it('asks naming prod and the counts; an Overwrite needs the id typed, and Cancel sends nothing', async () => {
      const api = consoleApi({ '/api/configuration/transfer': transferResult('overwrite') });
      renderApp('/transfer');
      await previewDevToProd('Overwrite');
      await userEvent.click(transferButton());
      const question = await screen.findByRole('dialog', { name: 'Transfer into prod?' });
      expect(
        within(question).getByText(
          'Overwrite from dev: 0 to create, 1 to update, 0 to delete, 1 unchanged. Players of prod see the change at once.',
        ),
      ).toBeTruthy();
      const confirm = within(question).getByRole('button', {
        name: 'Transfer into prod',
      }) as HTMLButtonElement;
      expect(confirm.disabled).toBe(true);
      await userEvent.type(within(question).getByLabelText('Type prod to confirm'), 'pro');
      expect(confirm.disabled).toBe(true);
      await userEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(api.callsTo('/api/configuration/transfer')).toEqual([]);

      // asked again, the typed text starts empty
      await userEvent.click(transferButton());
      const again = await screen.findByRole('dialog', { name: 'Transfer into prod?' });
      const typed = within(again).getByLabelText('Type prod to confirm');
      expect(typed).toHaveProperty('value', '');
      await userEvent.type(typed, 'prod');
      await userEvent.click(within(again).getByRole('button', { name: 'Transfer into prod' }));
      expect(
        await screen.findByText('Transferred dev to prod: 0 created, 1 updated, 0 deleted'),
      ).toBeTruthy();
      expect(api.callsTo('/api/configuration/transfer').map((call) => call.body)).toEqual([
        { from: 'dev', to: 'prod', mode: 'overwrite', previewToken: 'token-1' },
      ]);
    });

    it('asks before a Merge too, without typing', async () => {
      const api = consoleApi({ '/api/configuration/transfer': transferResult('merge') });
      renderApp('/transfer');
      await previewDevToProd('Merge');
      await userEvent.click(transferButton());
      const question = await screen.findByRole('dialog', { name: 'Transfer into prod?' });
      expect(within(question).getByText(/^Merge from dev: 0 to create, 1 to update/)).toBeTruthy();
      expect(within(question).queryByRole('textbox')).toBeNull();
      await userEvent.click(within(question).getByRole('button', { name: 'Transfer into prod' }));
      await screen.findByText('Transferred dev to prod: 0 created, 1 updated, 0 deleted');
      expect(api.callsTo('/api/configuration/transfer')).toHaveLength(1);
    });
  });
});
