import type { GameServerList } from '@console/domain/runtime';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

const at = (hours: number, minutes: number, seconds: number) =>
  new Date(2026, 10, 25, hours, minutes, seconds).getTime();
const server = (instance: string, revision: number, applied: number, reported: number) => ({
  instance,
  revision,
  applied,
  reported,
  address: '10.0.0.7',
});

function renderWith(answers: GameServerList[]) {
  let call = 0;
  const api = fakeApi({
    '/api/auth/me': () => ok({ email: 'op@example.com' }),
    '/api/configuration/list': () => ok(['dev', 'stable']),
    '/api/connections/list': () => ok([]),
    '/api/runtime-keys/list': () => ok([]),
    '/api/connections/game-servers': () => ok(answers[Math.min(call++, answers.length - 1)]),
  });
  renderApp('/system/connections');
  return api;
}

const summary = async () => (await screen.findByTestId('pickup-summary')).textContent;

describe('Connections: game servers (pickup confirmation)', () => {
  it('shows each game server’s revision and that all live ones run the latest since the last caught up', async () => {
    const checked = at(12, 10, 0);
    renderWith([
      {
        latestRevision: 42,
        checked,
        instances: [
          server('gs-1', 42, at(12, 1, 0), at(12, 9, 50)),
          server('gs-2', 42, at(12, 3, 10), at(12, 9, 40)),
          server('gs-3', 42, at(12, 2, 0), at(12, 9, 30)),
          server('gs-old', 40, at(9, 0, 0), at(11, 0, 0)),
        ],
      },
    ]);
    expect(await summary()).toBe('All 3 game servers run revision 42 since 12:03:10');
    const table = screen.getByRole('table', { name: 'Game servers' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Instance', 'Revision', 'Status', 'Applied', 'Last report', 'Address']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['gs-1', '42', 'Up to date', '12:01:00', '12:09:50', '10.0.0.7'],
      ['gs-2', '42', 'Up to date', '12:03:10', '12:09:40', '10.0.0.7'],
      ['gs-3', '42', 'Up to date', '12:02:00', '12:09:30', '10.0.0.7'],
      ['gs-old', '40', 'Silent', '09:00:00', '11:00:00', '10.0.0.7'],
    ]);
  });

  it('names the servers behind, and reloads with the Reload button', async () => {
    const checked = at(12, 10, 0);
    const behind: GameServerList = {
      latestRevision: 42,
      checked,
      instances: [
        server('gs-1', 42, at(12, 1, 0), at(12, 9, 0)),
        server('gs-2', 41, at(11, 0, 0), at(12, 9, 0)),
      ],
    };
    const caughtUp: GameServerList = {
      ...behind,
      checked: at(12, 11, 0),
      instances: [behind.instances[0]!, server('gs-2', 42, at(12, 10, 30), at(12, 10, 30))],
    };
    const api = renderWith([behind, caughtUp]);
    expect(await summary()).toBe('1 of 2 game servers is behind revision 42: gs-2 runs revision 41');
    const row = within(screen.getByRole('table', { name: 'Game servers' })).getByRole('row', {
      name: /gs-2/,
    });
    expect(within(row).getByText('Behind')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(async () =>
      expect(await summary()).toBe('All 2 game servers run revision 42 since 12:10:30'),
    );
    expect(api.callsTo('/api/connections/game-servers')[0]?.configuration).toBe('dev');
  });

  it('says when no server reported lately, naming the latest revision', async () => {
    renderWith([{ latestRevision: 7, checked: at(12, 0, 0), instances: [] }]);
    expect(await summary()).toBe('No game server reported in the last 5 minutes (latest revision 7)');
    expect(screen.getByText('No game server has reported')).toBeTruthy();
  });

  it('says when the environment has no published revision yet', async () => {
    renderWith([{ latestRevision: null, checked: at(12, 0, 0), instances: [] }]);
    expect(await summary()).toBe('No revision is published in this environment yet');
  });
});
