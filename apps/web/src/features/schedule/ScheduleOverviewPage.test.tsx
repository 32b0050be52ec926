import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { fakeScheduleServer } from './schedule.test-support.ts';

const DEFAULT_BODY = { slotsPerDay: 8, daysBack: 1, daysForward: 14, includeDraft: false };

const timeline = () => screen.getByRole('table', { name: 'Schedule timeline' });

/** The slot cells of a configuration's row (found by its link or, when it has none, its text). */
function slotsOf(configuration: string): HTMLTableCellElement[] {
  const header = within(timeline())
    .getAllByRole('rowheader')
    .find((cell) => cell.textContent?.startsWith(configuration));
  if (!header) throw new Error(`no row for ${configuration}`);
  return [...header.closest('tr')!.querySelectorAll('td')];
}

const classesOf = (cell: HTMLElement) => [...cell.classList].filter((name) => name !== 'day-start').sort();
/** The slot indexes whose cell has `className`. */
const slotsWith = (configuration: string, className: string) =>
  slotsOf(configuration).flatMap((cell, slot) => (cell.classList.contains(className) ? [slot] : []));
/** Slot indexes `dailySlots` of every day of the 15-day default grid. */
const everyDay = (...dailySlots: number[]) =>
  Array.from({ length: 120 }, (_, slot) => slot).filter((slot) => dailySlots.includes(slot % 8));

async function renderOverview(path = '/plugin/overview', server = fakeScheduleServer()) {
  renderApp(path);
  await screen.findByRole('table', { name: 'Schedule timeline' });
  return server;
}

describe('Schedule overview', () => {
  it('asks for the defaults and heads the grid with weekdays whose tooltip holds the date', async () => {
    const api = await renderOverview();
    expect(api.callsTo('/api/plugin/schedules').map((call) => call.body)).toEqual([DEFAULT_BODY]);
    expect(screen.getByRole('heading', { name: 'Schedule Overview' })).toBeTruthy();

    const days = within(timeline()).getAllByRole('columnheader').slice(1);
    // 1 day back from Sunday 2024-03-10, 14 days forward from it (today counts)
    expect(days.map((day) => day.textContent)).toEqual([
      ...['Sat', 'Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri'],
      ...['Sat', 'Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
    ]);
    expect(days.map((day) => day.getAttribute('colspan'))).toEqual(Array(15).fill('8'));
    expect(days[0]!.getAttribute('title')).toBe('2024-03-09 (UTC)');
    expect(days[14]!.getAttribute('title')).toBe('2024-03-23 (UTC)');
    expect(days[1]!.classList.contains('today')).toBe(true);
    await userEvent.hover(days[2]!);
    expect((await screen.findByRole('tooltip')).textContent).toBe('2024-03-11 (UTC)');
  });

  it('styles each slot history, active or future by the answer’s now, and marks it active or inactive', async () => {
    await renderOverview();
    const half = slotsOf('half');
    expect(half).toHaveLength(120);
    // Sunday: slot 8 is 00:00-03:00 ... slot 11 09:00-12:00 holds 10:30
    expect(classesOf(half[10]!)).toEqual(['slot', 'slot-history', 'slot-on']);
    expect(classesOf(half[11]!)).toEqual(['slot', 'slot-active', 'slot-conflict', 'slot-on']);
    expect(classesOf(half[12]!)).toEqual(['slot', 'slot-future', 'slot-off']);
    expect(classesOf(half[16]!)).toEqual(['slot', 'slot-future', 'slot-on']);
    expect(half.filter((cell) => cell.classList.contains('slot-history'))).toHaveLength(11);
    expect(half.filter((cell) => cell.classList.contains('slot-active'))).toHaveLength(1);
    expect(half.filter((cell) => cell.classList.contains('slot-future'))).toHaveLength(108);

    expect(slotsWith('half', 'slot-on')).toEqual(everyDay(0, 1, 2, 3));
    expect(slotsWith('morning', 'slot-on')).toEqual(everyDay(2));
    expect(slotsWith('midday', 'slot-on')).toEqual(everyDay(3, 4, 5));
    expect(slotsWith('morning', 'slot-off')).toEqual(everyDay(0, 1, 3, 4, 5, 6, 7));
    // a switched-off configuration still shows when it would run; the conflict says it is off
    expect(slotsWith('off', 'slot-on')).toEqual(everyDay(7));
    expect(slotsWith('ghost', 'slot-on')).toEqual([]);

    expect(slotsOf('morning')[10]!.getAttribute('title')).toBe(
      'Sun 2024-03-10 06:00-09:00 UTC (history): active',
    );
    expect(slotsOf('morning')[11]!.getAttribute('title')).toBe(
      'Sun 2024-03-10 09:00-12:00 UTC (now): inactive',
    );
    expect(slotsOf('morning')[23]!.getAttribute('title')).toBe(
      'Mon 2024-03-11 21:00-24:00 UTC (future): inactive',
    );
    const now = screen.getByRole('img', { name: 'Now: 2024-03-10 10:30 UTC' });
    // 260 px of labels, then 12 px slots: 11.5 slots in
    expect(now.style.left || getComputedStyle(now).left).toBe('398px');
  });

  it('lists the conflicts above the timeline with a link to what fixes each, and marks their slots', async () => {
    await renderOverview();
    const list = screen.getByRole('region', { name: 'Conflicts' });
    expect(within(list).getByText('3 conflicts in this range')).toBeTruthy();
    const items = within(list).getAllByRole('listitem');
    // plugins by id, then per plugin its rows' own conflicts and its overlaps
    expect(items.map((item) => item.textContent)).toEqual([
      "Never active: END_OF_CONTENT (active set, Case 1 (control)) references configuration 'ghost', which does not exist: choose another configuration in the plugin's draft. Open the draft of END_OF_CONTENT",
      "Never active: 'off', used by AGILITY_RACE (active set, Case 2), is switched off, so players get nothing from it: switch it on. Edit off",
      "Overlap: AGILITY_RACE runs 'half' and 'midday' at the same time for Case 1 (control) of its active set, first from 2024-03-09 10:00 to 2024-03-09 12:00 UTC: change the activation of one of them, or serve them in different cases in the plugin's draft. Open the draft of AGILITY_RACE",
    ]);
    const links = items.map((item) => within(item).getByRole('link'));
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Open the draft of END_OF_CONTENT', '/plugin/1?tab=1'],
      ['Edit off', '/config/AGILITY_RACE/off/edit'],
      ['Open the draft of AGILITY_RACE', '/plugin/2?tab=1'],
    ]);

    // the overlap: 10:00-12:00 of every day, in slot 3 of both rows
    expect(slotsWith('half', 'slot-conflict')).toEqual(everyDay(3));
    expect(slotsWith('midday', 'slot-conflict')).toEqual(everyDay(3));
    expect(slotsOf('midday')[11]!.getAttribute('title')).toBe(
      "Sun 2024-03-10 09:00-12:00 UTC (now): active; conflict: overlap with 'half'",
    );
    expect(slotsWith('morning', 'slot-conflict')).toEqual([]);
    // switched off: the slots it would run in; not found: every slot
    expect(slotsWith('off', 'slot-conflict')).toEqual(everyDay(7));
    expect(slotsWith('ghost', 'slot-conflict')).toHaveLength(120);
    expect(slotsOf('ghost')[0]!.getAttribute('title')).toBe(
      'Sat 2024-03-09 00:00-03:00 UTC (history): inactive; conflict: never active',
    );
    const rowHeaders = within(timeline()).getAllByRole('rowheader');
    const flagged = rowHeaders.filter((cell) => within(cell).queryByRole('img', { name: 'Has conflicts' }));
    expect(flagged.map((cell) => cell.textContent?.split(' ')[0])).toEqual([
      'ghost',
      'half',
      'midday',
      'off',
    ]);
  });

  it('links each plugin to its page and each configuration to its edit screen', async () => {
    await renderOverview();
    const table = timeline();
    expect(within(table).getByRole('link', { name: 'AGILITY_RACE' }).getAttribute('href')).toBe('/plugin/2');
    expect(within(table).getByRole('link', { name: 'END_OF_CONTENT' }).getAttribute('href')).toBe(
      '/plugin/1',
    );
    const rowHeaders = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(rowHeaders).toEqual([
      'END_OF_CONTENT (1) switched off',
      'ghost Case 1 (control) · active set · not found',
      'AGILITY_RACE (2)',
      'half Case 1 (control) · active set',
      'morning Case 2 · active set',
      'midday Case 1 (control) · active set',
      'off Case 2 · active set · switched off',
    ]);
    for (const id of ['half', 'morning', 'midday', 'off']) {
      expect(within(table).getByRole('link', { name: id }).getAttribute('href')).toBe(
        `/config/AGILITY_RACE/${id}/edit`,
      );
    }
    // an id no configuration has cannot be edited
    expect(within(table).queryByRole('link', { name: 'ghost' })).toBeNull();
  });

  it('changes the range, slot size and drafts within the server’s bounds, keeping them in the URL', async () => {
    const api = await renderOverview();
    const options = (name: string) =>
      within(screen.getByRole('combobox', { name })).getAllByRole<HTMLOptionElement>('option');
    expect(options('Slots per day').map((option) => option.value)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '6',
      '8',
      '12',
      '24',
    ]);
    expect(options('Slots per day')[5]!.textContent).toBe('8 (3 h each)');
    expect(options('Days back').map((option) => option.value)).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
    ]);
    expect(options('Days forward').map((option) => Number(option.value))).toEqual(
      Array.from({ length: 28 }, (_, index) => index + 1),
    );

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Slots per day' }), '4');
    await waitFor(() => expect(slotsOf('half')).toHaveLength(60));
    expect(within(timeline()).getAllByRole('columnheader')[1]!.getAttribute('colspan')).toBe('4');
    // 6 h slots: 00:00-12:00 is the first two of every day
    expect(slotsWith('half', 'slot-on')).toEqual(
      Array.from({ length: 60 }, (_, slot) => slot).filter((slot) => slot % 4 < 2),
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Days back' }), '0');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Days forward' }), '2');
    await waitFor(() => expect(slotsOf('half')).toHaveLength(8));
    expect(
      within(timeline())
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Configuration', 'Sun', 'Mon']);
    expect(screen.queryByRole('link', { name: 'later' })).toBeNull();
    await userEvent.click(screen.getByRole('switch', { name: 'Include drafts' }));
    const later = await screen.findByRole('link', { name: 'later' });
    expect(later.closest('th')?.textContent).toBe('later Case 2 · draft');
    // Tuesday 10:00-11:00 is not in Sunday and Monday
    expect(slotsWith('later', 'slot-on')).toEqual([]);

    expect(api.callsTo('/api/plugin/schedules').map((call) => call.body)).toEqual([
      DEFAULT_BODY,
      { ...DEFAULT_BODY, slotsPerDay: 4 },
      { ...DEFAULT_BODY, slotsPerDay: 4, daysBack: 0 },
      { ...DEFAULT_BODY, slotsPerDay: 4, daysBack: 0, daysForward: 2 },
      { slotsPerDay: 4, daysBack: 0, daysForward: 2, includeDraft: true },
    ]);
    expect(window.location.search).toBe('?slotsPerDay=4&daysBack=0&daysForward=2&includeDraft=1');
  });

  it('reads the range from the URL, leaving out what the server would refuse', async () => {
    const api = await renderOverview(
      '/plugin/overview?slotsPerDay=24&daysBack=9&daysForward=3&includeDraft=1',
    );
    expect(api.callsTo('/api/plugin/schedules').map((call) => call.body)).toEqual([
      { slotsPerDay: 24, daysBack: 1, daysForward: 3, includeDraft: true },
    ]);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Days back' }).value).toBe('1');
    expect(
      slotsOf('later').flatMap((cell, slot) => (cell.classList.contains('slot-on') ? [slot] : [])),
    ).toEqual([24 * 3 + 10]);
  });

  it('shows a failure in the error banner and stops the loading indicator', async () => {
    fakeScheduleServer(() => fail(503, 'Schedule overview unavailable'));
    renderApp('/plugin/overview');
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(await screen.findByText('Schedule overview unavailable')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('table', { name: 'Schedule timeline' })).toBeNull();
  });

  it('reloads for the environment chosen', async () => {
    const api = await renderOverview();
    await userEvent.click(screen.getByRole('button', { name: /^Environment:/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'stable' }));
    await waitFor(() =>
      expect(api.callsTo('/api/plugin/schedules').map((call) => call.configuration)).toEqual([
        'dev',
        'stable',
      ]),
    );
    await screen.findByRole('table', { name: 'Schedule timeline' });
  });

  it('says so when no plugin references a configuration', async () => {
    fakeScheduleServer(({ body }) => ({
      body: {
        payload: {
          now: Date.parse('2024-03-10T10:30Z'),
          ...DEFAULT_BODY,
          ...(body as object),
          slotDurationMs: 10_800_000,
          slotTimestamp: [],
          rangeEnd: 0,
          plugins: [],
          schedules: {},
          conflicts: [],
        },
      },
    }));
    renderApp('/plugin/overview');
    expect(await screen.findByText("No plugin's active set references a configuration.")).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Conflicts' })).toBeNull();
  });
});
