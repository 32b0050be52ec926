import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, signedInAs } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

// The preview's Dependencies table, the refusal it announces, and the choices it depends on.

const DUEL = { group: 'Plugins', id: 4, title: 'DUEL' };
const dependency = (fields: Record<string, unknown>) => ({
  isInSource: true,
  neededBy: [DUEL],
  ...fields,
});

const PREVIEW = {
  previewToken: 'token-1',
  groups: {
    Plugins: [{ operation: 'update', id: 4, active: true, title: 'DUEL', payload: { description: 'Duel' } }],
    Configurations: [{ operation: 'create', id: 'duel-b', active: true, title: 'B', payload: {} }],
  },
  dependencies: [
    dependency({
      group: 'A/B-tests',
      id: 'spring',
      version: 2,
      label: "A/B-test 'spring' version 2",
      title: 'Spring sale',
      status: 'equal',
      outcome: 'unchanged',
    }),
    dependency({
      group: 'Configurations',
      id: 'duel-a',
      label: "configuration 'duel-a'",
      title: 'A',
      status: 'different',
      outcome: 'kept',
      neededBy: [DUEL, { group: 'Plugins', id: 5, title: 'STORE' }],
    }),
    dependency({
      group: 'Configurations',
      id: 'duel-b',
      label: "configuration 'duel-b'",
      title: 'B',
      status: 'missing',
      outcome: 'carried',
    }),
  ],
  missing: [],
};

const REFUSED = {
  ...PREVIEW,
  dependencies: [
    dependency({
      group: 'Configurations',
      id: 'duel-b',
      label: "configuration 'duel-b'",
      title: 'B',
      status: 'missing',
      outcome: 'refused',
    }),
    dependency({
      group: 'Configurations',
      id: 'gone',
      label: "configuration 'gone'",
      title: '',
      isInSource: false,
      status: 'missing',
      outcome: 'refused',
    }),
  ],
  missing: ["configuration 'duel-b' (needed by DUEL)", "configuration 'gone' (needed by DUEL)"],
};

function consoleApi(preview: unknown) {
  return fakeApi({
    '/api/auth/me': () => signedInAs(),
    '/api/configuration/list': () => ok(['dev', 'stable', 'prod']),
    '/api/configuration/transfer/preview': () => ok(preview),
  });
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

const transferButton = () => screen.getByRole('button', { name: /^Transfer$/ }) as HTMLButtonElement;
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('Transfer: Dependencies', () => {
  it('lists what the transferred plugins need, whether the destination has it and what the transfer does', async () => {
    consoleApi(PREVIEW);
    renderApp('/transfer');
    await screen.findByRole('heading', { name: 'Configuration Transfer' });
    await choose('Destination', 'stable');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));

    const table = await screen.findByRole('table', { name: 'Dependencies' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Group', 'ID', 'Version', 'Title', 'Needed by', 'Destination', 'Transfer']);
    const [, ...rows] = within(table).getAllByRole('row');
    expect(rows.map(cellsOf)).toEqual([
      ['A/B-tests', 'spring', '2', 'Spring sale', 'DUEL', 'equal', 'Nothing to copy'],
      ['Configurations', 'duel-a', '', 'A', 'DUEL, STORE', 'different', "Destination's kept"],
      ['Configurations', 'duel-b', '', 'B', 'DUEL', 'missing', 'Carried along'],
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(transferButton().disabled).toBe(false);
    // the carried configuration is also a row of its group
    expect(within(screen.getByRole('table', { name: 'Configurations' })).getByText('duel-b')).toBeTruthy();
  });

  it('announces the refusal with the list of what is missing, and does not offer the transfer', async () => {
    consoleApi(REFUSED);
    renderApp('/transfer');
    await screen.findByRole('heading', { name: 'Configuration Transfer' });
    await choose('Destination', 'stable');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));

    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(REFUSED.missing);
    const table = screen.getByRole('table', { name: 'Dependencies' });
    const [, ...rows] = within(table).getAllByRole('row');
    expect(rows.map((row) => cellsOf(row).slice(5))).toEqual([
      ['missing', 'Missing: transfer refused'],
      ['missing', 'Missing in the source too: transfer refused'],
    ]);
    expect(transferButton().disabled).toBe(true);
  });

  it('sends the chosen groups and, for a Merge, not carrying; a change of either discards the preview', async () => {
    const api = consoleApi({ ...PREVIEW, dependencies: [] });
    renderApp('/transfer');
    await screen.findByRole('heading', { name: 'Configuration Transfer' });
    await choose('Destination', 'stable');
    // carrying is a Merge choice
    expect(screen.queryByRole('checkbox', { name: /^Carry what plugins need/ })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Merge' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'A/B-tests' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Configurations' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /^Carry what plugins need/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const table = await screen.findByRole('table', { name: 'Dependencies' });
    expect(within(table).getByText('No dependencies')).toBeTruthy();
    expect(api.callsTo('/api/configuration/transfer/preview').map((call) => call.body)).toEqual([
      {
        from: 'dev',
        to: 'stable',
        mode: 'merge',
        groups: ['Release info', 'Plugins', 'NICE config'],
        carryDependencies: false,
      },
    ]);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Configurations' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Dependencies' })).toBeNull());
    expect(transferButton().disabled).toBe(true);

    // no group at all is refused before calling the server
    for (const name of ['Release info', 'Plugins', 'NICE config', 'Configurations']) {
      await userEvent.click(screen.getByRole('checkbox', { name }));
    }
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Choose at least one group')).toBeTruthy();
    expect(api.callsTo('/api/configuration/transfer/preview')).toHaveLength(1);
  });
});
