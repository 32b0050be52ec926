import { ABTEST_MESSAGES, type AbTest } from '@console/domain/abtest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, ok } from '../../test/fakeApi.ts';
import { onePage } from '../../test/fakeSearch.ts';
import { anAbTest, renderInConsole } from './abtest.test-support.tsx';
import { AbTestInfoCard, AbTestPickerModal } from './index.ts';

const first = anAbTest({ id: 'first-test', description: 'First' });
const second = anAbTest({ id: 'second-test', active: true, data: { version: 3 } });
const pickerItem = (abTest: AbTest) => ({
  id: abTest.id,
  active: abTest.active,
  version: abTest.data.version,
  description: abTest.description,
});
// The picker lists its search's rows; the chosen one is read whole.
const pickerApi = (abTests: AbTest[]) =>
  fakeApi({
    '/api/abtest/search/picker': () => onePage(abTests.map(pickerItem)),
    '/api/abtest/get': ({ body }) => ok(abTests.find((abTest) => abTest.id === (body as { id: string }).id)),
  });

function renderPicker() {
  const onSelect = vi.fn();
  const onClose = vi.fn();
  renderInConsole(<AbTestPickerModal open selectedId="second-test" onSelect={onSelect} onClose={onClose} />);
  return { onSelect, onClose };
}

describe('AB-test picker modal', () => {
  it('lists ID, Active, Version and Description and picks a row by click or keyboard', async () => {
    pickerApi([first, second]);
    const { onSelect } = renderPicker();
    const firstRow = (await screen.findByText('first-test')).closest('tr')!;
    expect(
      within(firstRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['first-test', 'Inactive', ABTEST_MESSAGES.noVersion, 'First']);
    expect(screen.getByText('second-test').closest('tr')!.getAttribute('aria-selected')).toBe('true');

    await userEvent.click(firstRow);
    await waitFor(() => expect(onSelect).toHaveBeenLastCalledWith(first));
    screen.getByText('second-test').closest('tr')!.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(onSelect).toHaveBeenLastCalledWith(second));
  });

  it('clears the selection with "Select none" and closes with Cancel', async () => {
    pickerApi([first]);
    const { onSelect, onClose } = renderPicker();
    await userEvent.click(screen.getByRole('button', { name: 'Select none' }));
    expect(onSelect).toHaveBeenCalledWith(null);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('only logs a load failure', async () => {
    fakeApi({ '/api/abtest/search/picker': () => fail(409, 'list unavailable') });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderPicker();
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryByText('list unavailable')).toBeNull();
  });
});

describe('AB-test info card', () => {
  it('shows the A/B-test, links the id on request and warns about an invalid configuration', () => {
    renderInConsole(
      <AbTestInfoCard
        abTest={second}
        isLinked
        isConfigurationInvalid
        invalidMessage="All versions are already active"
      />,
    );
    expect(screen.getByRole('link', { name: 'second-test' }).getAttribute('href')).toBe(
      '/abtest/second-test',
    );
    expect(screen.getByText('active')).toBeTruthy();
    expect(screen.getByText('3')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'All versions are already active' })).toBeTruthy();
  });

  it('says "No version" and not active, without link or warning by default', () => {
    renderInConsole(<AbTestInfoCard abTest={first} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('not active')).toBeTruthy();
    expect(screen.getByText(ABTEST_MESSAGES.noVersion)).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
