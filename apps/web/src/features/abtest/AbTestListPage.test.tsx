import { ABTEST_MESSAGES, AbTestType, type ActivateTestRequest, PluginId } from '@console/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok } from '../../test/fakeApi.ts';
import { AbTestListPage } from './AbTestListPage.tsx';
import { anAbTest, renderInConsole } from './abtest.test-support.tsx';
import { activationConfirmMessage } from './useAbTestActions.ts';

const draft = anAbTest({ id: 'draft-test', usedBy: [PluginId.DUEL] });
const running = anAbTest({
  id: 'running-test',
  active: true,
  data: { version: 2, cases: [333_334, 333_333, 333_333] },
});

function listApi() {
  return fakeApi({
    '/api/abtest/list': () => ok([draft, running]),
    '/api/abtest/activate/test': ({ body }) =>
      (body as ActivateTestRequest).active
        ? fail(422, ABTEST_MESSAGES.noActiveVersion)
        : fail(422, ABTEST_MESSAGES.cannotDeactivate),
  });
}

const row = (id: string) => screen.getByRole('link', { name: id }).closest('tr')!;

describe('AB-test list', () => {
  it('shows the columns of the spec', async () => {
    listApi();
    renderInConsole(<AbTestListPage />);
    await screen.findByRole('link', { name: 'draft-test' });
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual([
      'State',
      'ID',
      'Type',
      'Description',
      'Version',
      'Cases',
      'Used By',
      'Created',
      'Modified',
      'User',
      '',
    ]);
    expect(within(row('draft-test')).getByText(ABTEST_MESSAGES.noVersion)).toBeTruthy();
    expect(within(row('draft-test')).getByRole('link', { name: 'DUEL' }).getAttribute('href')).toBe(
      '/plugin/4',
    );
    expect(screen.getByRole('link', { name: 'running-test' }).getAttribute('href')).toBe(
      '/abtest/running-test',
    );
    expect(within(row('running-test')).getByLabelText('Case 1 (control): 33.34%')).toBeTruthy();
    expect(within(row('running-test')).getByLabelText('Case 3: 33.33%')).toBeTruthy();
  });

  it('asks before activating and shows the server message when activation fails', async () => {
    const api = listApi();
    renderInConsole(<AbTestListPage />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Active draft-test' }));
    const confirmation = await screen.findByRole('dialog', { name: ABTEST_MESSAGES.activateConfirmTitle });
    expect(within(confirmation).getByText(activationConfirmMessage('draft-test'))).toBeTruthy();
    await userEvent.click(within(confirmation).getByRole('button', { name: 'Yes' }));

    const error = await screen.findByRole('dialog', {
      name: `Error: ${ABTEST_MESSAGES.activationFailedTitle}`,
    });
    expect(within(error).getByText(ABTEST_MESSAGES.noActiveVersion)).toBeTruthy();
    expect(api.callsTo('/api/abtest/activate/test').map((call) => call.body)).toEqual([
      { id: 'draft-test', active: true },
    ]);
  });

  it('does not activate when the confirmation is answered No', async () => {
    const api = listApi();
    renderInConsole(<AbTestListPage />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Active draft-test' }));
    const confirmation = await screen.findByRole('dialog', { name: ABTEST_MESSAGES.activateConfirmTitle });
    await userEvent.click(within(confirmation).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('/api/abtest/activate/test')).toEqual([]);
  });

  it('sends the switch-off so the server can refuse it as "Deactivation Failed"', async () => {
    const api = listApi();
    renderInConsole(<AbTestListPage />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Active running-test' }));
    const error = await screen.findByRole('dialog', {
      name: `Error: ${ABTEST_MESSAGES.deactivationFailedTitle}`,
    });
    expect(within(error).getByText(ABTEST_MESSAGES.cannotDeactivate)).toBeTruthy();
    expect(api.callsTo('/api/abtest/activate/test').map((call) => call.body)).toEqual([
      { id: 'running-test', active: false },
    ]);
  });

  it('shows the type as Sticky with a pin, Dynamic or Rollout', async () => {
    fakeApi({
      '/api/abtest/list': () =>
        ok([
          anAbTest({ id: 'sticky-test' }),
          anAbTest({ id: 'dynamic-test', data: { type: AbTestType.DynamicSegmentation } }),
          anAbTest({ id: 'rollout-test', data: { type: AbTestType.Rollout } }),
        ]),
    });
    renderInConsole(<AbTestListPage />);
    await screen.findByRole('link', { name: 'sticky-test' });
    const typeCell = (id: string) => within(row(id)).getAllByRole('cell')[2]!;
    expect(['sticky-test', 'dynamic-test', 'rollout-test'].map((id) => typeCell(id).textContent)).toEqual([
      'Sticky',
      'Dynamic',
      'Rollout',
    ]);
    expect(typeCell('sticky-test').querySelector('[data-testid="PushPinIcon"]')).not.toBeNull();
    expect(typeCell('dynamic-test').querySelector('svg')).toBeNull();
  });
});
