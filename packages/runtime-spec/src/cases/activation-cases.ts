import type { ConformanceFile, SpecActivation } from '../spec-types.ts';
import {
  abTest,
  at,
  type CaseInput,
  configuration,
  content,
  MINUTE,
  player,
  plugin,
  SECOND,
  slots,
  specFile,
  ActivationType as T,
} from './builders.ts';

// When configurations run, per activation type: each configuration is a plugin of its own whose only
// entry takes everyone, and each test is an instant, so a receipt says for every configuration whether it
// runs then (outcome, status NotStarted/Finished) and until when it serves (runningUntil). The instants
// sit on and beside the boundaries the rules name: starts, ends, cooldowns, offsets, the validity.

const H = 3_600;

function activationFile(
  name: string,
  description: string,
  variants: readonly [label: string, activation: Partial<SpecActivation>][],
  instants: readonly string[],
): ConformanceFile {
  const specContent = content({
    plugins: variants.map(([label], index) => ({
      ...plugin(index + 1, [['everyone', [`config-${index + 1}`]]]),
      name: label,
    })),
    abTests: [abTest('everyone')],
    configurations: variants.map(([, fields], index) =>
      configuration(`config-${index + 1}`, { activation: fields }),
    ),
  });
  const cases = instants.map(
    (instant): CaseInput => ({
      description: `at ${instant}`,
      player: player('timer'),
      at: at(instant),
    }),
  );
  return specFile(name, description, specContent, cases);
}

const S = at('2024-03-10T08:00:00Z');

function oneShotFile(): ConformanceFile {
  return activationFile(
    '10 activation: OneShot',
    'One run [start, start + maxEventDuration), cut by end; offset and cooldown play no part; before it ' +
      'NotStarted (however far ahead), after it Finished',
    [
      ['one hour from 08:00', { type: T.OneShot, start: S, maxEventDuration: H }],
      ['twelve hours from 08:00', { type: T.OneShot, start: S, maxEventDuration: 12 * H }],
      [
        'one hour from 08:00, ending 08:30',
        { type: T.OneShot, start: S, end: S + 30 * MINUTE, maxEventDuration: H },
      ],
      [
        'a week from 2024-04-01',
        { type: T.OneShot, start: at('2024-04-01T00:00:00Z'), maxEventDuration: 7 * 24 * H },
      ],
      ['one second from 08:00', { type: T.OneShot, start: S, maxEventDuration: 1 }],
      [
        'one hour from 08:00, offset and cooldown set',
        { type: T.OneShot, start: S, maxEventDuration: H, scheduleOffset: 3 * H, cooldown: 600 },
      ],
      [
        'a day from 2023-01-01',
        { type: T.OneShot, start: at('2023-01-01T00:00:00Z'), maxEventDuration: 24 * H },
      ],
    ],
    [
      '2024-03-10T07:59:59.999Z',
      '2024-03-10T08:00:00.000Z',
      '2024-03-10T08:00:00.999Z',
      '2024-03-10T08:00:01.000Z',
      '2024-03-10T08:29:59.999Z',
      '2024-03-10T08:30:00.000Z',
      '2024-03-10T08:59:59.999Z',
      '2024-03-10T09:00:00.000Z',
      '2024-03-10T19:59:59.999Z',
      '2024-03-10T20:00:00.000Z',
      '2024-03-31T23:59:59.999Z',
      '2024-04-01T00:00:00.000Z',
      '2024-04-07T23:59:59.999Z',
      '2024-04-08T00:00:00.000Z',
      '2025-06-01T00:00:00.000Z',
    ],
  );
}

function continuousFile(): ConformanceFile {
  return activationFile(
    '11 activation: Continuous',
    'Runs back to back from start, cooldown apart; without cooldown they touch, so it serves until its end ' +
      '(runningUntil the end, or null without one); with a cooldown until the run ends',
    [
      ['12 h runs from 08:00, no cooldown, no end', { start: S, maxEventDuration: 12 * H }],
      ['12 h runs from 08:00, 1 h cooldown', { start: S, maxEventDuration: 12 * H, cooldown: H }],
      [
        '2 h runs, 30 min cooldown, ending 2024-03-11 00:00',
        { start: S, end: at('2024-03-11T00:00:00Z'), maxEventDuration: 2 * H, cooldown: 1_800 },
      ],
      [
        '12 h runs, no cooldown, ending 2024-03-12 10:00',
        { start: S, end: at('2024-03-12T10:00:00Z'), maxEventDuration: 12 * H },
      ],
      ['1 s runs, 1 s cooldown', { start: S, maxEventDuration: 1, cooldown: 1 }],
      [
        'a day at a time from 2024-03-15',
        { start: at('2024-03-15T00:00:00Z'), maxEventDuration: 24 * H, cooldown: 24 * H },
      ],
      ['from 1970, defaults (12 h, no cooldown)', {}],
      [
        'a year with a year of cooldown from 2023',
        { start: at('2023-01-01T00:00:00Z'), maxEventDuration: 365 * 24 * H, cooldown: 365 * 24 * H },
      ],
    ],
    [
      '2024-03-10T07:59:59.999Z',
      '2024-03-10T08:00:00.000Z',
      '2024-03-10T08:00:00.999Z',
      '2024-03-10T08:00:01.000Z',
      '2024-03-10T08:00:02.500Z',
      '2024-03-10T09:59:59.999Z',
      '2024-03-10T10:00:00.000Z',
      '2024-03-10T10:29:59.999Z',
      '2024-03-10T10:30:00.000Z',
      '2024-03-10T19:59:59.999Z',
      '2024-03-10T20:00:00.000Z',
      '2024-03-10T20:59:59.999Z',
      '2024-03-10T21:00:00.000Z',
      '2024-03-11T00:00:00.000Z',
      '2024-03-12T09:59:59.999Z',
      '2024-03-12T10:00:00.000Z',
      '2024-03-15T12:00:00.000Z',
      '2024-03-16T12:00:00.000Z',
      '2024-03-17T00:00:00.000Z',
    ],
  );
}

/** A fortnight starts 2024-03-04 00:00 UTC (a Monday: the grid's anchor plus a whole number of fortnights). */
function scheduleFile(): ConformanceFile {
  const schedule = (weeklyOffer: boolean[], more: Partial<SpecActivation> = {}): Partial<SpecActivation> => ({
    type: T.Schedule,
    weeklyOffer,
    maxEventDuration: 365 * 24 * H,
    ...more,
  });
  return activationFile(
    '12 activation: Schedule',
    'The 56 six-hour slots of a fortnight from the Monday grid (plus offset): each maximal run of selected ' +
      'slots, counted around the fortnight, is one run, shortened by maxEventDuration and cooldown; runs of ' +
      'separate slot groups never touch',
    [
      ['slot 0 (Monday of week 1, 00:00-06:00)', schedule(slots(0))],
      ['slots 25-27 (Sunday 06:00-24:00)', schedule(slots(25, 26, 27))],
      ['slots 25-27, at most 2 h', schedule(slots(25, 26, 27), { maxEventDuration: 2 * H })],
      ['slots 25-27, 1 h cooldown', schedule(slots(25, 26, 27), { cooldown: H })],
      ['slots 54, 55, 0, 1 (around the fortnight)', schedule(slots(54, 55, 0, 1))],
      ['slots 24 and 26 (two runs)', schedule(slots(24, 26))],
      ['slot 25 offset by a day (so Monday 06:00-12:00)', schedule(slots(25), { scheduleOffset: 24 * H })],
      ['slot 25, offset 1 h 30', schedule(slots(25), { scheduleOffset: 5_400 })],
      ['slot 25, 7 h cooldown (no run fits)', schedule(slots(25), { cooldown: 7 * H })],
      [
        'slots 25-27, ending 2024-03-10 15:00',
        schedule(slots(25, 26, 27), { end: at('2024-03-10T15:00:00Z') }),
      ],
      [
        'slots 25-27, from 2024-03-10 13:00',
        schedule(slots(25, 26, 27), { start: at('2024-03-10T13:00:00Z') }),
      ],
      ['every slot of week 2', schedule(Array.from({ length: 56 }, (_, slot) => slot >= 28))],
    ],
    [
      '2024-03-04T00:00:00.000Z',
      '2024-03-04T05:59:59.999Z',
      '2024-03-04T06:00:00.000Z',
      '2024-03-04T06:30:00.000Z',
      '2024-03-04T11:59:59.999Z',
      '2024-03-10T00:00:00.000Z',
      '2024-03-10T05:59:59.999Z',
      '2024-03-10T06:00:00.000Z',
      '2024-03-10T07:29:59.999Z',
      '2024-03-10T07:30:00.000Z',
      '2024-03-10T07:59:59.999Z',
      '2024-03-10T08:00:00.000Z',
      '2024-03-10T10:30:00.000Z',
      '2024-03-10T12:00:00.000Z',
      '2024-03-10T13:00:00.000Z',
      '2024-03-10T15:00:00.000Z',
      '2024-03-10T22:59:59.999Z',
      '2024-03-10T23:00:00.000Z',
      '2024-03-11T00:00:00.000Z',
      '2024-03-17T12:00:00.000Z',
      '2024-03-17T18:00:00.000Z',
      '2024-03-18T03:00:00.000Z',
      '2024-03-18T06:00:00.000Z',
    ],
  );
}

interface PeriodicType {
  name: string;
  type: number;
  /** The period in seconds, and what part of it a run may fill. */
  period: number;
  room: number;
}

const PERIODIC: PeriodicType[] = [
  { name: 'Every5Min', type: T.Every5Min, period: 300, room: 300 },
  { name: 'Every15Min', type: T.Every15Min, period: 900, room: 900 },
  { name: 'Every30Min', type: T.Every30Min, period: 1_800, room: 1_800 },
  { name: 'Hourly', type: T.Hourly, period: H, room: H },
  { name: 'Daily', type: T.Daily, period: 24 * H, room: 24 * H },
  { name: 'Weekly', type: T.Weekly, period: 7 * 24 * H, room: 7 * 24 * H },
  { name: 'EveryOther5Min', type: T.EveryOther5Min, period: 600, room: 300 },
];

function periodicFile({ name, type, period, room }: PeriodicType, index: number): ConformanceFile {
  const third = Math.max(1, Math.floor(room / 3));
  const offset = Math.floor(period / 4);
  const base = at('2024-03-11T00:00:00Z'); // a Monday: every grid of these types starts a period here
  const p = period * SECOND;
  const instants = [
    ...new Set([
      base - 1,
      base,
      base + third * SECOND - 1,
      base + third * SECOND,
      base + offset * SECOND - 1,
      base + offset * SECOND,
      base + (offset + third) * SECOND,
      base + room * SECOND - 1,
      base + room * SECOND,
      base + p - 1,
      base + p + 1,
      base + p + offset * SECOND + 1,
      base + 3 * p + 2 * SECOND,
      at('2024-03-12T00:00:00Z') - 1,
      at('2024-03-12T00:00:00Z'),
      at('2024-03-20T00:00:00Z'),
    ]),
  ].map((ms) => new Date(ms).toISOString());
  return activationFile(
    `${13 + index} activation: ${name}`,
    `Runs on the UTC grid from Monday 1970-01-05 every ${period} s, plus the offset, lasting ` +
      `min(maxEventDuration, ${room} s − cooldown); runs filling the room touch and serve until the end (or never stop)`,
    [
      ['the default 12 h (fills every room)', { type }],
      [`a third of the room (${third} s)`, { type, maxEventDuration: third }],
      [`a third, ${third} s cooldown`, { type, maxEventDuration: 2 * third, cooldown: third }],
      [`the whole room, offset ${offset} s`, { type, maxEventDuration: room, scheduleOffset: offset }],
      [`a third, offset ${offset} s`, { type, maxEventDuration: third, scheduleOffset: offset }],
      ['cooldown as long as the room (never runs)', { type, cooldown: room }],
      [
        'the whole room from Monday 00:00 + a third of the room, for a room and a third',
        {
          type,
          maxEventDuration: room,
          start: base + third * SECOND,
          end: base + (2 * third + room) * SECOND,
        },
      ],
      ['the whole room from 2024-03-15', { type, maxEventDuration: room, start: at('2024-03-15T00:00:00Z') }],
    ],
    instants,
  );
}

export const activationFiles = (): ConformanceFile[] => [
  oneShotFile(),
  continuousFile(),
  scheduleFile(),
  ...PERIODIC.map(periodicFile),
];
