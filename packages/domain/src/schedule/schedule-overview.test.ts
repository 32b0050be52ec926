import { describe, expect, it } from 'vitest';
import { defaultActivationSettings } from '../config/activation.schemas.ts';
import { slots as weeklySlots } from '../config/activation.vectors.ts';
import type { ActivationTiming } from '../config/activation-engine.ts';
import { PluginId, WorldEventActivationType as T } from '../enums.ts';
import type { ScheduleConfiguration } from './configuration-timeline.ts';
import { type ScheduleConflict, scheduleOverviewResponseSchema } from './schedule.schemas.ts';
import {
  computeScheduleOverview,
  type ScheduleEntryInput,
  type SchedulePluginInput,
} from './schedule-overview.ts';

const ms = (iso: string) => Date.parse(iso);
const H = 3_600;
const NOW = ms('2024-03-10T10:30Z');
/** One day on 8 slots, from 2024-03-10 00:00: slot i is [3i h, 3i+3 h). */
const DAY = { slotsPerDay: 8, daysBack: 0, daysForward: 1, includeDraft: false };

function config(
  id: string,
  activation: Partial<ActivationTiming>,
  extra: Partial<ScheduleConfiguration> = {},
): ScheduleConfiguration {
  return {
    id,
    kind: 'ar',
    description: `about ${id}`,
    active: true,
    activation: { ...defaultActivationSettings(), ...activation },
    ...extra,
  };
}

const entry = (
  set: 'active' | 'draft',
  position: number,
  ...configurations: string[]
): ScheduleEntryInput => ({
  set,
  position,
  configurations,
});

const race = (...entries: ScheduleEntryInput[]): SchedulePluginInput => ({
  id: PluginId.AGILITY_RACE,
  active: true,
  entries,
});

function overview(
  plugins: SchedulePluginInput[],
  configurations: ScheduleConfiguration[],
  settings: Partial<typeof DAY> = {},
) {
  const answer = computeScheduleOverview({ settings: { ...DAY, ...settings }, plugins, configurations }, NOW);
  // the answer is what the endpoint declares
  expect(scheduleOverviewResponseSchema.parse(answer)).toEqual(answer);
  return answer;
}

const conflictsOf = (conflicts: ScheduleConflict[], kind: ScheduleConflict['kind']) =>
  conflicts.filter((conflict) => conflict.kind === kind);

/** Daily 06:00-09:00 (slot 2), Daily 00:00-12:00 (slots 0-3), Daily 10:00-16:00 (slots 3-5). */
const morning = config('morning', { type: T.Daily, scheduleOffset: 6 * H, maxEventDuration: 3 * H });
const halfDay = config('half-day', { type: T.Daily });
const midday = config('midday', { type: T.Daily, scheduleOffset: 10 * H, maxEventDuration: 6 * H });

describe('computeScheduleOverview: the answer', () => {
  it("lists each plugin's configurations with their slots, kind, flags, sets and cases", () => {
    const answer = overview(
      [
        race(entry('active', 0, 'morning', 'half-day'), entry('draft', 0, 'midday')),
        { id: PluginId.DUEL, active: false, entries: [] },
      ],
      [morning, halfDay, midday],
    );
    expect(answer).toMatchObject({
      now: NOW,
      slotsPerDay: 8,
      slotDurationMs: 3 * H * 1000,
      rangeEnd: ms('2024-03-11T00:00Z'),
      includeDraft: false,
      plugins: [{ id: PluginId.AGILITY_RACE, name: 'AGILITY_RACE', active: true }],
      conflicts: [],
    });
    expect(answer.slotTimestamp).toHaveLength(8);
    expect(answer.schedules).toEqual({
      AGILITY_RACE: [
        {
          configuration: 'morning',
          schedule: [false, false, true, false, false, false, false, false],
          description: 'about morning',
          kind: 'ar',
          kindPluginName: 'AGILITY_RACE',
          found: true,
          active: true,
          sets: ['active'],
          cases: [0],
        },
        expect.objectContaining({
          configuration: 'half-day',
          schedule: [true, true, true, true, false, false, false, false],
          cases: [1],
        }),
      ],
    });
  });

  it('adds the draft on request, after the active set, and merges a configuration used by both', () => {
    const answer = overview(
      [race(entry('draft', 0, 'midday', 'morning'), entry('active', 3, 'morning'))],
      [morning, midday],
      { includeDraft: true },
    );
    expect(
      answer.schedules.AGILITY_RACE!.map(({ configuration, sets, cases }) => ({
        configuration,
        sets,
        cases,
      })),
    ).toEqual([
      { configuration: 'morning', sets: ['active', 'draft'], cases: [0, 1] },
      { configuration: 'midday', sets: ['draft'], cases: [0] },
    ]);
  });

  it('leaves out plugins whose sets reference nothing, and orders plugins by id', () => {
    const duel = { id: PluginId.DUEL, active: true, entries: [entry('active', 0, 'morning')] };
    const answer = overview([duel, race(entry('draft', 0, 'midday'))], [morning, midday]);
    expect(answer.plugins.map((plugin) => plugin.name)).toEqual(['DUEL']);
    expect(
      overview([duel, race(entry('draft', 0, 'midday'))], [morning, midday], {
        includeDraft: true,
      }).plugins.map((plugin) => plugin.name),
    ).toEqual(['AGILITY_RACE', 'DUEL']);
  });

  it('keys a plugin id the console does not know by its id, never merging two of them', () => {
    const unknown = (id: number) => ({ id, active: true, entries: [entry('active', 0, 'morning')] });
    const answer = overview([unknown(300), unknown(301)], [morning]);
    expect(Object.keys(answer.schedules)).toEqual(['PLUGIN_300', 'PLUGIN_301']);
    expect(answer.plugins).toEqual([
      { id: 300, name: 'PLUGIN_300', active: true },
      { id: 301, name: 'PLUGIN_301', active: true },
    ]);
  });
});

describe('conflicts', () => {
  describe('(a) two configurations for the same case at the same time', () => {
    it('is found per case across entries, with the slots where both run and the plugin to fix', () => {
      const answer = overview(
        [race(entry('active', 0, 'half-day', 'x'), entry('active', 1, 'midday'))],
        [halfDay, midday, config('x', { type: T.Daily, scheduleOffset: 20 * H, maxEventDuration: H })],
      );
      expect(answer.conflicts).toEqual([
        {
          kind: 'overlap',
          pluginId: PluginId.AGILITY_RACE,
          pluginName: 'AGILITY_RACE',
          set: 'active',
          configurations: ['half-day', 'midday'],
          cases: [0],
          slots: [3],
          message:
            "AGILITY_RACE runs 'half-day' and 'midday' at the same time for Case 1 (control) of its active set, first from " +
            '2024-03-10 10:00 to 2024-03-10 12:00 UTC: change the activation of one of them, or serve them in ' +
            "different cases in the plugin's draft",
          fix: { target: 'plugin', pluginId: PluginId.AGILITY_RACE },
        },
      ]);
    });

    it('names every case the pair shares', () => {
      const answer = overview(
        [race(entry('active', 0, 'half-day', 'half-day'), entry('active', 1, 'midday', 'midday'))],
        [halfDay, midday],
      );
      expect(conflictsOf(answer.conflicts, 'overlap')).toMatchObject([{ cases: [0, 1], slots: [3] }]);
      expect(answer.conflicts[0]!.message).toContain('for Case 1 (control) and Case 2 of its active set');
    });

    it('is not found for different cases, across active set and draft, or in one slot at different times', () => {
      const early = config('early', { type: T.Daily, maxEventDuration: H }); // 00:00-01:00
      const late = config('late', { type: T.Daily, scheduleOffset: 2 * H, maxEventDuration: H }); // 02:00-03:00
      const answer = overview(
        [
          race(
            entry('active', 0, 'half-day', ''),
            entry('active', 1, '', 'midday'),
            entry('draft', 0, 'midday'),
            entry('active', 2, 'early'),
            entry('active', 3, 'late'),
          ),
        ],
        [halfDay, midday, early, late],
        { includeDraft: true },
      );
      // early and late share slot 0 but never run together; half-day runs with each of them
      expect(conflictsOf(answer.conflicts, 'overlap').map((conflict) => conflict.configurations)).toEqual([
        ['half-day', 'early'],
        ['half-day', 'late'],
      ]);
    });

    it('is found within the draft on its own', () => {
      const answer = overview(
        [race(entry('draft', 0, 'half-day'), entry('draft', 1, 'midday'))],
        [halfDay, midday],
        {
          includeDraft: true,
        },
      );
      expect(conflictsOf(answer.conflicts, 'overlap')).toMatchObject([{ set: 'draft', slots: [3] }]);
    });
  });

  describe('(b) windows that break their own cooldown', () => {
    it('Daily runs of 1 d with a 1 h cooldown are cut to 23 h: the lost hour is marked', () => {
      const daily = config('daily', { type: T.Daily, maxEventDuration: 24 * H, cooldown: H });
      const answer = overview([race(entry('active', 0, 'daily'))], [daily]);
      expect(answer.schedules.AGILITY_RACE![0]!.schedule).toEqual(Array(8).fill(true));
      expect(answer.conflicts).toEqual([
        {
          kind: 'cooldown',
          pluginId: PluginId.AGILITY_RACE,
          pluginName: 'AGILITY_RACE',
          set: 'active',
          configurations: ['daily'],
          cases: [],
          slots: [7],
          message:
            "'daily' (Daily, max event duration 1d) leaves less than its cooldown of 1h between runs 1d apart, so " +
            'its runs are cut to 23h: set its max event duration to at most 23h or lower its cooldown',
          fix: { target: 'configuration', configuration: 'daily', kindPluginName: 'AGILITY_RACE' },
        },
      ]);
    });

    it('Hourly with a cooldown of its whole period never runs: both the cooldown and never-active are reported', () => {
      const hourly = config('hourly', { type: T.Hourly, cooldown: H });
      const answer = overview([race(entry('active', 0, 'hourly'))], [hourly]);
      expect(answer.conflicts.map((conflict) => conflict.kind)).toEqual(['never-active', 'cooldown']);
      expect(conflictsOf(answer.conflicts, 'cooldown')[0]).toMatchObject({
        slots: [0, 1, 2, 3, 4, 5, 6, 7],
        message: expect.stringContaining('so some of its runs are dropped: lower its cooldown below 1h'),
      });
    });

    it('weekly slots 6 h apart with an 8 h cooldown are dropped; a cooldown that fits is no conflict', () => {
      // fortnight from 2024-01-08: slots 1 (06:00-12:00) and 3 (18:00-24:00) of its first Monday
      const now = ms('2024-01-08T10:00Z');
      const schedule = (cooldown: number) =>
        config('sched', { type: T.Schedule, weeklyOffer: weeklySlots(1, 3), cooldown });
      const conflicts = (cooldown: number) =>
        computeScheduleOverview(
          {
            settings: DAY,
            plugins: [race(entry('active', 0, 'sched'))],
            configurations: [schedule(cooldown)],
          },
          now,
        ).conflicts.map((conflict) => conflict.kind);
      expect(conflicts(8 * H)).toEqual(['never-active', 'cooldown']);
      expect(conflicts(2 * H)).toEqual([]);
      expect(conflicts(0)).toEqual([]);
    });

    it('Continuous and OneShot never break it (Continuous waits exactly its cooldown)', () => {
      const start = ms('2024-03-10T00:00Z');
      const continuous = config('cont', {
        type: T.Continuous,
        start,
        maxEventDuration: 2 * H,
        cooldown: 4 * H,
      });
      const answer = overview([race(entry('active', 0, 'cont'))], [continuous]);
      expect(answer.schedules.AGILITY_RACE![0]!.schedule).toEqual([
        true,
        false,
        true,
        false,
        true,
        false,
        true,
        false,
      ]);
      expect(answer.conflicts).toEqual([]);
    });
  });

  describe('(c) an event window longer than its max event duration', () => {
    it('weekly slots 06:00-18:00 with a max event duration of 8 h stop at 14:00: slots 4 and 5 are marked', () => {
      const now = ms('2024-01-08T10:00Z');
      const sched = config('sched', {
        type: T.Schedule,
        weeklyOffer: weeklySlots(1, 2),
        maxEventDuration: 8 * H,
      });
      const answer = computeScheduleOverview(
        { settings: DAY, plugins: [race(entry('active', 0, 'sched'))], configurations: [sched] },
        now,
      );
      expect(answer.schedules.AGILITY_RACE![0]!.schedule).toEqual([
        false,
        false,
        true,
        true,
        true,
        false,
        false,
        false,
      ]);
      expect(answer.conflicts).toEqual([
        expect.objectContaining({
          kind: 'max-event-duration',
          configurations: ['sched'],
          slots: [4, 5],
          message:
            "'sched' has selected weekly slots making a run of 12h (2024-01-08 06:00 to 2024-01-08 18:00 UTC), longer " +
            'than its max event duration of 8h, so the event stops at 2024-01-08 14:00: raise its max event duration ' +
            'to 12h or select fewer slots',
        }),
      ]);
    });

    it('counts the run after its cooldown, and is not reported when the max event duration covers it', () => {
      const now = ms('2024-01-08T10:00Z');
      const kinds = (activation: Partial<ActivationTiming>) =>
        computeScheduleOverview(
          {
            settings: DAY,
            plugins: [race(entry('active', 0, 's'))],
            configurations: [
              config('s', { type: T.Schedule, weeklyOffer: weeklySlots(1, 2), ...activation }),
            ],
          },
          now,
        ).conflicts.map((conflict) => [conflict.kind, conflict.message.includes('after its cooldown')]);
      expect(kinds({ maxEventDuration: 12 * H })).toEqual([]);
      expect(kinds({ maxEventDuration: 10 * H, cooldown: 2 * H })).toEqual([]);
      expect(kinds({ maxEventDuration: 8 * H, cooldown: 2 * H })).toEqual([['max-event-duration', true]]);
    });

    it('is not reported for periodic types, whose length the max event duration sets', () => {
      expect(overview([race(entry('active', 0, 'half-day'))], [halfDay]).conflicts).toEqual([]);
    });
  });

  describe('(d) referenced but not active in the range', () => {
    const past = config('past', { type: T.OneShot, start: ms('2024-03-01T00:00Z') });
    const off = config('off', { type: T.Daily }, { active: false });
    const offPast = config(
      'off-past',
      { type: T.OneShot, start: ms('2024-03-01T00:00Z') },
      { active: false },
    );

    it('names a missing configuration, a switched-off one, one not running in the range, and what to fix', () => {
      const answer = overview(
        [race(entry('active', 0, 'gone', 'past'), entry('active', 1, 'off', 'off-past'))],
        [past, off, offPast],
      );
      expect(answer.schedules.AGILITY_RACE!.find((row) => row.configuration === 'gone')).toMatchObject({
        found: false,
        active: false,
        kind: null,
        kindPluginName: null,
        description: '',
        schedule: Array(8).fill(false),
      });
      const all = [0, 1, 2, 3, 4, 5, 6, 7];
      expect(conflictsOf(answer.conflicts, 'never-active')).toEqual([
        expect.objectContaining({
          configurations: ['gone'],
          slots: all,
          message:
            "AGILITY_RACE (active set, Case 1 (control)) references configuration 'gone', which does not exist: choose another " +
            "configuration in the plugin's draft",
          fix: { target: 'plugin', pluginId: PluginId.AGILITY_RACE },
        }),
        expect.objectContaining({
          configurations: ['past'],
          slots: all,
          message:
            "'past', used by AGILITY_RACE (active set, Case 2), does not run between 2024-03-10 00:00 and " +
            '2024-03-11 00:00 UTC: change its activation (type, start, end)',
          fix: { target: 'configuration', configuration: 'past', kindPluginName: 'AGILITY_RACE' },
        }),
        expect.objectContaining({
          configurations: ['off'],
          slots: [0, 1, 2, 3],
          message:
            "'off', used by AGILITY_RACE (active set, Case 1 (control)), is switched off, so players get nothing from it: switch it on",
        }),
        expect.objectContaining({
          configurations: ['off-past'],
          slots: all,
          message: expect.stringContaining('is switched off and does not run between'),
        }),
      ]);
    });

    it('is not reported for a kind without activation', () => {
      const nuf = config('nuf', { type: T.OneShot, start: ms('2024-03-01T00:00Z') }, { kind: 'plugin/nuf' });
      const plugin = { id: PluginId.NEW_USER_FLOW, active: true, entries: [entry('active', 0, 'nuf')] };
      const answer = overview([plugin], [nuf]);
      expect(answer.conflicts).toEqual([]);
      expect(answer.schedules.NEW_USER_FLOW![0]!.schedule).toEqual(Array(8).fill(true));
    });
  });
});
