import {
  DEFAULT_DUEL,
  DEFAULT_MIN_LEVEL,
  DUEL_LABELS,
  defaultActivationSettings,
  WEEKLY_SLOT_COUNT,
} from '@console/domain/config';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fail, fakeApi, type Handler, ok } from '../../test/fakeApi.ts';
import { ConfigEditPage } from './ConfigEditPage.tsx';
import { CONFIG_DIALOG_TITLES } from './ConfigMessageDialog.tsx';
import { aConfigItem, renderInConsole } from './config.test-support.tsx';
import { configDraftKey } from './configDraft.ts';
import { newConfigValues } from './configForm.ts';
import { ALL_SLOTS_REFUSED, slotLabel } from './WeeklyScheduleField.tsx';

const DRAFT_KEY = configDraftKey('dev', 'event/gr');
const UPDATE_REFUSAL =
  "Update is not allowed: configuration 'gold-week' is served now by GOLD_RUSH (A/B-test 'spring' version 1); save the change as a copy and move those plugins to it";

function Location() {
  return <output aria-label="location">{useLocation().pathname}</output>;
}

function renderAt(path: string, handlers: Record<string, Handler> = {}) {
  const api = fakeApi(handlers);
  const view = renderInConsole(
    <>
      <Routes>
        <Route path="/config/:type/create" element={<ConfigEditPage />} />
        <Route path="/config/:type/:id/edit" element={<ConfigEditPage />} />
        <Route path="*" element={null} />
      </Routes>
      <Location />
    </>,
    { path },
  );
  return { api, ...view };
}

const location = () => screen.getByRole('status', { name: 'location', hidden: true }).textContent;
const idField = () => screen.getByRole('textbox', { name: /^Configuration ID/ }) as HTMLInputElement;
const descriptionField = () => screen.getByRole('textbox', { name: /^Description/ }) as HTMLInputElement;
const storedDraft = () => {
  const raw = window.localStorage.getItem(DRAFT_KEY);
  return raw === null ? null : JSON.parse(raw);
};

describe('Configuration form', () => {
  it('creates a generic event configuration with a sanitised ID and goes back to the list', async () => {
    const { api } = renderAt('/config/GOLD_RUSH/create', {
      '/api/config/event/gr/create': ({ body }) => ok({ ...aConfigItem(), ...(body as object) }),
    });
    expect(await screen.findByRole('heading', { name: 'Create Gold Rush' })).toBeTruthy();
    expect(screen.getByLabelText('State: Inactive')).toBeTruthy();
    await userEvent.type(idField(), 'Gold Week!');
    expect(idField().value).toBe('Gold-Week');
    expect(idField().maxLength).toBe(36);
    await userEvent.type(descriptionField(), 'Gold all week');
    expect(descriptionField().maxLength).toBe(100);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Active' }));
    expect(screen.getByLabelText('State: Active')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(location()).toBe('/config'));
    expect(api.callsTo('/api/config/event/gr/create').map((call) => call.body)).toEqual([
      {
        id: 'Gold-Week',
        description: 'Gold all week',
        active: true,
        activation: defaultActivationSettings(),
        data: { kind: 'event/gr' },
      },
    ]);
    expect(await screen.findByText('Configuration Gold-Week created')).toBeTruthy();
    expect(storedDraft()).toBeNull();
  });

  it('keeps the new-form values as a draft until a save succeeds, and Start over drops them', async () => {
    const first = renderAt('/config/GOLD_RUSH/create');
    await userEvent.type(await screen.findByRole('textbox', { name: /^Configuration ID/ }), 'kept');
    await userEvent.type(descriptionField(), 'Kept for later');
    await waitFor(() => expect(storedDraft()).toMatchObject({ id: 'kept', description: 'Kept for later' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(location()).toBe('/config');
    first.unmount();

    const second = renderAt('/config/GOLD_RUSH/create', {
      '/api/config/event/gr/create': () => fail(409, "Configuration ID 'kept' already exists"),
    });
    expect(await screen.findByText('Your unsaved values from before are back.')).toBeTruthy();
    expect(idField().value).toBe('kept');
    expect(descriptionField().value).toBe('Kept for later');
    // a failed save keeps the draft
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByRole('dialog', { name: CONFIG_DIALOG_TITLES.error });
    expect(storedDraft()).toMatchObject({ id: 'kept' });
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(idField().value).toBe('');
    expect(storedDraft()).toBeNull();
    second.unmount();

    // a draft is per environment and kind: another kind starts empty
    window.localStorage.setItem(DRAFT_KEY, JSON.stringify({ ...newConfigValues('event/gr'), id: 'gr-only' }));
    renderAt('/config/SPECIAL_OFFER/create');
    expect(await screen.findByRole('heading', { name: 'Create Special Offer' })).toBeTruthy();
    expect(idField().value).toBe('');
  });

  it("shows the family's editor inside the shared form and saves its fields under data", async () => {
    const { api } = renderAt('/config/DUEL/create', {
      '/api/config/duel/create': ({ body }) => ok({ ...aConfigItem(), ...(body as object) }),
    });
    expect(await screen.findByRole('heading', { name: 'Create Duel' })).toBeTruthy();
    const chance = screen.getByRole('spinbutton', { name: DUEL_LABELS.raceProbability }) as HTMLInputElement;
    expect(chance.value).toBe(String(DEFAULT_DUEL.raceProbability));
    expect(screen.queryByRole('checkbox', { name: 'Active' })).toBeNull();
    await userEvent.clear(chance);
    await userEvent.type(chance, '35');
    await userEvent.type(idField(), 'duel-35');
    await userEvent.type(descriptionField(), 'More duels');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(location()).toBe('/config'));
    expect(
      api.callsTo('/api/config/duel/create').map((call) => (call.body as { data: unknown }).data),
    ).toEqual([{ kind: 'duel', ...DEFAULT_DUEL, raceProbability: 35 }]);
  });

  it('locks the ID of a stored configuration and saves the edited values', async () => {
    const { api } = renderAt('/config/GOLD_RUSH/gold-week/edit', {
      '/api/config/event/gr/get': () => ok(aConfigItem({ active: true })),
      '/api/config/event/gr/save': ({ body }) => ok({ ...aConfigItem(), ...(body as object) }),
    });
    expect(await screen.findByRole('heading', { name: 'Edit Gold Rush' })).toBeTruthy();
    await waitFor(() => expect(idField().value).toBe('gold-week'));
    expect(idField().disabled).toBe(true);
    expect(screen.getByLabelText('State: Active')).toBeTruthy();
    await userEvent.clear(descriptionField());
    await userEvent.type(descriptionField(), 'Gold, edited');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(location()).toBe('/config'));
    expect(api.callsTo('/api/config/event/gr/save').map((call) => call.body)).toEqual([
      {
        id: 'gold-week',
        description: 'Gold, edited',
        active: true,
        activation: defaultActivationSettings(),
        data: { kind: 'event/gr' },
      },
    ]);
    for (const call of api.callsTo('/api/config/event/gr/get'))
      expect(call.body).toEqual({ id: 'gold-week' });
  });

  it('refuses invalid values in the form, naming the field, without a call', async () => {
    const { api } = renderAt('/config/GOLD_RUSH/create');
    await userEvent.type(await screen.findByRole('textbox', { name: /^Configuration ID/ }), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findAllByText('Description is required')).not.toHaveLength(0);
    expect(api.callsTo('/api/config/event/gr/create')).toEqual([]);
  });

  it('shows an INFO answer in the Information dialog, without error text', async () => {
    renderAt('/config/GOLD_RUSH/gold-week/edit', {
      '/api/config/event/gr/get': () => ok(aConfigItem()),
      '/api/config/event/gr/save': () => fail(422, 'INFO: Nothing to save'),
    });
    await waitFor(() => expect(idField().value).toBe('gold-week'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Information' });
    expect(within(dialog).getByText('Nothing to save')).toBeTruthy();
    expect(screen.queryByText('INFO: Nothing to save')).toBeNull();
    expect(location()).toBe('/config/GOLD_RUSH/gold-week/edit');
    // The dialog hands focus back to Save, which stayed focusable while the call was in flight.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save' })));
  });

  it('keeps Save focusable while its call is in flight (busy, not disabled), so focus stays on it', async () => {
    renderAt('/config/GOLD_RUSH/gold-week/edit', {
      '/api/config/event/gr/get': () => ok(aConfigItem()),
      '/api/config/event/gr/save': () => fail(422, 'INFO: Nothing to save'),
    });
    const answer = globalThis.fetch;
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/save')) await gate;
      return answer(input, init);
    });
    await waitFor(() => expect(idField().value).toBe('gold-week'));
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    await userEvent.click(save);
    await waitFor(() => expect(save.getAttribute('aria-disabled')).toBe('true'));
    expect(save.disabled).toBe(false);
    expect(document.activeElement).toBe(save);
    release();
    await screen.findByRole('dialog', { name: 'Information' });
  });

  it('shows a processing error as code text and as text above the form, which Cancel clears', async () => {
    const message = "Gold Rush configuration 'gold-week' not found";
    const view = renderAt('/config/GOLD_RUSH/gold-week/edit', {
      '/api/config/event/gr/get': () => ok(aConfigItem()),
      '/api/config/event/gr/save': () => fail(404, message),
    });
    await waitFor(() => expect(idField().value).toBe('gold-week'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error: Processing Configuration' });
    expect(dialog.querySelector('pre code')?.textContent).toBe(message);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const form = screen.getByRole('form', { name: 'Gold Rush configuration' });
    expect(within(form).getByRole('alert').textContent).toBe(message);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(location()).toBe('/config');
    expect(screen.queryByText(message)).toBeNull();
    view.unmount();
  });

  it('on "Update is not allowed" offers Cancel, and Ok saves the edited values as a copy and opens it', async () => {
    const { api } = renderAt('/config/GOLD_RUSH/gold-week/edit', {
      '/api/config/event/gr/get': () => ok(aConfigItem({ active: true })),
      '/api/config/event/gr/save': () => fail(409, UPDATE_REFUSAL),
      '/api/config/event/gr/duplicate/reassign': () =>
        ok({ configId: 'gold-week-2', pluginName: 'GOLD_RUSH', draftsToReview: [] }),
      '/api/config/event/gr/activate': () => ok(aConfigItem({ active: false })),
    });
    await waitFor(() => expect(idField().value).toBe('gold-week'));
    await userEvent.clear(descriptionField());
    await userEvent.type(descriptionField(), 'Gold, changed while live');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    let dialog = await screen.findByRole('dialog', { name: 'Error: Update changes active configuration' });
    expect(within(dialog).getByText(UPDATE_REFUSAL)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('/api/config/event/gr/duplicate/reassign')).toEqual([]);
    expect(location()).toBe('/config/GOLD_RUSH/gold-week/edit');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    dialog = await screen.findByRole('dialog', { name: 'Error: Update changes active configuration' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(location()).toBe('/config/GOLD_RUSH/gold-week-2/edit'));
    expect(api.callsTo('/api/config/event/gr/duplicate/reassign').map((call) => call.body)).toEqual([
      {
        id: 'gold-week',
        description: 'Gold, changed while live',
        active: true,
        activation: defaultActivationSettings(),
        data: { kind: 'event/gr' },
      },
    ]);
    // The same toast offers switching off the original the flow replaced.
    expect(
      await screen.findByText(
        'Saved as gold-week-2; the plugins serving gold-week now use it. gold-week stays switched on and no active set serves it: switch it off',
      ),
    ).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Switch off gold-week' }));
    await waitFor(() =>
      expect(api.callsTo('/api/config/event/gr/activate').map((call) => call.body)).toEqual([
        { id: 'gold-week', active: false },
      ]),
    );
    expect(await screen.findByText('Configuration gold-week deactivated')).toBeTruthy();
  });

  it('after the "Update is not allowed" flow, names the drafts still to check, each with a link to its draft', async () => {
    renderAt('/config/GOLD_RUSH/gold-week/edit', {
      '/api/config/event/gr/get': () => ok(aConfigItem({ active: true })),
      '/api/config/event/gr/save': () => fail(409, UPDATE_REFUSAL),
      '/api/config/event/gr/duplicate/reassign': () =>
        ok({
          configId: 'gold-week-2',
          pluginName: 'GOLD_RUSH',
          draftsToReview: [{ pluginId: 11, pluginName: 'GOLD_RUSH' }],
        }),
    });
    await waitFor(() => expect(idField().value).toBe('gold-week'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Error: Update changes active configuration' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(
      await screen.findByText(
        'Saved as gold-week-2; the plugins serving gold-week now use it. Check the draft of GOLD_RUSH before activating it. gold-week stays switched on and no active set serves it: switch it off',
      ),
    ).toBeTruthy();
    // reachable once the closing dialog no longer hides the rest of the page
    expect(await screen.findByRole('button', { name: 'Switch off gold-week' })).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/config/GOLD_RUSH/gold-week-2/edit'));
    // Found once the error dialog's closing transition has given the page back to assistive technology.
    await userEvent.click(await screen.findByRole('button', { name: 'Open GOLD_RUSH' }));
    await waitFor(() => expect(location()).toBe('/plugin/11'));
  });

  it('omits the activation checkbox where the kind cannot be deactivated, and activation where it has none', async () => {
    const first = renderAt('/config/SPECIAL_OFFER/create');
    expect(await screen.findByRole('heading', { name: 'Create Special Offer' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Active' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Activation' })).toBeTruthy();
    first.unmount();

    renderAt('/config/NEW_USER_FLOW/create');
    expect(await screen.findByRole('heading', { name: 'Create New User Flow' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Activation' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Active' })).toBeNull();
  });

  it('shows a load failure as text where the form would be, with Cancel back to the list', async () => {
    renderAt('/config/GOLD_RUSH/gone/edit', {
      '/api/config/event/gr/get': () => fail(404, "Gold Rush configuration 'gone' not found"),
    });
    expect(await screen.findByText("Gold Rush configuration 'gone' not found")).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(location()).toBe('/config');
  });

  it('answers an unknown plugin name with "Unknown plugin"', async () => {
    renderAt('/config/NO_SUCH_PLUGIN/create');
    expect(await screen.findByText('Unknown plugin')).toBeTruthy();
  });

  it("shows start and end in UTC with the operator's own time and offset beside them", async () => {
    const timeZone = process.env.TZ;
    process.env.TZ = 'Asia/Kolkata'; // UTC+05:30 all year
    try {
      renderAt('/config/GOLD_RUSH/gold-week/edit', {
        '/api/config/event/gr/get': () =>
          ok(
            aConfigItem({
              activation: { ...defaultActivationSettings(), start: Date.UTC(2024, 2, 10, 10, 5) },
            }),
          ),
      });
      const start = await screen.findByRole('group', { name: 'Start (UTC)' });
      expect(within(start).getByRole('spinbutton', { name: 'Hours' }).textContent).toBe('10');
      expect(within(start).getByRole('spinbutton', { name: 'Minutes' }).textContent).toBe('05');
      expect(screen.getByText('UTC. Your time: 2024-03-10 15:35 (UTC+05:30)')).toBeTruthy();
      expect(screen.getByText('UTC; empty means always active. Your offset: UTC+05:30')).toBeTruthy();
    } finally {
      if (timeZone === undefined) Reflect.deleteProperty(process.env, 'TZ');
      else process.env.TZ = timeZone;
    }
  });

  it('takes a start picked in the calendar, in UTC, and saves it', async () => {
    const stored = { ...defaultActivationSettings(), start: Date.UTC(2024, 2, 10, 10, 5) };
    const { api } = renderAt('/config/GOLD_RUSH/gold-week/edit', {
      '/api/config/event/gr/get': () => ok(aConfigItem({ activation: stored })),
      '/api/config/event/gr/save': ({ body }) => ok({ ...aConfigItem(), ...(body as object) }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Start (UTC) in a calendar' }));
    const calendar = await screen.findByRole('dialog', { name: 'Start (UTC) calendar' });
    await userEvent.click(within(calendar).getByRole('gridcell', { name: '15' }));
    await userEvent.click(within(calendar).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const start = screen.getByRole('group', { name: 'Start (UTC)' });
    expect(within(start).getByRole('spinbutton', { name: 'Day' }).textContent).toBe('15');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('/api/config/event/gr/save')).toHaveLength(1));
    const starts = api
      .callsTo('/api/config/event/gr/save')
      .map((call) => (call.body as { activation: { start: number } }).activation.start);
    expect(starts).toEqual([Date.UTC(2024, 2, 15, 10, 5)]);
  });

  it('shows the weekly grid for the Schedule type only, and refuses the 56th slot', async () => {
    const almostAll = Array.from({ length: WEEKLY_SLOT_COUNT }, (_, slot) => slot !== 55);
    const values = newConfigValues('event/gr');
    window.localStorage.setItem(
      DRAFT_KEY,
      JSON.stringify({ ...values, activation: { ...values.activation, type: 3, weeklyOffer: almostAll } }),
    );
    renderAt('/config/GOLD_RUSH/create');
    const grid = await screen.findByRole('table', { name: 'Weekly schedule' });
    expect(within(grid).getAllByRole('checkbox')).toHaveLength(56);
    const last = within(grid).getByRole('checkbox', { name: slotLabel(13, 3) });
    expect(slotLabel(13, 3)).toBe('Week 2 Sun Evening (18:00 UTC)');
    await userEvent.click(last);
    expect(screen.getByText(ALL_SLOTS_REFUSED)).toBeTruthy();
    expect((last as HTMLInputElement).checked).toBe(false);
    await userEvent.click(within(grid).getByRole('checkbox', { name: slotLabel(0, 0) }));
    await waitFor(() => expect(storedDraft().activation.weeklyOffer[0]).toBe(false));

    // Continuous has no grid and no schedule offset
    await userEvent.click(screen.getByRole('combobox', { name: 'Activation type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Continuous' }));
    expect(screen.queryByRole('table', { name: 'Weekly schedule' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Schedule offset' })).toBeNull();
    expect((screen.getByRole('spinbutton', { name: 'Minimum level' }) as HTMLInputElement).value).toBe(
      String(DEFAULT_MIN_LEVEL),
    );
  });
});
