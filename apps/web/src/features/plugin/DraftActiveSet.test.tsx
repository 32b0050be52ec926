import type { AbTest, AbTestVersion } from '@console/domain/abtest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, signedInAs } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { aDuelConfig, aDuelPlugin, anAbTest, fakePluginServer } from './plugin.test-support.ts';

// A draft that is the active set (as an activation or the "Update is not allowed" flow leaves it): the tab
// says so in words, not "invalid configuration", and "Start a new version" makes it the operator's again.

const SPLIT = [300_000, 700_000];

function renderActiveSetDraft(role: 'operator' | 'viewer' = 'operator') {
  // Versions 0 and 1 are active, 1 is the highest.
  const abTests: AbTest[] = [
    anAbTest(
      'winter-run',
      [
        [[1_000_000, 0], true],
        [SPLIT, true],
      ],
      { active: true },
    ),
  ];
  const served = [{ abTestId: 'winter-run', abTestVersion: 1, configurations: ['duel-a', 'duel-b'] }];
  const plugin = aDuelPlugin({ active: served, draft: served }, abTests);
  const server = fakePluginServer({
    plugin,
    abTests,
    configs: [aDuelConfig('duel-a'), aDuelConfig('duel-b')],
    extra: {
      '/api/auth/me': () => signedInAs('op@example.com', role),
      // As the server does: an inactive version numbered after the highest.
      '/api/abtest/versions/save': ({ body }) => {
        const { weights } = body as { weights: number[] };
        const saved: AbTestVersion = {
          version: 2,
          active: false,
          cases: weights,
          created: 1,
          lastModifier: 'op@example.com',
        };
        abTests[0] = {
          ...abTests[0]!,
          data: { ...abTests[0]!.data, versions: [...abTests[0]!.data.versions, saved] },
        };
        return ok(saved);
      },
    },
  });
  renderApp('/plugin/4?tab=1');
  return server;
}

const validity = () => screen.findByRole('region', { name: 'Draft validity' });
const activateButton = () => screen.getByRole('button', { name: 'Activate' }) as HTMLButtonElement;

describe('Plugin draft: a draft that is the active set', () => {
  it('says "nothing to activate" in words, and "Start a new version" moves it to a same-weights version', async () => {
    const server = renderActiveSetDraft();
    const region = await validity();
    expect(await within(region).findByText('The draft is the active set: nothing to activate')).toBeTruthy();
    expect(screen.queryByText(/has an invalid configuration/)).toBeNull();
    // The entry carries no warning of its own: the draft is told once.
    const card = screen.getByRole('region', { name: 'Entry winter-run' });
    expect(within(card).queryByRole('alert')).toBeNull();
    expect(activateButton().disabled).toBe(true);

    const start = within(region).getByRole('button', { name: 'Start a new version' });
    await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(start);
    await waitFor(() => expect(server.savedDrafts()).toHaveLength(1));
    expect(server.callsTo('/api/abtest/versions/save').map((call) => call.body)).toEqual([
      { id: 'winter-run', weights: SPLIT },
    ]);
    expect(server.savedDrafts()).toEqual([
      [{ abTestId: 'winter-run', abTestVersion: 2, configurations: ['duel-a', 'duel-b'] }],
    ]);
    expect(await within(await validity()).findByText('The draft is valid')).toBeTruthy();
  });

  it('keeps "Start a new version" disabled, saying why, for a viewer', async () => {
    const server = renderActiveSetDraft('viewer');
    const region = await validity();
    const start = await within(region).findByRole('button', { name: 'Start a new version' });
    await waitFor(() => expect((start as HTMLButtonElement).disabled).toBe(true));
    await userEvent.hover(start.parentElement!);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Requires operator rights in dev');
    expect(server.callsTo('/api/abtest/versions/save')).toHaveLength(0);
  });
});
