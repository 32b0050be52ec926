import { ABTEST_MESSAGES, type ActivateVersionRequest, activateVersion } from '@console/domain/abtest';
import { AbTestType } from '@console/domain/enums';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/fakeApi.ts';
import { fakeAbTestApi, renderAbTestDetailsPage } from './AbTestDetailsPage.test-support.tsx';
import { anAbTest, aVersion } from './abtest.test-support.tsx';
import { versionLockMessage } from './VersionsSection.tsx';

const versions = [
  aVersion(0, [500_000, 500_000], true),
  aVersion(1, [200_000, 800_000]),
  aVersion(2, [1_000_000]),
];

function renderDetails(abTest = anAbTest({ data: { version: 0, cases: [500_000, 500_000], versions } })) {
  const api = fakeAbTestApi(abTest, { '/api/abtest/save/description': () => ok(abTest) });
  return { api, page: renderAbTestDetailsPage };
}

describe('AB-test details', () => {
  it('says "AB-test not found" for a missing AB-test', async () => {
    renderDetails().page('gone');
    expect(await screen.findByRole('heading', { name: ABTEST_MESSAGES.notFoundPage })).toBeTruthy();
    expect(screen.getByText("There is no AB-test with the ID 'gone' in dev.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to AB-tests' }).getAttribute('href')).toBe('/abtest');
  });

  it("shows the type by the specification's name: Sticky segmentation with a pin", async () => {
    renderDetails().page('spring-sale');
    const type = (await screen.findByText('Type')).nextElementSibling!;
    expect(type.textContent).toBe('Sticky segmentation');
    expect(type.querySelector('[data-testid="PushPinIcon"]')).not.toBeNull();
  });

  it('lists the versions newest first and lets only newer, inactive ones be activated', async () => {
    renderDetails().page('spring-sale');
    const table = await screen.findByRole('table', { name: 'Versions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual(['2', '1', '0']);
    const switchOf = (v: number) =>
      within(table).getByRole('switch', { name: `Active version ${v}` }) as HTMLInputElement;
    expect(switchOf(2).disabled).toBe(false);
    expect(switchOf(1).disabled).toBe(false);
    expect(switchOf(0).disabled).toBe(true);
  });

  it('shows a toast with the result of a version activation', async () => {
    const { api, page } = renderDetails();
    page('spring-sale');
    await userEvent.click(await screen.findByRole('switch', { name: 'Active version 1' }));
    expect(await screen.findByText('Version 1 activated: cases 20.00% / 80.00%')).toBeTruthy();
    expect(api.callsTo('/api/abtest/activate/version').map((call) => call.body)).toEqual([
      { id: 'spring-sale', version: 1 },
    ]);
  });

  it('keeps focus on the version switch after activating it, in its wrapper that says why it is locked now', async () => {
    let abTest = anAbTest({ data: { version: 0, cases: [500_000, 500_000], versions } });
    fakeAbTestApi(abTest, {
      '/api/abtest/get': () => ok(abTest),
      '/api/abtest/versions/get': () => ok([...abTest.data.versions].reverse()),
      '/api/abtest/activate/version': ({ body }) => {
        abTest = { ...abTest, data: activateVersion(abTest.data, (body as ActivateVersionRequest).version) };
        return ok(abTest);
      },
    });
    renderAbTestDetailsPage('spring-sale');
    await userEvent.click(await screen.findByRole('switch', { name: 'Active version 2' }));
    await screen.findByText('Version 2 activated: cases 100.00%');
    const wrapper = await screen.findByRole('group', { name: 'Active version 2' });
    await waitFor(() => expect(document.activeElement).toBe(wrapper));
    expect((screen.getByRole('switch', { name: 'Active version 2' }) as HTMLInputElement).disabled).toBe(
      true,
    );
  });

  it('warns that activating a version of an active AB-test locks configuration assignment', async () => {
    const abTest = anAbTest({ active: true, data: { version: 0, cases: [500_000, 500_000], versions } });
    const { api, page } = renderDetails(abTest);
    page('spring-sale');
    await userEvent.click(await screen.findByRole('switch', { name: 'Active version 2' }));
    const confirmation = await screen.findByRole('dialog', { name: 'Activate version 2?' });
    expect(within(confirmation).getByText(versionLockMessage('spring-sale', 2))).toBeTruthy();
    await userEvent.click(within(confirmation).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.callsTo('/api/abtest/activate/version')).toHaveLength(1));
    expect((api.callsTo('/api/abtest/activate/version')[0]!.body as ActivateVersionRequest).version).toBe(2);
  });

  it('edits the description in place: Escape cancels, Enter saves the trimmed text', async () => {
    const { api, page } = renderDetails();
    page('spring-sale');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit description' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), ' changed{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Description' })).toBeNull();
    expect(screen.getByText('Spring sale')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit description' }));

    await userEvent.click(screen.getByRole('button', { name: 'Edit description' }));
    const field = screen.getByRole('textbox', { name: 'Description' });
    await userEvent.clear(field);
    await userEvent.type(field, '  Summer sale  {Enter}');
    await waitFor(() => expect(api.callsTo('/api/abtest/save/description')).toHaveLength(1));
    expect(api.callsTo('/api/abtest/save/description')[0]!.body).toEqual({
      id: 'spring-sale',
      description: 'Summer sale',
    });
  });

  it('shows the rollout slider instead of versions', async () => {
    const rollout = anAbTest({
      data: {
        type: AbTestType.Rollout,
        version: 0,
        cases: [700_000, 300_000],
        versions: [aVersion(0, [700_000, 300_000], true)],
      },
    });
    renderDetails(rollout).page('spring-sale');
    const slider = await screen.findByRole('slider', { name: 'treatment group' });
    expect(slider.getAttribute('aria-valuenow')).toBe('30');
    expect(screen.queryByRole('table', { name: 'Versions' })).toBeNull();
  });
});
