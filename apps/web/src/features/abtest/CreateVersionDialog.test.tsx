import { WEIGHT_MESSAGES } from '@console/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '../../test/fakeApi.ts';
import { aVersion, renderInConsole } from './abtest.test-support.tsx';
import { CreateVersionDialog } from './CreateVersionDialog.tsx';

const percentField = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;
const percents = () => screen.getAllByRole('textbox').map((field) => (field as HTMLInputElement).value);
const createButton = () => screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement;

function renderDialog(versions = [aVersion(0, [500_000, 500_000], true)]) {
  const api = fakeApi({ '/api/abtest/versions/save': () => ok(aVersion(1, [300_000, 700_000])) });
  const onClose = vi.fn();
  renderInConsole(<CreateVersionDialog open abTestId="spring-sale" versions={versions} onClose={onClose} />);
  return { api, onClose };
}

describe('Create Version modal', () => {
  it('starts from the newest version, keeps 100% when a weight is edited and sends the weights as texts', async () => {
    const { api, onClose } = renderDialog([aVersion(0, [1_000_000], true), aVersion(1, [500_000, 500_000])]);
    expect(percents()).toEqual(['50', '50']);

    const first = percentField('Case 1 (control)');
    await userEvent.clear(first);
    await userEvent.type(first, '30');

    expect(percents()).toEqual(['30', '70']);
    expect(screen.getByRole('status').textContent).toBe('Total: 100.00%');
    await userEvent.click(createButton());

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('/api/abtest/versions/save')).toEqual([
      {
        path: '/api/abtest/versions/save',
        configuration: 'dev',
        body: { id: 'spring-sale', weights: ['300000', '700000'] },
      },
    ]);
  });

  it('gives a single case 100%, adds new cases at 0 and spreads the remainder over later cases', async () => {
    renderDialog([]);
    expect(percents()).toEqual(['100']);
    expect(screen.queryByRole('button', { name: /distribute equally/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Add case' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add case' }));
    expect(percents()).toEqual(['100', '0', '0']);

    const first = percentField('Case 1 (control)');
    await userEvent.clear(first);
    await userEvent.type(first, '40');
    expect(percents()).toEqual(['40', '0', '60']);

    await userEvent.click(screen.getByRole('button', { name: 'distribute equally after Case 1 (control)' }));
    expect(percents()).toEqual(['40', '30', '30']);
    expect(createButton().disabled).toBe(false);
  });

  it('hands a removed case its weight over and refuses an empty list', async () => {
    renderDialog([aVersion(0, [200_000, 300_000, 500_000])]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Case 3' }));
    expect(percents()).toEqual(['20', '80']);

    await userEvent.click(screen.getByRole('button', { name: 'Remove Case 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Case 1 (control)' }));
    expect(screen.getByRole('status').textContent).toContain(WEIGHT_MESSAGES.empty);
    expect(createButton().disabled).toBe(true);
  });

  it('keeps a half-typed percent in its field and clamps above 100% on leaving it', async () => {
    renderDialog();
    const second = percentField('Case 2');
    await userEvent.clear(second);
    await userEvent.type(second, '12.');
    expect(second.value).toBe('12.');
    expect(percents()[0]).toBe('88');

    await userEvent.clear(second);
    await userEvent.type(second, '150');
    await userEvent.tab();
    expect(percents()).toEqual(['0', '100']);
    expect(within(screen.getByRole('dialog')).getByRole('status').textContent).toBe('Total: 100.00%');
  });
});
