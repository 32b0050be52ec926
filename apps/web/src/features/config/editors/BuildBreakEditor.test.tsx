import { BUILD_BREAK_LABELS, CONSTRUCTION_ITEMS, DEFAULT_ROTATION_TITLE } from '@console/domain/config';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok } from '../../../test/fakeApi.ts';
import { aConfigInput, field, renderEditor } from './editors.test-support.tsx';

const ITEMS_PATH = '/api/plugin/config/construction-items';
const rotation = () => screen.getByRole('region', { name: 'Rotation' });
const tabs = () => within(rotation()).queryAllByRole('tab');
const addRotation = () => screen.getByRole('button', { name: 'Add rotation' }) as HTMLButtonElement;
const itemPicker = () => screen.findByRole('combobox', { name: BUILD_BREAK_LABELS.itemType });

describe('Build and Break event editors', () => {
  it('picks each rotation entry from the looked-up construction items', async () => {
    const api = fakeApi({ [ITEMS_PATH]: () => ok(CONSTRUCTION_ITEMS) });
    const { user, save, savedData } = renderEditor('build');
    expect(tabs().map((tab) => tab.textContent)).toEqual([`${DEFAULT_ROTATION_TITLE} 1`]);
    expect((await itemPicker()).textContent).toBe('NormalPieces');
    expect(api.callsTo(ITEMS_PATH)).toMatchObject([{ path: ITEMS_PATH, configuration: 'dev' }]);

    await user.click(addRotation());
    expect(tabs().map((tab) => tab.textContent)).toEqual(['Rotation 1', 'Rotation 2']);
    await user.click(await itemPicker());
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(
      CONSTRUCTION_ITEMS.map((item) => item.name),
    );
    await user.click(screen.getByRole('option', { name: 'Bomb' }));
    await save();
    await waitFor(() => expect(savedData()?.rotation).toEqual([{ itemType: 0 }, { itemType: 1302 }]));
    expect(api.callsTo(ITEMS_PATH)).toHaveLength(1);
  });

  it('bounds the rotation at 10 entries', async () => {
    fakeApi({ [ITEMS_PATH]: () => ok(CONSTRUCTION_ITEMS) });
    const { user } = renderEditor('break');
    for (let count = 1; count < 10; count += 1) await user.click(addRotation());
    expect(tabs()).toHaveLength(10);
    expect(addRotation().disabled).toBe(true);
    expect(within(rotation()).getByText('10 of at most 10')).toBeTruthy();
  });

  it('marks Level Multipliers outside 1-10 with their labels', async () => {
    fakeApi({ [ITEMS_PATH]: () => ok(CONSTRUCTION_ITEMS) });
    const { user, save, saved, savedData } = renderEditor('break');
    expect(field(BUILD_BREAK_LABELS.hard).value).toBe('1');
    await user.clear(field(BUILD_BREAK_LABELS.hard));
    await user.type(field(BUILD_BREAK_LABELS.hard), '11');
    await user.clear(field(BUILD_BREAK_LABELS.special));
    await user.type(field(BUILD_BREAK_LABELS.special), '0');
    await save();
    expect(await screen.findByText('Hard level must be at most 10')).toBeTruthy();
    expect(screen.getByText('Special level must be at least 1')).toBeTruthy();
    expect(saved).not.toHaveBeenCalled();

    await user.clear(field(BUILD_BREAK_LABELS.hard));
    await user.type(field(BUILD_BREAK_LABELS.hard), '10');
    await user.clear(field(BUILD_BREAK_LABELS.special));
    await user.type(field(BUILD_BREAK_LABELS.special), '2');
    await save();
    await waitFor(() => expect(savedData()?.multipliers).toEqual({ hard: 10, superHard: 1, special: 2 }));
  });

  it('shows a stored item the lookup lacks as itself, refused by the schema', async () => {
    fakeApi({ [ITEMS_PATH]: () => ok(CONSTRUCTION_ITEMS) });
    const { save, saved } = renderEditor('build', aConfigInput('build', { rotation: [{ itemType: 77 }] }));
    expect((await itemPicker()).textContent).toBe('77 (unknown)');
    await save();
    expect(await screen.findByText(/^Construction Item 77 is not one of/)).toBeTruthy();
    expect(saved).not.toHaveBeenCalled();
  });

  it('says when the construction items cannot be loaded', async () => {
    fakeApi({ [ITEMS_PATH]: () => fail(500, 'Database unavailable') });
    renderEditor('build');
    expect(await screen.findByText(/^Could not load the construction items/)).toBeTruthy();
  });
});
