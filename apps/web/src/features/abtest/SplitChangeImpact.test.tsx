import { type AbTest, type AbTestImpactRequest, rolloutWeights } from '@console/domain/abtest';
import { AbTestType } from '@console/domain/enums';
import {
  EVERYONE_RESPLIT_SENTENCE,
  INACTIVE_TEST_SENTENCE,
  impactOfSplitChange,
  initialRanges,
} from '@console/domain/runtime';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/fakeApi.ts';
import { fakeAbTestApi, renderAbTestDetailsPage } from './AbTestDetailsPage.test-support.tsx';
import { anAbTest, aVersion } from './abtest.test-support.tsx';
import { RE_RANDOMISE_LABEL } from './ReRandomiseCheckbox.tsx';

// The version activation dialog and the rollout section show the players the change moves.

/** The server's answer, from the domain function over the initial ranges of the current cases. */
function answerImpact(abTest: AbTest, request: AbTestImpactRequest) {
  const weights =
    request.version !== undefined
      ? abTest.data.versions.find((version) => version.version === request.version)!.cases
      : request.treatment !== undefined
        ? rolloutWeights(request.treatment)
        : request.weights!;
  const current = abTest.data.version < 0 ? null : initialRanges(abTest.data.cases);
  return impactOfSplitChange(current, weights, {
    isAbTestActive: abTest.active,
    reRandomise: request.reRandomise ?? false,
  });
}

function renderDetails(abTest: AbTest) {
  const api = fakeAbTestApi(abTest, {
    '/api/abtest/impact': ({ body }) => ok(answerImpact(abTest, body as AbTestImpactRequest)),
  });
  renderAbTestDetailsPage(abTest.id);
  return api;
}

describe('impact before a change', () => {
  it('shows the moves in the version activation dialog, and that everyone is re-split when ticked', async () => {
    const api = renderDetails(
      anAbTest({
        active: true,
        data: {
          version: 0,
          cases: [400_000, 600_000],
          versions: [aVersion(0, [400_000, 600_000], true), aVersion(1, [300_000, 700_000])],
        },
      }),
    );
    await userEvent.click(await screen.findByRole('switch', { name: 'Active version 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate version 1?' });
    const impact = within(dialog).getByRole('alert', { name: 'Impact' });
    await waitFor(() =>
      expect(impact.textContent).toBe(
        '10.00% of players in this test move: 10.00% from Case 1 (control) to Case 2',
      ),
    );
    expect(api.callsTo('/api/abtest/impact')[0]!.body).toEqual({ id: 'spring-sale', version: 1 });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: RE_RANDOMISE_LABEL }));
    await waitFor(() => expect(impact.textContent).toBe(EVERYONE_RESPLIT_SENTENCE));
    expect(api.callsTo('/api/abtest/impact').at(-1)!.body).toEqual({
      id: 'spring-sale',
      version: 1,
      reRandomise: true,
    });
  });

  it('says no player changes case when the new version keeps the weights', async () => {
    renderDetails(
      anAbTest({
        active: true,
        data: {
          version: 0,
          cases: [500_000, 500_000],
          versions: [aVersion(0, [500_000, 500_000], true), aVersion(1, [500_000, 500_000])],
        },
      }),
    );
    await userEvent.click(await screen.findByRole('switch', { name: 'Active version 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate version 1?' });
    expect(await within(dialog).findByText('No player changes case')).toBeTruthy();
  });

  it('shows the rollout moves above Apply as the treatment changes', async () => {
    renderDetails(
      anAbTest({
        active: true,
        data: {
          type: AbTestType.Rollout,
          version: 0,
          cases: [700_000, 300_000],
          versions: [aVersion(0, [700_000, 300_000], true)],
        },
      }),
    );
    const section = await screen.findByRole('region', { name: 'Rollout' });
    expect(within(section).queryByRole('alert', { name: 'Impact' })).toBeNull();
    const slider = within(section).getByRole('slider');
    slider.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(
      await within(section).findByText(
        '2.00% of players in this test move: 2.00% from Case 1 (control) to Case 2',
      ),
    ).toBeTruthy();
  });

  it('says no player is affected when the rollout test is inactive: it serves no player', async () => {
    renderDetails(
      anAbTest({
        data: {
          type: AbTestType.Rollout,
          version: 0,
          cases: [700_000, 300_000],
          versions: [aVersion(0, [700_000, 300_000], true)],
        },
      }),
    );
    const section = await screen.findByRole('region', { name: 'Rollout' });
    const slider = within(section).getByRole('slider');
    slider.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    const impact = await within(section).findByRole('alert', { name: 'Impact' });
    await waitFor(() => expect(impact.textContent).toBe(INACTIVE_TEST_SENTENCE));
    expect(within(section).queryByText(/of players in this test move/)).toBeNull();
  });
});
