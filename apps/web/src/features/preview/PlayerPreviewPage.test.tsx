import { SegmentOperation, SegmentProperty, WorldEventStatus } from '@console/domain/enums';
import type { PreviewResponse } from '@console/domain/runtime';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok, signedInAs } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

// The Player preview screen sends the form as the domain reads it and shows, per plugin,
// the domain's sentences for what the player receives and why the earlier entries did not apply.

const AT = Date.UTC(2031, 4, 1, 13);

const answer: PreviewResponse = {
  content: { kind: 'revision', revision: 7 },
  resolution: {
    userId: 'player-9',
    level: 12,
    at: AT,
    assignments: {},
    plugins: [
      {
        pluginId: 2,
        pluginName: 'AGILITY_RACE',
        outcome: 'configuration',
        status: WorldEventStatus.MatchMakingClosed,
        configuration: {
          id: 'race-may',
          kind: 'ar',
          activation: {} as never,
          data: { matchmaking: { closePct: 80 } },
        },
        skipped: [
          {
            position: 0,
            abTestId: 'old-test',
            abTestVersion: 0,
            droppedAssignment: null,
            cause: { reason: 'abtest-inactive' },
          },
          {
            position: 1,
            abTestId: 'ios-only',
            abTestVersion: 0,
            droppedAssignment: null,
            cause: {
              reason: 'segment',
              failure: {
                condition: { property: SegmentProperty.Platform, op: SegmentOperation.Equals, value: 'ios' },
                property: 'Platform',
                playerValue: 'android',
                cause: 'mismatch',
              },
            },
          },
        ],
        matched: {
          position: 2,
          abTestId: 'spring',
          abTestVersion: 1,
          droppedAssignment: null,
          abTestType: 10,
          testVersion: 1,
          caseIndex: 1,
          bucket: 523_411,
          sticky: null,
          configurationId: 'race-may',
          hasSlot: true,
          configurationFound: true,
          running: true,
          runningUntil: AT + 3_600_000,
          nextStart: null,
          minLevel: 1,
          belowMinLevel: false,
        },
      },
      {
        pluginId: 4,
        pluginName: 'DUEL',
        outcome: 'disabled',
        status: WorldEventStatus.NotActive,
        configuration: null,
        skipped: [],
        matched: null,
      },
    ],
  },
  lines: [],
  abTests: [{ id: 'spring', description: 'spring sale', caseDescriptions: ['control', 'bigger rewards'] }],
};

function previewApi() {
  return fakeApi({
    '/api/auth/me': () => signedInAs(),
    '/api/configuration/list': () => ok(['dev']),
    '/api/runtime/preview': () => ok(answer),
  });
}

describe('Player preview', () => {
  it('sends the player as the domain reads the form and explains each plugin', async () => {
    const api = previewApi();
    renderApp('/preview');
    await screen.findByRole('heading', { name: 'Player preview' });
    await userEvent.type(screen.getByLabelText('User ID'), 'player-9');
    await userEvent.click(screen.getByRole('combobox', { name: 'Platform' }));
    await userEvent.click(await screen.findByRole('option', { name: 'android' }));
    await userEvent.type(screen.getByLabelText('FirstCountry'), 'de');
    await userEvent.type(screen.getByLabelText('PurchaseCount'), '3');
    await userEvent.type(screen.getByLabelText('Level'), '12');
    await userEvent.click(screen.getByRole('radio', { name: 'A past revision' }));
    await userEvent.type(await screen.findByLabelText('Revision'), '7');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));

    const race = await screen.findByRole('region', { name: 'AGILITY_RACE' });
    expect(api.callsTo('/api/runtime/preview').map((call) => call.body)).toEqual([
      {
        userId: 'player-9',
        context: { Platform: 'android', FirstCountry: 'DE', PurchaseCount: 3 },
        level: 12,
        source: { revision: 7 },
      },
    ]);
    expect(
      within(race).getByText(
        `Receives configuration 'race-may', running until ${new Date(AT + 3_600_000).toISOString()}`,
      ),
    ).toBeTruthy();
    expect(within(race).getByLabelText('World event status of AGILITY_RACE').textContent).toBe(
      'World event status: MatchMakingClosed (4096): matchmaking closes at 80% of the run',
    );
    expect(within(race).getByRole('link', { name: 'Open configuration race-may' }).getAttribute('href')).toBe(
      '/config/AGILITY_RACE/race-may/edit',
    );
    const entries = within(race)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(entries).toEqual([
      "AB-test 'old-test' is not active",
      `Not in the segment of AB-test 'ios-only': Platform == ios does not hold: the player's Platform is "android"`,
      "Matched: AB-test 'spring' version 1, Case 2 (bucket 523411) — “bigger rewards”",
    ]);
    expect(screen.getByText(/against revision 7/)).toBeTruthy();
    expect(screen.getByText('Switched off (the player receives nothing): DUEL')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'DUEL' })).toBeNull();
  });

  it("names the plugins a draft's activation takes alongside, whose drafts the preview serves too", async () => {
    const api = fakeApi({
      '/api/auth/me': () => signedInAs(),
      '/api/configuration/list': () => ok(['dev']),
      '/api/runtime/preview': ({ body }) => {
        const { draftOfPlugin } = (body as { source: { draftOfPlugin: number } }).source;
        const alongside = draftOfPlugin === 2 ? [1, 6] : [];
        return ok({ ...answer, content: { kind: 'draft', pluginId: draftOfPlugin, alongside } });
      },
    });
    renderApp('/preview');
    await screen.findByRole('heading', { name: 'Player preview' });
    await userEvent.type(screen.getByLabelText('User ID'), 'player-9');
    await userEvent.click(screen.getByRole('radio', { name: "A plugin's draft, as if activated" }));
    const previewDraftOf = async (plugin: string) => {
      await userEvent.click(screen.getByRole('combobox', { name: 'Plugin' }));
      await userEvent.click(await screen.findByRole('option', { name: plugin }));
      await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
      await screen.findByText(new RegExp(`against the draft of ${plugin}, as if activated\\.$`));
      return screen.getByLabelText('Activated alongside').textContent;
    };
    expect(await previewDraftOf('AGILITY_RACE')).toBe(
      'Activated alongside: END_OF_CONTENT, COLLECTION_EVENT_TWO',
    );
    expect(await previewDraftOf('DUEL')).toBe('No other plugin is activated alongside');
    expect(api.callsTo('/api/runtime/preview').map((call) => call.body)).toMatchObject([
      { source: { draftOfPlugin: 2 } },
      { source: { draftOfPlugin: 4 } },
    ]);
  });

  it('shows no alongside line for a revision', async () => {
    previewApi();
    renderApp('/preview');
    await screen.findByRole('heading', { name: 'Player preview' });
    await userEvent.type(screen.getByLabelText('User ID'), 'player-9');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByText(/against revision 7/);
    expect(screen.queryByLabelText('Activated alongside')).toBeNull();
  });

  it('refuses what the domain schema refuses, naming the field, and calls nothing', async () => {
    const api = previewApi();
    renderApp('/preview');
    await screen.findByRole('heading', { name: 'Player preview' });
    await userEvent.type(screen.getByLabelText('PurchaseCount'), 'many');
    await userEvent.click(screen.getByRole('radio', { name: "A plugin's draft, as if activated" }));
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByText('plugin must be chosen');
    await userEvent.click(screen.getByRole('combobox', { name: 'Plugin' }));
    await userEvent.click(await screen.findByRole('option', { name: 'DUEL' }));
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await screen.findByText('User ID must not be empty');
    expect(
      screen.getByText('context.PurchaseCount must be a whole number from 0 to 2147483647'),
    ).toBeTruthy();
    await waitFor(() => expect(api.callsTo('/api/runtime/preview')).toEqual([]));
  });
});
