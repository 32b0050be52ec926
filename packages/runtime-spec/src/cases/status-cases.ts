import type { ConformanceFile } from '../spec-types.ts';
import {
  abTest,
  at,
  type CaseInput,
  configuration,
  content,
  player,
  plugin,
  specFile,
  ActivationType as T,
} from './builders.ts';

// The world event statuses a running configuration can have: Running, or MatchMakingClosed from its
// matchmaking's close percentage of the run on (a Daily run 10:00-14:00 here), with the percentages at
// their edges, values that are not a whole percentage, a run cut by the configuration's end, and a
// kind without activation; then every status once, side by side.

const H = 3_600;
const DAILY = { type: T.Daily, maxEventDuration: 4 * H, scheduleOffset: 10 * H };
const withClose = (closePct: unknown) => ({
  id: 'x',
  matchmaking: { algorithm: 1, groupSize: 5, closePct, openAtActivationEnd: false },
});

function matchmakingFile(): ConformanceFile {
  const variants: [string, Parameters<typeof configuration>[1]][] = [
    ['close at 1%', { activation: DAILY, data: withClose(1) }],
    ['close at 25%', { activation: DAILY, data: withClose(25) }],
    ['close at 50%', { activation: DAILY, data: withClose(50) }],
    ['close at 99%', { activation: DAILY, data: withClose(99) }],
    ['close at 100% (only when the run is over)', { activation: DAILY, data: withClose(100) }],
    ['closePct 0 (not a percentage: never closes)', { activation: DAILY, data: withClose(0) }],
    ['closePct 50.5 (not whole: never closes)', { activation: DAILY, data: withClose(50.5) }],
    ['closePct "50" (a text: never closes)', { activation: DAILY, data: withClose('50') }],
    ['no matchmaking', { activation: DAILY, data: { id: 'x' } }],
    [
      'close at 50% of a run cut at 12:00 by the end',
      { activation: { ...DAILY, end: at('2024-03-10T12:00:00Z') }, data: withClose(50) },
    ],
    ['a kind without activation, close at 1%', { kind: 'plugin/nuf', activation: DAILY, data: withClose(1) }],
  ];
  const specContent = content({
    plugins: variants.map(([label], index) => ({
      ...plugin(index + 1, [['everyone', [`mm-${index + 1}`]]]),
      name: label,
    })),
    abTests: [abTest('everyone')],
    configurations: variants.map(([, fields], index) => configuration(`mm-${index + 1}`, fields)),
  });
  const instants = [
    '2024-03-10T09:59:59.999Z',
    '2024-03-10T10:00:00.000Z',
    '2024-03-10T10:02:23.999Z',
    '2024-03-10T10:02:24.000Z',
    '2024-03-10T10:59:59.999Z',
    '2024-03-10T11:00:00.000Z',
    '2024-03-10T11:00:00.001Z',
    '2024-03-10T11:59:59.999Z',
    '2024-03-10T12:00:00.000Z',
    '2024-03-10T13:57:35.999Z',
    '2024-03-10T13:57:36.000Z',
    '2024-03-10T13:59:59.999Z',
    '2024-03-10T14:00:00.000Z',
  ];
  const cases = instants.map(
    (instant): CaseInput => ({ description: `at ${instant}`, player: player('mm'), at: at(instant) }),
  );
  return specFile(
    '20 status: matchmaking',
    'A configuration that runs is Running, or MatchMakingClosed from data.matchmaking.closePct percent of ' +
      'the window holding the instant on ((at − start) × 100 ≥ (end − start) × closePct); a closePct that ' +
      'is not a whole number from 1 to 100 never closes; a kind without activation never closes',
    specContent,
    cases,
  );
}

function everyStatusFile(): ConformanceFile {
  const specContent = content({
    plugins: [
      { ...plugin(1, [['everyone', ['running']]]), name: 'Running' },
      { ...plugin(2, [['everyone', ['closing']]]), name: 'MatchMakingClosed' },
      { ...plugin(3, [['everyone', ['later']]]), name: 'NotStarted' },
      { ...plugin(4, [['everyone', ['over']]]), name: 'Finished' },
      { ...plugin(5, [['everyone', ['senior']]]), name: 'LevelUp' },
      { ...plugin(6, [['everyone', ['running']]], false), name: 'NotActive (switched off)' },
      { ...plugin(7, [['everyone', ['switched-off']]]), name: 'NotActive (configuration off)' },
      { ...plugin(8, [['everyone', ['']]]), name: 'NotFound (empty case)' },
      { ...plugin(9, [['nobody', ['running']]]), name: 'NotFound (no entry takes the player)' },
      { ...plugin(10, [['gone', ['running']]]), name: 'Error (A/B-test missing)' },
      { ...plugin(11, [['holes', ['running']]]), name: 'Error or Running (no case owns half the buckets)' },
    ],
    abTests: [
      abTest('everyone'),
      abTest('nobody', { segment: { conditions: [{ property: 30, op: 1, value: 'somebody-else' }] } }),
      abTest('holes', {
        ranges: [
          [
            [0, 250_000],
            [500_000, 750_000],
          ],
        ],
      }),
    ],
    configurations: [
      configuration('running', { activation: DAILY }),
      configuration('closing', { activation: DAILY, data: withClose(10) }),
      configuration('later', {
        activation: { type: T.OneShot, start: at('2024-06-01T00:00:00Z'), maxEventDuration: H },
      }),
      configuration('over', {
        activation: { type: T.OneShot, start: at('2024-01-01T00:00:00Z'), maxEventDuration: H },
      }),
      configuration('senior', { activation: { ...DAILY, minLevel: 50 } }),
    ],
  });
  const cases: CaseInput[] = [];
  for (const [userId, level] of [
    ['status-1', undefined],
    ['status-2', 49],
    ['status-3', 50],
    ['status-4', 200],
    ['status-5', undefined],
    ['status-6', 7],
  ] as const) {
    for (const instant of ['2024-03-10T12:00:00.000Z', '2024-03-10T15:00:00.000Z']) {
      cases.push({
        description: `player "${userId}", level ${level ?? 'absent (1)'}, at ${instant}: every status side by side`,
        player: player(userId, {}, level),
        at: at(instant),
      });
    }
  }
  return specFile(
    '21 status: every status',
    'Each world event status side by side: Running, MatchMakingClosed, NotStarted, Finished, LevelUp, ' +
      'NotActive (plugin or configuration switched off), NotFound (empty case, no entry) and Error',
    specContent,
    cases,
  );
}

export const statusFiles = (): ConformanceFile[] => [matchmakingFile(), everyStatusFile()];
