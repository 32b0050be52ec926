import { ABTEST_MESSAGES, type ActivateTestRequest } from '@console/domain/abtest';
import { AbTestType, PluginId } from '@console/domain/enums';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok } from '../../test/fakeApi.ts';
import { onePage } from '../../test/fakeSearch.ts';
import { AbTestListPage } from './AbTestListPage.tsx';
import { abTestSearch, anAbTest, aVersion, renderInConsole } from './abtest.test-support.tsx';
import { activationConfirmMessage, DELETE_CONFIRM_TITLE, LIST_ACTION_REASONS } from './useAbTestActions.ts';

const draft = anAbTest({ id: 'draft-test', usedBy: [PluginId.DUEL] });
const running = anAbTest({
  id: 'running-test',
  active: true,
  data: { version: 2, cases: [333_334, 333_333, 333_333] },
});
// Inactive with an active version: the only kind the switch can activate.
const ready = anAbTest({
  id: 'ready-test',
  data: { version: 0, cases: [1_000_000], versions: [aVersion(0, [1_000_000], true)] },
});

function listApi() {
  return fakeApi({
    '/api/abtest/search': abTestSearch(() => [draft, running, ready]),
    '/api/abtest/delete': ({ body }) => ok(body),
    '/api/abtest/activate/test': ({ body }) =>
      (body as ActivateTestRequest).active
        ? fail(422, ABTEST_MESSAGES.noActiveVersion)
        : fail(422, ABTEST_MESSAGES.cannotDeactivate),
  });
}

const row = (id: string) => screen.getByRole('link', { name: id }).closest('tr')!;

describe('AB-test list', () => {
  it('keeps loading, failed and empty apart: a failed load says what was not loaded, never "No AB-tests"', async () => {
    let answer = () => fail(422, 'The environment dev cannot be read now');
    fakeApi({ '/api/abtest/search': () => answer() });
    const view = renderInConsole(<AbTestListPage />);
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByText('The environment dev cannot be read now')).toBeTruthy();
    expect(screen.getByText('AB-tests not loaded: The environment dev cannot be read now')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByText('No AB-tests')).toBeNull();
    expect(screen.queryByText('Loading...')).toBeNull();
    view.unmount();

    answer = () => onePage([]);
    renderInConsole(<AbTestListPage />);
    expect(await screen.findByText('No AB-tests')).toBeTruthy();
    expect(screen.queryByText(/not loaded/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('shows the columns of the product', async () => {
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
      'Actions',
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
    await userEvent.click(await screen.findByRole('switch', { name: 'Active ready-test' }));
    const confirmation = await screen.findByRole('dialog', { name: ABTEST_MESSAGES.activateConfirmTitle });
    expect(within(confirmation).getByText(activationConfirmMessage('ready-test'))).toBeTruthy();
    await userEvent.click(within(confirmation).getByRole('button', { name: 'Yes' }));

    const error = await screen.findByRole('dialog', {
      name: `Error: ${ABTEST_MESSAGES.activationFailedTitle}`,
    });
    expect(within(error).getByText(ABTEST_MESSAGES.noActiveVersion)).toBeTruthy();
    expect(api.callsTo('/api/abtest/activate/test').map((call) => call.body)).toEqual([
      { id: 'ready-test', active: true },
    ]);
  });

  it('does not activate when the confirmation is answered No', async () => {
    const api = listApi();
    renderInConsole(<AbTestListPage />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Active ready-test' }));
    const confirmation = await screen.findByRole('dialog', { name: ABTEST_MESSAGES.activateConfirmTitle });
    await userEvent.click(within(confirmation).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('/api/abtest/activate/test')).toEqual([]);
  });

  it('keeps focus on the State switch after Yes, in its named wrapper once the AB-test is active', async () => {
    let isActive = false;
    fakeApi({
      '/api/abtest/search': abTestSearch(() => [{ ...ready, active: isActive }]),
      '/api/abtest/activate/test': () => {
        isActive = true;
        return ok({ ...ready, active: true });
      },
    });
    renderInConsole(<AbTestListPage />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Active ready-test' }));
    const confirmation = await screen.findByRole('dialog', { name: ABTEST_MESSAGES.activateConfirmTitle });
    await userEvent.click(within(confirmation).getByRole('button', { name: 'Yes' }));

    const wrapper = await screen.findByRole('group', { name: 'Active ready-test' });
    await waitFor(() => expect(document.activeElement).toBe(wrapper));
    expect((screen.getByRole('switch', { name: 'Active ready-test' }) as HTMLInputElement).disabled).toBe(
      true,
    );
  });

  // What cannot be done is disabled with the reason, instead of confirmed and then refused.
  it('disables the switch of an active AB-test and says why', async () => {
    const api = listApi();
    renderInConsole(<AbTestListPage />);
    const state = (await screen.findByRole('switch', { name: 'Active running-test' })) as HTMLInputElement;
    expect(state.checked).toBe(true);
    expect(state.disabled).toBe(true);
    // The focusable wrapper that says why is named after the switch it holds.
    const wrapper = screen.getByRole('group', { name: 'Active running-test' });
    expect(wrapper.tabIndex).toBe(0);
    expect(wrapper).toBe(state.closest('span[tabindex]'));
    await userEvent.hover(wrapper);
    // the specification's refusal, title and message
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'Deactivation Failed: An active AB-test cannot be deactivated',
    );
    expect(api.callsTo('/api/abtest/activate/test')).toEqual([]);
  });

  it('does not offer "Activate AB-test?" for an AB-test without an active version, and says it needs one', async () => {
    listApi();
    renderInConsole(<AbTestListPage />);
    const state = (await screen.findByRole('switch', { name: 'Active draft-test' })) as HTMLInputElement;
    expect(state.disabled).toBe(true);
    await userEvent.hover(state.closest('span[tabindex]')!);
    // the specification's refusal, title and message, then the publishing order that leads to a version
    const reason = (await screen.findByRole('tooltip')).textContent!;
    expect(reason.startsWith('Activation Failed: AB-test has no active version. ')).toBe(true);
    expect(reason.endsWith(ABTEST_MESSAGES.noActiveVersionHint)).toBe(true);
    expect(reason).toContain('leave it inactive, use it in a plugin draft and activate the draft');
    expect(screen.queryByRole('dialog', { name: ABTEST_MESSAGES.activateConfirmTitle })).toBeNull();
  });

  it('disables delete of an active or used AB-test with the reason, and deletes the others after asking', async () => {
    const api = listApi();
    renderInConsole(<AbTestListPage />);
    const deleteOf = (id: string) =>
      screen.getByRole('button', { name: `Delete ${id}` }) as HTMLButtonElement;
    await screen.findByRole('link', { name: 'ready-test' });
    expect(deleteOf('running-test').disabled).toBe(true);
    expect(deleteOf('draft-test').disabled).toBe(true);

    await userEvent.hover(deleteOf('draft-test').closest('span[tabindex]')!);
    expect((await screen.findByRole('tooltip')).textContent).toBe(LIST_ACTION_REASONS.usedBy(['DUEL']));
    await userEvent.unhover(deleteOf('draft-test').closest('span[tabindex]')!);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    await userEvent.hover(deleteOf('running-test').closest('span[tabindex]')!);
    expect((await screen.findByRole('tooltip')).textContent).toBe(LIST_ACTION_REASONS.activeCannotBeDeleted);

    await userEvent.click(deleteOf('ready-test'));
    const confirmation = await screen.findByRole('dialog', { name: DELETE_CONFIRM_TITLE });
    await userEvent.click(within(confirmation).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.callsTo('/api/abtest/delete')).toHaveLength(1));
    expect(api.callsTo('/api/abtest/delete')[0]!.body).toEqual({ id: 'ready-test' });
  });

  it('shows the type in its compact form in the narrow column (Sticky with a pin, Dynamic, Rollout), the full name on hover', async () => {
    fakeApi({
      '/api/abtest/search': abTestSearch(() => [
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
    expect(
      ['sticky-test', 'dynamic-test', 'rollout-test'].map((id) =>
        typeCell(id).querySelector('span')!.getAttribute('title'),
      ),
    ).toEqual(['Sticky segmentation', 'Dynamic segmentation', null]);
  });
});

describe('AB-test descriptions', () => {
  it('are shown isolated (<bdi>), so a right-to-left override in one cannot reorder the rest of the row', async () => {
    const description = 'evil \u202eexe.txt';
    fakeApi({ '/api/abtest/search': abTestSearch(() => [anAbTest({ id: 'rtl-test', description })]) });
    renderInConsole(<AbTestListPage />);
    const cell = await screen.findByText(description);
    expect(cell.tagName).toBe('BDI');
  });
});
