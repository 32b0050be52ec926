import { BOT_LABELS, DEFAULT_BOT, MATCHMAKING_LABELS, RACE_LABELS } from '@console/domain/config';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aConfigInput, field, renderEditor } from './editors.test-support.tsx';
import { HAS_ERRORS } from './sections/TabEditor.tsx';

const tiersSection = () => screen.getByRole('region', { name: 'Tiers' });
const tabs = () => within(tiersSection()).queryAllByRole('tab');
const addTier = () => screen.getByRole('button', { name: 'Add tier' }) as HTMLButtonElement;

describe('Race editor', () => {
  it('saves a new Agility Race at its defaults: one tier of 5 rotations, bot off', async () => {
    const { save, savedData } = renderEditor('ar');
    expect(tabs().map((tab) => tab.textContent)).toEqual(['Tier 1']);
    expect(field(RACE_LABELS.rotations).value).toBe('5');
    await save();
    await waitFor(() => expect(savedData()).toBeDefined());
    expect(savedData()).toMatchObject({
      kind: 'ar',
      matchmaking: { algorithm: 1, groupSize: 5 },
      bot: DEFAULT_BOT,
      tiers: [{ rotations: 5, matchmaking: {} }],
    });
  });

  it('marks race length, group size and close % out of bounds with their labels', async () => {
    const { user, save, saved } = renderEditor('ar');
    await user.clear(field(RACE_LABELS.scoreTarget));
    await user.type(field(RACE_LABELS.scoreTarget), '151');
    await user.clear(field(MATCHMAKING_LABELS.groupSize));
    await user.type(field(MATCHMAKING_LABELS.groupSize), '0');
    await user.clear(field(MATCHMAKING_LABELS.closePct));
    await save();
    expect(await screen.findByText('Race length must be at most 150')).toBeTruthy();
    expect(screen.getByText('Group size must be at least 1')).toBeTruthy();
    expect(screen.getByText('Close % must be a number')).toBeTruthy();
    expect(saved).not.toHaveBeenCalled();
  });

  it('picks the matchmaking algorithm among the product’s algorithms', async () => {
    const { user, save, savedData } = renderEditor('er');
    await user.click(screen.getAllByRole('combobox', { name: MATCHMAKING_LABELS.algorithm })[0]!);
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual([
      'Timed bucket',
      'No re-entrance timed bucket',
      'Single user',
      'Level bucket',
      'Team',
    ]);
    await user.click(screen.getByRole('option', { name: 'Level bucket' }));
    await save();
    await waitFor(() => expect(savedData()).toMatchObject({ matchmaking: { algorithm: 4 } }));
  });

  it("disables the bot's rate, Can Win and lose % while it is inactive, and keeps their values", async () => {
    const input = aConfigInput('ar', { bot: { active: false, prs: 12.5, canWin: true, losePct: 30 } });
    const { user, save, savedData } = renderEditor('ar', input);
    const canWin = () => screen.getByRole('checkbox', { name: BOT_LABELS.canWin }) as HTMLInputElement;
    expect(field(BOT_LABELS.prs).disabled).toBe(true);
    expect(field(BOT_LABELS.losePct).disabled).toBe(true);
    expect(canWin().disabled).toBe(true);

    await save();
    await waitFor(() =>
      expect(savedData()).toMatchObject({ bot: { active: false, prs: 12.5, canWin: true, losePct: 30 } }),
    );

    await user.click(screen.getByRole('checkbox', { name: BOT_LABELS.active }));
    expect(field(BOT_LABELS.prs).disabled).toBe(false);
    expect(canWin().disabled).toBe(false);
    await user.clear(field(BOT_LABELS.losePct));
    await user.type(field(BOT_LABELS.losePct), '101');
    await user.clear(field(BOT_LABELS.prs));
    await user.type(field(BOT_LABELS.prs), '0.5');
    await save();
    expect(await screen.findByText('Lose race % must be at most 100')).toBeTruthy();
    await user.clear(field(BOT_LABELS.losePct));
    await user.type(field(BOT_LABELS.losePct), '100');
    await save();
    await waitFor(() => expect(savedData()).toMatchObject({ bot: { active: true, prs: 0.5, losePct: 100 } }));
  });

  it('adds Agility Race tiers up to 10, each at 5 rotations, and removes them', async () => {
    const { user, save, savedData } = renderEditor('ar');
    for (let count = 1; count < 10; count += 1) await user.click(addTier());
    expect(tabs()).toHaveLength(10);
    expect(addTier().disabled).toBe(true);
    expect(within(tiersSection()).getByText('10 of at most 10')).toBeTruthy();
    expect(tabs()[9]!.getAttribute('aria-selected')).toBe('true');
    expect(field(RACE_LABELS.rotations).value).toBe('5');

    await user.click(screen.getByRole('button', { name: 'Remove tier 10' }));
    expect(tabs()).toHaveLength(9);
    expect(addTier().disabled).toBe(false);
    await save();
    await waitFor(() => expect(savedData()?.tiers).toHaveLength(9));
  });

  it("keeps a tier's matchmaking optional and marks a tier's own bound on its tab", async () => {
    const { user, save, saved, savedData } = renderEditor('ar');
    await user.click(addTier());
    const tierGroupSize = () => field(MATCHMAKING_LABELS.groupSize, 1);
    await user.type(tierGroupSize(), '151');
    await user.click(tabs()[0]!);
    await save();
    expect(await within(tabs()[1]!).findByTitle(HAS_ERRORS)).toBeTruthy();
    expect(within(tabs()[0]!).queryByTitle(HAS_ERRORS)).toBeNull();
    expect(saved).not.toHaveBeenCalled();
    await user.click(tabs()[1]!);
    expect(screen.getByText('Group size must be at most 150')).toBeTruthy();
    await user.clear(tierGroupSize());
    await user.type(tierGroupSize(), '8');
    await save();
    await waitFor(() =>
      expect(savedData()?.tiers).toEqual([
        { rotations: 5, matchmaking: {} },
        { rotations: 5, matchmaking: { groupSize: 8 } },
      ]),
    );
  });

  it('gives End Of Content a single unbounded tier: no rotations to set, no second tier', async () => {
    const { save, savedData } = renderEditor('eoc');
    expect(tabs()).toHaveLength(1);
    expect(addTier().disabled).toBe(true);
    expect(screen.queryByLabelText(RACE_LABELS.rotations)).toBeNull();
    expect((screen.getByRole('button', { name: 'Remove tier 1' }) as HTMLButtonElement).disabled).toBe(true);
    await save();
    await waitFor(() => expect(savedData()?.tiers).toEqual([{ rotations: 0, matchmaking: {} }]));
  });

  it('gives Endurance Race a single bounded tier', () => {
    renderEditor('er');
    expect(tabs()).toHaveLength(1);
    expect(addTier().disabled).toBe(true);
    expect(field(RACE_LABELS.rotations).value).toBe('5');
  });
});
