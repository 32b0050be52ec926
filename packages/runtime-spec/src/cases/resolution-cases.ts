import type { ConformanceFile } from '../spec-types.ts';
import {
  AbTestType,
  ActivationType,
  abTest,
  at,
  type CaseInput,
  condition,
  configuration,
  content,
  Op,
  Property,
  player,
  plugin,
  rangesOf,
  specFile,
} from './builders.ts';

// Which entry decides and what its case gives: entry order and skip reasons, empty control cases,
// entries pinned to older versions, configurations missing, sticky and dynamic tests, the minimum level,
// switched-off plugins.

const iosOnly = { segment: { conditions: [condition(Property.Platform, Op.Equals, 'ios')] } };
const nuf = (id: string) => configuration(id, { kind: 'plugin/nuf' });
const players = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => `${prefix}-${index * 13 + 1}`);

function entryOrderFile(): ConformanceFile {
  const specContent = content({
    plugins: [
      plugin(1, [
        ['gone', ['c1']],
        ['sleeping', ['c2']],
        ['unversioned', ['c3']],
        ['ios-only', ['c4']],
        ['everyone', ['c5']],
      ]),
      plugin(2, [
        ['ios-only', ['c4']],
        ['control-first', ['']],
        ['everyone', ['c5']],
      ]),
      plugin(3, [['gone', ['c1']]]),
      plugin(4, [
        ['sleeping', ['c2']],
        ['unversioned', ['c3']],
      ]),
      plugin(5, [['ios-only', ['c4']]]),
      plugin(6, [
        ['half', ['c1']],
        ['everyone', ['c5']],
      ]),
      plugin(7, [['half', ['c1']]]),
      plugin(8, []),
      plugin(9, [
        ['ios-only', ['c4']],
        ['gone', ['c1']],
      ]),
      plugin(10, [
        ['ios-only', ['c4']],
        ['ios-only', ['c5']],
      ]),
    ],
    abTests: [
      abTest('sleeping', { active: false }),
      abTest('unversioned', { version: null, ranges: [] }),
      abTest('ios-only', iosOnly),
      abTest('everyone'),
      abTest('control-first'),
      abTest('half', { ranges: [[[0, 500_000]]] }),
    ],
    configurations: ['c1', 'c2', 'c3', 'c4', 'c5'].map(nuf),
  });
  const cases: CaseInput[] = [];
  for (const userId of players('order', 8)) {
    for (const platform of ['ios', 'android']) {
      cases.push({
        description: `${platform} player "${userId}": entries tried in order, skipped ones explained by the statuses`,
        player: player(userId, { Platform: platform }),
      });
    }
  }
  return specFile(
    '05 entry order',
    'Entries are tried in order: a missing A/B-test, an inactive one, one without a version, a segment ' +
      'that does not take the player or a bucket no case owns skip the entry; the first entry not skipped ' +
      'decides, also when its case gives nothing (no second chance); no-match is Error when a skip came ' +
      'from broken content, else NotFound',
    specContent,
    cases,
  );
}

function casesAndSlotsFile(): ConformanceFile {
  const thirds = rangesOf([333_333, 333_333, 333_334]);
  const specContent = content({
    plugins: [
      plugin(1, [['thirds', ['', 'c1', 'c2']]]),
      plugin(2, [['pinned', ['a', 'b'], 1]]),
      plugin(3, [['thirds', ['c1', 'switched-off', 'c2']]]),
      plugin(4, [['thirds', ['nuf', 'nuf', 'nuf']]]),
      plugin(5, [['thirds', []]]),
      plugin(6, [['pinned', ['a', 'b', '', 'c2'], 2]]),
    ],
    abTests: [
      abTest('thirds', { ranges: thirds }),
      // the current version 2 has four cases; the entry of plugin 2 was added with version 1, two cases
      abTest('pinned', { version: 2, ranges: rangesOf([250_000, 250_000, 250_000, 250_000]) }),
    ],
    configurations: [nuf('c1'), nuf('c2'), nuf('a'), nuf('b'), nuf('nuf')],
  });
  const cases = players('slot', 24).map(
    (userId): CaseInput => ({
      description: `player "${userId}": the case's slot gives a configuration, the default (empty or past the entry's slots) or a missing one`,
      player: player(userId),
    }),
  );
  return specFile(
    '06 cases and slots',
    'A case gives the configuration of its slot: "" (an empty control case) or a case index past the ' +
      "entry's slots (an entry pinned to an older version with fewer cases) give the default (NotFound); " +
      'an id the snapshot lacks (a switched-off configuration) gives the default with NotActive',
    specContent,
    cases,
  );
}

function stickyFile(): ConformanceFile {
  const halves = rangesOf([500_000, 500_000]);
  const quarters = rangesOf([250_000, 250_000, 250_000, 250_000]);
  const specContent = content({
    plugins: [
      plugin(1, [['sticky-ios', ['a', 'b']]]),
      plugin(2, [['sticky-all', ['a', 'b', 'c', 'd']]]),
      plugin(3, [['dynamic', ['a', 'b']]]),
      plugin(4, [['rollout', ['', 'b']]]),
      plugin(5, [
        ['sticky-off', ['a']],
        ['everyone', ['b']],
      ]),
      plugin(6, [
        ['dynamic-ios', ['a']],
        ['sticky-all', ['', 'b', 'c', 'd']],
      ]),
      plugin(7, [['sticky-all', ['d', 'c', 'b', 'a']]]),
    ],
    abTests: [
      abTest('sticky-ios', { type: AbTestType.Sticky, ranges: halves, ...iosOnly }),
      abTest('sticky-all', { type: AbTestType.Sticky, ranges: quarters }),
      abTest('dynamic', { type: AbTestType.Dynamic, ranges: halves }),
      abTest('rollout', { type: AbTestType.Rollout, ranges: rangesOf([800_000, 200_000]) }),
      abTest('sticky-off', { type: AbTestType.Sticky, active: false }),
      abTest('sticky-unversioned', { type: AbTestType.Sticky, version: null, ranges: [] }),
      abTest('dynamic-ios', iosOnly),
      abTest('everyone'),
    ],
    configurations: ['a', 'b', 'c', 'd'].map(nuf),
  });
  const ios = { Platform: 'ios' };
  const android = { Platform: 'android' };
  const cases: CaseInput[] = [
    {
      description: 'no assignments: each sticky test reached assigns the case of the bucket',
      player: player('s-1', ios),
    },
    {
      description: 'no assignments, not in the sticky segment: not assigned',
      player: player('s-1', android),
    },
    ...players('sticky', 6).map((userId) => ({
      description: `no assignments, player "${userId}": assigned by bucket`,
      player: player(userId, ios),
    })),
    {
      description:
        'a kept case decides without segment or bucket: an Android player keeps case 1 of the iOS-only test',
      player: player('s-1', android),
      assignments: { 'sticky-ios': 1 },
    },
    {
      description: 'a kept case 0 while the bucket would give another',
      player: player('s-2', ios),
      assignments: { 'sticky-ios': 0, 'sticky-all': 3 },
    },
    {
      description: 'an assignment to a case that no longer exists is dropped and the player evaluated afresh',
      player: player('s-3', ios),
      assignments: { 'sticky-ios': 5, 'sticky-all': 4 },
    },
    {
      description: 'a dropped assignment, not in the segment any more: not assigned again',
      player: player('s-3', android),
      assignments: { 'sticky-ios': 2 },
    },
    {
      description: 'dynamic and rollout tests ignore assignments and drop them from the answer',
      player: player('s-4', android),
      assignments: { dynamic: 1, rollout: 1 },
    },
    {
      description:
        'assignments of tests the snapshot lacks, and of sticky tests inactive or without version, are kept',
      player: player('s-5', android),
      assignments: { 'not-published': 2, 'sticky-off': 0, 'sticky-unversioned': 7 },
    },
    {
      description: 'an inactive sticky test is skipped although assigned; the next entry decides',
      player: player('s-6', ios),
      assignments: { 'sticky-off': 0 },
    },
    {
      description:
        'entry order still rules: an earlier entry that takes the player wins over a kept sticky case',
      player: player('s-7', ios),
      assignments: { 'sticky-all': 2 },
    },
    {
      description: 'the same kept case in every plugin using the sticky test',
      player: player('s-7', android),
      assignments: { 'sticky-all': 1 },
    },
    {
      description: 'several assignments at once',
      player: player('s-8', ios),
      assignments: { 'sticky-ios': 0, 'sticky-all': 2, dynamic: 0, gone: 1 },
    },
  ];
  return specFile(
    '07 sticky and dynamic',
    'Sticky tests (0) keep an assigned case without looking at segment or bucket, drop an assignment whose ' +
      'case is gone and assign afresh from the bucket; dynamic (10) and rollout (20) tests ignore and drop ' +
      'assignments; the assignments to keep',
    specContent,
    cases,
  );
}

function minLevelFile(): ConformanceFile {
  const daily = { type: ActivationType.Daily, maxEventDuration: 4 * 3_600, scheduleOffset: 10 * 3_600 };
  const specContent = content({
    plugins: [1, 2, 3, 4, 5].map((id) => plugin(id, [['everyone', [`level-${id}`]]])),
    abTests: [abTest('everyone')],
    configurations: [
      configuration('level-1', { activation: { minLevel: 1 } }),
      configuration('level-2', { activation: { minLevel: 10 } }),
      configuration('level-3', { activation: { minLevel: 60 } }),
      configuration('level-4', { activation: { ...daily, minLevel: 60 } }),
      configuration('level-5', { kind: 'plugin/nuf', activation: { minLevel: 60 } }),
    ],
  });
  const cases: CaseInput[] = [];
  for (const level of [undefined, 1, 9, 10, 11, 59, 60, 61, 1_000_000]) {
    for (const when of [at('2024-03-10T11:00:00Z'), at('2024-03-10T15:00:00Z')]) {
      cases.push({
        description: `level ${level ?? 'absent (1)'} at ${new Date(when).toISOString()}: minimum levels 1, 10, 60, 60 (Daily 10:00-14:00), 60 (plugin/nuf)`,
        player: player('levels', {}, level),
        at: when,
      });
    }
  }
  return specFile(
    '08 minimum level',
    'A running configuration gives the player nothing below its minLevel (LevelUp); a player without a ' +
      'level is level 1; a configuration that does not run says so whatever the level; plugin/nuf has no level',
    specContent,
    cases,
  );
}

function disabledFile(): ConformanceFile {
  const specContent = content({
    plugins: [
      plugin(1, [['sticky-all', ['a', 'b']]], false),
      plugin(2, [], false),
      plugin(3, [['everyone', ['a']]]),
      plugin(4, [['gone', ['a']]], false),
      plugin(5, [['sticky-all', ['b', 'a']]]),
    ],
    abTests: [
      abTest('sticky-all', { type: AbTestType.Sticky, ranges: rangesOf([500_000, 500_000]) }),
      abTest('everyone'),
    ],
    configurations: [nuf('a'), nuf('b')],
  });
  const cases: CaseInput[] = [
    ...players('off', 5).map((userId) => ({
      description: `player "${userId}": switched-off plugins give nothing (NotActive), whatever their entries`,
      player: player(userId),
    })),
    {
      description:
        'a switched-off plugin reaches no entry: its sticky test is assigned by the plugin that is on',
      player: player('off-x'),
      assignments: { 'sticky-all': 1 },
    },
  ];
  return specFile(
    '09 switched-off plugins',
    'A plugin switched off (enabled false) gives nothing and is NotActive, whatever its entries',
    specContent,
    cases,
  );
}

export const resolutionFiles = (): ConformanceFile[] => [
  entryOrderFile(),
  casesAndSlotsFile(),
  stickyFile(),
  minLevelFile(),
  disabledFile(),
];
