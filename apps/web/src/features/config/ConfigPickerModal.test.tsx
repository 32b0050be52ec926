import { PluginId } from '@console/domain/enums';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, fakeApi } from '../../test/fakeApi.ts';
import { onePage } from '../../test/fakeSearch.ts';
import { ConfigPickerModal, NO_CONFIGURATIONS } from './ConfigPickerModal.tsx';
import { aConfigRow, renderInConsole } from './config.test-support.tsx';

const live = aConfigRow({
  id: 'race-live',
  pluginId: PluginId.AGILITY_RACE,
  active: true,
  description: 'Live race',
});
const spare = aConfigRow({
  id: 'race-spare',
  pluginId: PluginId.AGILITY_RACE,
  active: true,
  description: 'Spare',
});

const pickerItem = (row: typeof live) => ({ id: row.extended.id, description: row.extended.description });
const PICKER = '/api/plugin/config/search/picker';

function renderPicker(selectedId: string | null = null) {
  const onSelect = vi.fn();
  const onClose = vi.fn();
  renderInConsole(
    <ConfigPickerModal open kind="ar" selectedId={selectedId} onSelect={onSelect} onClose={onClose} />,
  );
  return { onSelect, onClose };
}

describe('Configuration picker', () => {
  it("lists the kind's activated configurations (ID, Description) and picks one", async () => {
    const api = fakeApi({ [PICKER]: () => onePage([live, spare].map(pickerItem)) });
    const { onSelect } = renderPicker('race-spare');
    const dialog = await screen.findByRole('dialog', { name: 'Select Agility Race configuration' });
    await within(dialog).findByText('race-live');
    const table = within(dialog).getByRole('table', { name: 'Configurations to select' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['ID', 'Description']);
    expect(within(table).getByText('Spare').closest('tr')?.getAttribute('aria-selected')).toBe('true');
    await userEvent.click(within(table).getByText('Live race'));
    expect(onSelect).toHaveBeenCalledWith(pickerItem(live));
    // The kind's plugin names the configurations offered.
    expect(api.callsTo(PICKER).map((call) => call.body)).toEqual([
      { pluginId: PluginId.AGILITY_RACE, limit: 50 },
    ]);
  });

  it('says "No configurations found" when none is active, and Select none clears', async () => {
    fakeApi({ [PICKER]: () => onePage([]) });
    const { onSelect, onClose } = renderPicker('race-live');
    expect(await screen.findByText(NO_CONFIGURATIONS)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Select none' }));
    expect(onSelect).toHaveBeenCalledWith(null);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('shows a load failure in the banner', async () => {
    fakeApi({ [PICKER]: () => fail(404, 'Unknown plugin') });
    renderPicker();
    await waitFor(() => expect(screen.getByText('Unknown plugin')).toBeTruthy());
  });
});
