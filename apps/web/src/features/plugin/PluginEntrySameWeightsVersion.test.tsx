import type { AbTest, AbTestVersion } from '@console/domain/abtest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, signedInAs } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { aDuelConfig, aDuelPlugin, anAbTest, fakePluginServer } from './plugin.test-support.ts';

// A draft entry whose A/B-test is active and whose version is active and the highest: the entry says so
// in words and offers "Create version N+1 with the same weights", which moves the entry to the new version.

const SPLIT = [300_000, 700_000];
const ALL_ACTIVE =
  "All versions of AB-test 'winter-run' are already active: save a new version and leave it inactive, move this entry to it, and activating the draft turns it on";

function renderStuckEntry(role: 'operator' | 'viewer' = 'operator') {
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
  const plugin = aDuelPlugin(
    { draft: [{ abTestId: 'winter-run', abTestVersion: 1, configurations: ['duel-a', 'duel-b'] }] },
    abTests,
  );
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

const entry = () => screen.findByRole('region', { name: 'Entry winter-run' });
/** The entry's notice in words (the warning icon's title holds the same text, for assistive technology). */
const noticeOf = (card: HTMLElement) => within(card).queryByRole('alert');

describe('Plugin draft: an entry all of whose versions are already active', () => {
  it('says so in words and moves the entry to a new version with the same weights in one click', async () => {
    const server = renderStuckEntry();
    const card = await entry();
    expect(within(noticeOf(card)!).getByText(ALL_ACTIVE)).toBeTruthy();
    const create = within(card).getByRole('button', { name: 'Create version 2 with the same weights' });
    await waitFor(() => expect((create as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(create);

    await waitFor(() => expect(server.savedDrafts()).toHaveLength(1));
    expect(server.callsTo('/api/abtest/versions/save').map((call) => call.body)).toEqual([
      { id: 'winter-run', weights: SPLIT },
    ]);
    // The entry moved to version 2 with its configurations kept, and is valid now.
    expect(server.savedDrafts()).toEqual([
      [{ abTestId: 'winter-run', abTestVersion: 2, configurations: ['duel-a', 'duel-b'] }],
    ]);
    await waitFor(() =>
      expect(noticeOf(screen.getByRole('region', { name: 'Entry winter-run' }))).toBeNull(),
    );
    expect(screen.queryByRole('button', { name: /with the same weights/ })).toBeNull();
    expect(
      within(screen.getByRole('region', { name: 'Draft validity' })).getByText('The draft is valid'),
    ).toBeTruthy();
  });

  it('is disabled, saying why, for a user without the right to change', async () => {
    const server = renderStuckEntry('viewer');
    const card = await entry();
    expect(within(noticeOf(card)!).getByText(ALL_ACTIVE)).toBeTruthy();
    const create = within(card).getByRole('button', { name: 'Create version 2 with the same weights' });
    await waitFor(() => expect((create as HTMLButtonElement).disabled).toBe(true));
    await userEvent.hover(create.parentElement!);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Requires operator rights in dev');
    expect(server.callsTo('/api/abtest/versions/save')).toHaveLength(0);
  });
});
