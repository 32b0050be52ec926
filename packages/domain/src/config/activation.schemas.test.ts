import { describe, expect, it } from 'vitest';
import { WorldEventActivationType as T } from '../enums.ts';
import { MAX_STORED_INTEGER } from '../operations/fields.ts';
import {
  activationSettingsSchema,
  DEFAULT_WEEKLY_OFFER,
  defaultActivationSettings,
  MAX_ACTIVATION_TIMESTAMP_MS,
  maxScheduleOffsetOf,
} from './activation.schemas.ts';
import { ACTIVATION_TYPES } from './activation-types.ts';

type Issue = { path: PropertyKey[]; message: string };
const issuesOf = (input: unknown): [string, string][] =>
  (activationSettingsSchema.safeParse(input).error?.issues ?? []).map((issue: Issue) => [
    issue.path.join('.'),
    issue.message,
  ]);

describe('activation settings: defaults', () => {
  it('fills every omitted field', () => {
    expect(defaultActivationSettings()).toEqual({
      type: T.Continuous,
      start: 0,
      end: 0,
      cooldown: 0,
      minLevel: 60,
      maxEventDuration: 43_200,
      weeklyOffer: Array(56).fill(false),
      scheduleOffset: 0,
    });
  });
  it('gives each parse its own weekly grid', () => {
    const first = defaultActivationSettings();
    first.weeklyOffer[0] = true;
    expect(defaultActivationSettings().weeklyOffer[0]).toBe(false);
    expect(DEFAULT_WEEKLY_OFFER[0]).toBe(false);
  });
});

describe('activation settings: bounds, messages name the field', () => {
  it.each([
    ['start', -1, 'Start must be at least 0'],
    ['start', MAX_ACTIVATION_TIMESTAMP_MS + 1, `Start must be at most ${MAX_ACTIVATION_TIMESTAMP_MS}`],
    ['start', 1.5, 'Start must be a whole number'],
    ['end', -1, 'End must be at least 0'],
    ['cooldown', -1, 'Cooldown must be at least 0s'],
    ['cooldown', 365 * 86_400 + 1, 'Cooldown must be at most 365d'],
    ['cooldown', 0.5, 'Cooldown must be a whole number of seconds'],
    ['minLevel', 0, 'Minimum level must be at least 1'],
    ['minLevel', MAX_STORED_INTEGER + 1, `Minimum level must be at most ${MAX_STORED_INTEGER}`],
    ['minLevel', '60', 'Minimum level must be a number'],
    ['maxEventDuration', 0, 'Max event duration must be at least 1s'],
    ['maxEventDuration', 365 * 86_400 + 1, 'Max event duration must be at most 365d'],
    ['scheduleOffset', -1, 'Schedule offset must be at least 0s'],
    ['scheduleOffset', 7 * 86_400 + 1, 'Schedule offset must be at most 7d'],
  ])('%s = %j → %j', (field, value, message) => {
    expect(issuesOf({ [field]: value })).toEqual([[field, message]]);
  });
  it.each([
    ['start', 0],
    ['start', MAX_ACTIVATION_TIMESTAMP_MS - 1],
    ['cooldown', 0],
    ['cooldown', 365 * 86_400],
    ['minLevel', 1],
    ['minLevel', MAX_STORED_INTEGER],
    ['maxEventDuration', 1],
    ['maxEventDuration', 365 * 86_400],
    ['scheduleOffset', 0],
    ['scheduleOffset', 7 * 86_400],
  ])('%s = %j is accepted', (field, value) => {
    expect(issuesOf({ [field]: value })).toEqual([]);
  });
  it('reports a field out of bounds once, without the cross-field rules', () => {
    expect(issuesOf({ start: 5, end: -1 })).toEqual([['end', 'End must be at least 0']]);
    expect(issuesOf({ type: T.Hourly, scheduleOffset: 604_801 })).toEqual([
      ['scheduleOffset', 'Schedule offset must be at most 7d'],
    ]);
  });
  it('refuses a missing-but-null field by name', () => {
    expect(issuesOf({ minLevel: null })).toEqual([['minLevel', 'Minimum level must be a number']]);
  });
  it('refuses an activation that is not an object', () => {
    expect(issuesOf('always')).toEqual([['', 'activation must be an object']]);
  });
});

describe('activation type', () => {
  it.each(ACTIVATION_TYPES.map((type) => [type.id]))('accepts %d', (type) => {
    expect(issuesOf({ type })).toEqual([]);
  });
  it.each([[0], [4], [5], [6], [14], ['3']])('refuses %j naming every type', (type) => {
    expect(issuesOf({ type })).toEqual([
      [
        'type',
        'Activation type must be one of 1 (One shot), 2 (Continuous), 3 (Schedule), 7 (Every 5 minutes), 8 (Every 15 minutes), 9 (Every 30 minutes), 10 (Hourly), 11 (Daily), 12 (Weekly), 13 (Every other 5 minutes)',
      ],
    ]);
  });
});

describe('end (0 = always) must be after start', () => {
  it.each([
    [1_000, 0, true],
    [1_000, 1_001, true],
    [1_000, 1_000, false],
    [1_000, 999, false],
    [0, 0, true],
  ])('start %d, end %d → valid %s', (start, end, isValid) => {
    expect(issuesOf({ start, end })).toEqual(isValid ? [] : [['end', 'End must be after Start']]);
  });
});

describe('weekly grid of 56 slots', () => {
  const grid = (selected: number) => Array.from({ length: 56 }, (_, slot) => slot < selected);
  it('accepts none up to 55 selected slots', () => {
    for (const selected of [0, 1, 28, 55]) expect(issuesOf({ weeklyOffer: grid(selected) })).toEqual([]);
  });
  it('refuses all 56', () => {
    expect(issuesOf({ weeklyOffer: grid(56) })).toEqual([
      ['weeklyOffer', 'Weekly schedule cannot select all 56 slots'],
    ]);
  });
  it('needs exactly 56 booleans', () => {
    expect(issuesOf({ weeklyOffer: grid(0).slice(1) })).toEqual([
      ['weeklyOffer', 'Weekly schedule must have exactly 56 slots'],
    ]);
    expect(issuesOf({ weeklyOffer: [...grid(0), false] })).toEqual([
      ['weeklyOffer', 'Weekly schedule must have exactly 56 slots'],
    ]);
    expect(issuesOf({ weeklyOffer: [1, ...grid(0).slice(1)] })).toEqual([
      ['weeklyOffer.0', 'each slot of the Weekly schedule must be true or false'],
    ]);
    expect(issuesOf({ weeklyOffer: 'mornings' })).toEqual([
      ['weeklyOffer', 'Weekly schedule must be a list of 56 slots'],
    ]);
  });
});

describe('schedule offset is capped at one period of the type', () => {
  it.each([
    [T.Daily, 86_400, '1d', 'Daily'],
    [T.Hourly, 3_600, '1h', 'Hourly'],
    [T.Every30Min, 1_800, '30m', 'Every 30 minutes'],
    [T.Every15Min, 900, '15m', 'Every 15 minutes'],
    [T.Every5Min, 300, '5m', 'Every 5 minutes'],
    [T.EveryOther5Min, 600, '10m', 'Every other 5 minutes'],
  ])('type %d: %d s allowed, one more refused', (type, cap, capText, label) => {
    expect(maxScheduleOffsetOf(type)).toBe(cap);
    expect(issuesOf({ type, scheduleOffset: cap })).toEqual([]);
    expect(issuesOf({ type, scheduleOffset: cap + 1 })).toEqual([
      ['scheduleOffset', `Schedule offset must be at most ${capText} (one period of ${label})`],
    ]);
  });
  it('schedule and weekly: 7 days, the bound of the field itself', () => {
    for (const type of [T.Schedule, T.Weekly]) {
      expect(maxScheduleOffsetOf(type)).toBe(604_800);
      expect(issuesOf({ type, scheduleOffset: 604_800 })).toEqual([]);
      expect(issuesOf({ type, scheduleOffset: 604_801 })).toEqual([
        ['scheduleOffset', 'Schedule offset must be at most 7d'],
      ]);
    }
  });
  it('OneShot and Continuous ignore the offset but bound it by a week', () => {
    for (const type of [T.OneShot, T.Continuous]) {
      expect(issuesOf({ type, scheduleOffset: 604_800 })).toEqual([]);
      expect(issuesOf({ type, scheduleOffset: 604_801 })).toEqual([
        ['scheduleOffset', 'Schedule offset must be at most 7d'],
      ]);
    }
  });
});
