import { DEFAULT_DUEL, DUEL_LABELS } from '@console/domain/config';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { field, renderEditor } from './editors.test-support.tsx';

describe('Duel editor', () => {
  it('starts from the product’s defaults and saves them', async () => {
    const { save, savedData } = renderEditor('duel');
    expect(field(DUEL_LABELS.raceProbability).value).toBe(String(DEFAULT_DUEL.raceProbability));
    expect(field(DUEL_LABELS.defaultMovesUpperLimit).value).toBe(String(DEFAULT_DUEL.defaultMovesUpperLimit));
    await save();
    await waitFor(() => expect(savedData()).toEqual({ kind: 'duel', ...DEFAULT_DUEL }));
  });

  it('marks out-of-bounds values and default lower ≥ default upper with labelled messages', async () => {
    const { user, save, saved } = renderEditor('duel');
    await user.clear(field(DUEL_LABELS.raceProbability));
    await user.type(field(DUEL_LABELS.raceProbability), '101');
    await user.clear(field(DUEL_LABELS.movesUpperLimitFromMean));
    await user.type(field(DUEL_LABELS.movesUpperLimitFromMean), '6');
    await user.clear(field(DUEL_LABELS.defaultMovesLowerLimit));
    await user.type(field(DUEL_LABELS.defaultMovesLowerLimit), '8');
    await save();
    expect(await screen.findByText('Chance in percent must be at most 100')).toBeTruthy();
    expect(screen.getByText('Upper boundary must be at most 5')).toBeTruthy();
    expect(screen.getByText('Default lower moves must be less than Default upper moves')).toBeTruthy();
    expect(saved).not.toHaveBeenCalled();
  });
});
