import { type AbTest, type ApplyRolloutRequest, rolloutWeights } from '@console/domain/abtest';
import { AbTestType } from '@console/domain/enums';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/fakeApi.ts';
import { fakeAbTestApi, renderAbTestDetailsPage } from './AbTestDetailsPage.test-support.tsx';
import { anAbTest, aVersion } from './abtest.test-support.tsx';
import { RE_RANDOMISE_EXPLANATION, RE_RANDOMISE_LABEL } from './ReRandomiseCheckbox.tsx';

// The version activation dialog and the rollout section offer a fresh split of all players.

function renderDetails(abTest: AbTest) {
  const api = fakeAbTestApi(abTest, {
    '/api/abtest/rollout/apply': ({ body }) => {
      const cases = rolloutWeights((body as ApplyRolloutRequest).treatment);
      const versions = [...abTest.data.versions, aVersion(abTest.data.versions.length, cases, true)];
      return ok({ ...abTest, data: { ...abTest.data, version: versions.length - 1, cases, versions } });
    },
  });
  renderAbTestDetailsPage(abTest.id);
  return api;
}

const activeSticky = anAbTest({
  active: true,
  data: {
    version: 0,
    cases: [500_000, 500_000],
    versions: [aVersion(0, [500_000, 500_000], true), aVersion(1, [200_000, 800_000])],
  },
});

describe('re-split all players', () => {
  it('is offered, unticked, when activating a version of an active AB-test; ticked, the call asks for it', async () => {
    const api = renderDetails(activeSticky);
    await userEvent.click(await screen.findByRole('switch', { name: 'Active version 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate version 1?' });
    const checkbox = within(dialog).getByRole('checkbox', { name: RE_RANDOMISE_LABEL }) as HTMLInputElement;
    expect(checkbox.checked).toBe(false);
    expect(within(dialog).getByText(RE_RANDOMISE_EXPLANATION)).toBeTruthy();
    expect(checkbox.getAttribute('aria-describedby')).toBe(
      within(dialog).getByText(RE_RANDOMISE_EXPLANATION).getAttribute('id'),
    );
    await userEvent.click(checkbox);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.callsTo('/api/abtest/activate/version')).toHaveLength(1));
    expect(api.callsTo('/api/abtest/activate/version')[0]!.body).toEqual({
      id: 'spring-sale',
      version: 1,
      reRandomise: true,
    });
    expect(
      await screen.findByText('Version 1 activated: cases 20.00% / 80.00%, every player re-split'),
    ).toBeTruthy();
  });

  it('leaves the split alone unless ticked, and asks nothing when the activation is declined', async () => {
    const api = renderDetails(activeSticky);
    await userEvent.click(await screen.findByRole('switch', { name: 'Active version 1' }));
    let dialog = await screen.findByRole('dialog', { name: 'Activate version 1?' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: RE_RANDOMISE_LABEL }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('/api/abtest/activate/version')).toEqual([]);

    // Asked again, the box starts unticked.
    await userEvent.click(screen.getByRole('switch', { name: 'Active version 1' }));
    dialog = await screen.findByRole('dialog', { name: 'Activate version 1?' });
    expect(
      (within(dialog).getByRole('checkbox', { name: RE_RANDOMISE_LABEL }) as HTMLInputElement).checked,
    ).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.callsTo('/api/abtest/activate/version')).toHaveLength(1));
    expect(api.callsTo('/api/abtest/activate/version')[0]!.body).toEqual({ id: 'spring-sale', version: 1 });
  });

  it('is offered by a rollout with a current split; ticked, Apply re-splits even at the same treatment', async () => {
    const rollout = anAbTest({
      data: {
        type: AbTestType.Rollout,
        version: 0,
        cases: [700_000, 300_000],
        versions: [aVersion(0, [700_000, 300_000], true)],
      },
    });
    const api = renderDetails(rollout);
    const section = await screen.findByRole('region', { name: 'Rollout' });
    const apply = within(section).getByRole('button', { name: 'Apply' }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    const checkbox = within(section).getByRole('checkbox', { name: RE_RANDOMISE_LABEL });
    expect(within(section).getByText(RE_RANDOMISE_EXPLANATION)).toBeTruthy();
    await userEvent.click(checkbox);
    expect(apply.disabled).toBe(false);
    await userEvent.click(apply);
    await waitFor(() => expect(api.callsTo('/api/abtest/rollout/apply')).toHaveLength(1));
    expect(api.callsTo('/api/abtest/rollout/apply')[0]!.body).toEqual({
      id: 'spring-sale',
      treatment: 30,
      reRandomise: true,
    });
    expect(await screen.findByText('Rollout applied: 30.00% treatment, every player re-split')).toBeTruthy();
  });

  it('is not offered by a rollout without a version yet', async () => {
    renderDetails(anAbTest({ data: { type: AbTestType.Rollout } }));
    const section = await screen.findByRole('region', { name: 'Rollout' });
    expect(within(section).queryByRole('checkbox', { name: RE_RANDOMISE_LABEL })).toBeNull();
  });
});
