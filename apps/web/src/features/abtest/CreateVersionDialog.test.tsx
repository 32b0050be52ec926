import { WEIGHT_MESSAGES } from '@console/domain/abtest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '../../test/fakeApi.ts';
import { aVersion, renderInConsole } from './abtest.test-support.tsx';
import { CreateVersionDialog } from './CreateVersionDialog.tsx';

const percentField = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;
const percents = () => screen.getAllByRole('textbox').map((field) => (field as HTMLInputElement).value);
const fieldError = (label: string) =>
  document.getElementById(`${percentField(label).id}-helper-text`)?.textContent;
const createButton = () => screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement;

function renderDialog(versions = [aVersion(0, [500_000, 500_000], true)]) {
  const api = fakeApi({ '/api/abtest/versions/save': () => ok(aVersion(1, [300_000, 700_000])) });
  const onClose = vi.fn();
  renderInConsole(<CreateVersionDialog open abTestId="spring-sale" versions={versions} onClose={onClose} />);
  return { api, onClose };
}

describe('Create Version modal', () => {
  it('opens on its first field', async () => {
    renderDialog();
    await waitFor(() => expect(document.activeElement).toBe(percentField('Case 1 (control)')));
  });

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

  // An out-of-range entry is marked, not clamped behind the operator's back.
  it('keeps a half-typed percent in its field and marks one above 100% instead of clamping it', async () => {
    renderDialog();
    const second = percentField('Case 2');
    await userEvent.clear(second);
    await userEvent.type(second, '12.');
    expect(second.value).toBe('12.');
    expect(percents()[0]).toBe('88');

    await userEvent.clear(second);
    await userEvent.type(second, '150');
    await userEvent.tab();
    expect(percents()).toEqual(['85', '150']);
    expect(fieldError('Case 2')).toBe(WEIGHT_MESSAGES.percentRange);
    expect(within(screen.getByRole('dialog')).getByRole('status').textContent).toBe(
      'Total: 85.00% — Case 2 is invalid',
    );
    expect(createButton().disabled).toBe(true);
  });

  it.each([
    ['-5', WEIGHT_MESSAGES.percentRange],
    ['abc', WEIGHT_MESSAGES.percentNotNumber],
    ['1e2', WEIGHT_MESSAGES.percentNotNumber],
    ['150', WEIGHT_MESSAGES.percentRange],
    ['', WEIGHT_MESSAGES.percentEmpty],
  ])('marks %j invalid, totals what is shown and keeps Create disabled', async (typed, message) => {
    const { api } = renderDialog([aVersion(0, [600_000, 400_000])]);
    const second = percentField('Case 2');
    await userEvent.clear(second);
    // pasted, so no half-typed prefix ("1" of "1e2") is read on the way
    if (typed !== '') await userEvent.paste(typed);

    expect(percents()).toEqual(['60', typed]);
    expect(second.getAttribute('aria-invalid')).toBe('true');
    expect(fieldError('Case 2')).toBe(message);
    expect(percentField('Case 1 (control)').getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByRole('status').textContent).toBe('Total: 60.00% — Case 2 is invalid');
    expect(createButton().disabled).toBe(true);
    await userEvent.type(second, '{Enter}');
    // What proves that Enter sent nothing is a later submission that does send: had the invalid form
    // been submitted, its call would have come first.
    await userEvent.clear(second);
    await userEvent.paste('40');
    await userEvent.type(second, '{Enter}');
    await waitFor(() => expect(api.callsTo('/api/abtest/versions/save')).toHaveLength(1));
    expect(api.callsTo('/api/abtest/versions/save')[0]!.body).toEqual({
      id: 'spring-sale',
      weights: ['600000', '400000'],
    });
  });

  it('gives what was typed when the cases are typed top to bottom, the control case absorbing', async () => {
    const { api } = renderDialog([]);
    await userEvent.click(screen.getByRole('button', { name: 'Add case' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add case' }));
    expect(percents()).toEqual(['100', '0', '0']);

    await userEvent.clear(percentField('Case 2'));
    await userEvent.type(percentField('Case 2'), '20');
    expect(percents()).toEqual(['80', '20', '0']);
    await userEvent.clear(percentField('Case 3'));
    await userEvent.type(percentField('Case 3'), '30');
    expect(percents()).toEqual(['50', '20', '30']);
    expect(screen.getByRole('status').textContent).toBe('Total: 100.00%');

    await userEvent.click(createButton());
    await waitFor(() => expect(api.callsTo('/api/abtest/versions/save')).toHaveLength(1));
    expect(api.callsTo('/api/abtest/versions/save')[0]!.body).toEqual({
      id: 'spring-sale',
      weights: ['500000', '200000', '300000'],
    });
  });

  it('sends exactly the shown weights after an invalid entry is corrected', async () => {
    const { api } = renderDialog([aVersion(0, [500_000, 500_000])]);
    const second = percentField('Case 2');
    await userEvent.clear(second);
    await userEvent.type(second, '-5');
    expect(createButton().disabled).toBe(true);
    await userEvent.clear(second);
    await userEvent.type(second, '40');
    expect(percents()).toEqual(['60', '40']);
    await userEvent.click(createButton());
    await waitFor(() => expect(api.callsTo('/api/abtest/versions/save')).toHaveLength(1));
    expect(api.callsTo('/api/abtest/versions/save')[0]!.body).toEqual({
      id: 'spring-sale',
      weights: ['600000', '400000'],
    });
  });

  it('says so when "distribute equally" has nothing left to distribute', async () => {
    renderDialog([aVersion(0, [1_000_000, 0, 0])]);
    await userEvent.click(screen.getByRole('button', { name: 'distribute equally after Case 1 (control)' }));
    expect(screen.getByRole('alert').textContent).toBe(WEIGHT_MESSAGES.nothingToDistribute(1));
    expect(percents()).toEqual(['100', '0', '0']);
  });

  it('shows a total that is not exactly 100% with the decimals that make it visible', async () => {
    renderDialog([]);
    await userEvent.clear(percentField('Case 1 (control)'));
    await userEvent.paste('99.9999');
    expect(percents()).toEqual(['99.9999']);
    expect(screen.getByRole('status').textContent).toBe(
      'Total: 99.9999% — Weights must total 1000000 (100%), but they total 999999 (99.9999%)',
    );
    expect(createButton().disabled).toBe(true);
  });
});
