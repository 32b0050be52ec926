import { DEFAULT_STREAK_TIER, STREAK_LABELS } from '@console/domain/config';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { field, renderEditor } from './editors.test-support.tsx';

const tabs = () => within(screen.getByRole('region', { name: 'Tiers' })).queryAllByRole('tab');
const addTier = () => screen.getByRole('button', { name: 'Add tier' }) as HTMLButtonElement;

describe('Streak editors', () => {
  it('bounds Win Streak at 10 tiers, each new tier at 3 levels', async () => {
    const { user, save, savedData } = renderEditor('ws');
    expect(field(STREAK_LABELS.numberOfItems).value).toBe(String(DEFAULT_STREAK_TIER.numberOfItems));
    for (let count = 1; count < 10; count += 1) await user.click(addTier());
    expect(tabs()).toHaveLength(10);
    expect(addTier().disabled).toBe(true);
    expect(screen.getByText('10 of at most 10')).toBeTruthy();
    await save();
    await waitFor(() => expect(savedData()?.tiers).toEqual(Array(10).fill({ numberOfItems: 3 })));
  });

  it('bounds Dive Streak at 20 tiers', async () => {
    const { user } = renderEditor('ds');
    expect(screen.getByText('1 of at most 20')).toBeTruthy();
    for (let count = 1; count < 20; count += 1) await user.click(addTier());
    expect(tabs()).toHaveLength(20);
    expect(addTier().disabled).toBe(true);
  });

  it('marks Number of levels out of 0-1000 and keeps the last tier', async () => {
    const { user, save, saved, savedData } = renderEditor('ws');
    expect((screen.getByRole('button', { name: 'Remove tier 1' }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(field(STREAK_LABELS.numberOfItems));
    await user.type(field(STREAK_LABELS.numberOfItems), '1001');
    await save();
    expect(await screen.findByText('Number of levels must be at most 1000')).toBeTruthy();
    expect(saved).not.toHaveBeenCalled();

    await user.clear(field(STREAK_LABELS.numberOfItems));
    await user.type(field(STREAK_LABELS.numberOfItems), '0');
    await user.click(addTier());
    await user.clear(field(STREAK_LABELS.numberOfItems));
    await user.type(field(STREAK_LABELS.numberOfItems), '1000');
    await save();
    await waitFor(() => expect(savedData()?.tiers).toEqual([{ numberOfItems: 0 }, { numberOfItems: 1000 }]));
  });
});
