import { describe, expect, it } from 'vitest';
import { loadConformanceSuite } from './load-conformance.ts';

// A second, independent check of the files' expected answers for activation windows and segments: answers
// worked out by hand from the rules of v1/README.md (the arithmetic is in each row's note), compared with
// what the files hold. The files themselves come from the reference implementation (src/reference), which
// was written from the same document; these rows guard against both reading a rule the same wrong way.

const iso = (text: string) => Date.parse(text);
const RUNNING = 2;
const FINISHED = 4;
const NOT_FOUND = 32;
const NOT_STARTED = 64;

type Row = [
  file: string,
  test: string,
  plugin: string,
  expected: { outcome: string; status: number; runningUntil?: number | null },
  note: string,
];

const rows: Row[] = [
  // OneShot: one run [start, start + D), cut by end
  [
    '10-activation-oneshot.json',
    'at 2024-03-10T07:59:59.999Z',
    'one hour from 08:00',
    { outcome: 'not-running', status: NOT_STARTED, runningUntil: null },
    'before start, a run lies ahead',
  ],
  [
    '10-activation-oneshot.json',
    'at 2024-03-10T08:00:00.000Z',
    'one hour from 08:00',
    { outcome: 'configuration', status: RUNNING, runningUntil: iso('2024-03-10T09:00:00Z') },
    '08:00 + 3600 s',
  ],
  [
    '10-activation-oneshot.json',
    'at 2024-03-10T08:30:00.000Z',
    'one hour from 08:00, ending 08:30',
    { outcome: 'not-running', status: FINISHED, runningUntil: null },
    'the end cuts the run at 08:30; none after',
  ],
  [
    '10-activation-oneshot.json',
    'at 2024-03-10T08:00:00.000Z',
    'one hour from 08:00, ending 08:30',
    { outcome: 'configuration', status: RUNNING, runningUntil: iso('2024-03-10T08:30:00Z') },
    'cut to [08:00, 08:30)',
  ],
  // Continuous: [start + k(D + C), … + D)
  [
    '11-activation-continuous.json',
    'at 2024-03-10T08:00:00.000Z',
    '12 h runs from 08:00, no cooldown, no end',
    { outcome: 'configuration', status: RUNNING, runningUntil: null },
    'C = 0, no end: runs touch, never a gap',
  ],
  [
    '11-activation-continuous.json',
    'at 2024-03-10T08:00:00.000Z',
    '12 h runs from 08:00, 1 h cooldown',
    { outcome: 'configuration', status: RUNNING, runningUntil: iso('2024-03-10T20:00:00Z') },
    '08:00 + 12 h',
  ],
  [
    '11-activation-continuous.json',
    'at 2024-03-10T08:00:00.000Z',
    '2 h runs, 30 min cooldown, ending 2024-03-11 00:00',
    { outcome: 'configuration', status: RUNNING, runningUntil: iso('2024-03-10T10:00:00Z') },
    '08:00 + 2 h',
  ],
  [
    '11-activation-continuous.json',
    'at 2024-03-10T08:00:00.000Z',
    '12 h runs, no cooldown, ending 2024-03-12 10:00',
    { outcome: 'configuration', status: RUNNING, runningUntil: iso('2024-03-12T10:00:00Z') },
    'runs touch up to the end',
  ],
  // Every5Min: grid from 1970-01-05T00:00Z + offset, P = R = 300 s, L = min(D, R − C)
  [
    '13-activation-every5min.json',
    'at 2024-03-11T00:00:00.000Z',
    'a third of the room (100 s)',
    { outcome: 'configuration', status: RUNNING, runningUntil: iso('2024-03-11T00:01:40Z') },
    'L = min(100, 300) = 100 s',
  ],
  [
    '13-activation-every5min.json',
    'at 2024-03-11T00:01:40.000Z',
    'a third of the room (100 s)',
    { outcome: 'not-running', status: NOT_STARTED, runningUntil: null },
    'between runs; next at 00:05',
  ],
  [
    '13-activation-every5min.json',
    'at 2024-03-11T00:00:00.000Z',
    'a third, 100 s cooldown',
    { outcome: 'configuration', status: RUNNING, runningUntil: iso('2024-03-11T00:03:20Z') },
    'L = min(200, 300 − 100) = 200 s',
  ],
  [
    '13-activation-every5min.json',
    'at 2024-03-11T00:01:15.000Z',
    'the whole room, offset 75 s',
    { outcome: 'configuration', status: RUNNING, runningUntil: null },
    'L = 300 s = P: runs touch',
  ],
  // Schedule: 2024-03-04 is 19,782 days = 1,413 fortnights after 1970-01-05, so slot 0 of a fortnight
  [
    '12-activation-schedule.json',
    'at 2024-03-04T00:00:00.000Z',
    'slot 0 (Monday of week 1, 00:00-06:00)',
    { outcome: 'configuration', status: RUNNING, runningUntil: iso('2024-03-04T06:00:00Z') },
    'one 6 h slot',
  ],
  [
    '12-activation-schedule.json',
    'at 2024-03-04T06:00:00.000Z',
    'slot 0 (Monday of week 1, 00:00-06:00)',
    { outcome: 'not-running', status: NOT_STARTED, runningUntil: null },
    'next run a fortnight later',
  ],
  // Segments: a condition on a property the context lacks never holds, != included
  [
    '03-segment-clientversion.json',
    'no ClientVersion: no condition holds, != included',
    'ClientVersion != "1.2"',
    { outcome: 'no-match', status: NOT_FOUND },
    'absent property',
  ],
  [
    '03-segment-clientversion.json',
    'ClientVersion "1.2.0" (equal to 1.2)',
    'ClientVersion == "1.2"',
    { outcome: 'configuration', status: RUNNING },
    'a missing group counts as 0',
  ],
  [
    '03-segment-clientversion.json',
    'ClientVersion "1.10" (greater than 1.9)',
    'ClientVersion != "1.2"',
    { outcome: 'configuration', status: RUNNING },
    '1.10 ≠ 1.2 group by group',
  ],
  [
    '03-segment-platform.json',
    'Platform " iOS " (trimmed)',
    'Platform == "IOS"',
    { outcome: 'configuration', status: RUNNING },
    'both sides trimmed and lower-cased',
  ],
  [
    '03-segment-platform.json',
    'Platform "ios"',
    'Platform > "ios"',
    { outcome: 'no-match', status: NOT_FOUND },
    '> is not allowed on Platform: invalid, never holds',
  ],
  [
    '03-segment-purchaseamount.json',
    'PurchaseAmount 0',
    'PurchaseAmount > "-1"',
    { outcome: 'no-match', status: NOT_FOUND },
    '-1 is below 0: invalid condition',
  ],
  [
    '03-segment-purchaseamount.json',
    'PurchaseAmount 0.30000000000000004 (0.1 + 0.2: not 0.3)',
    'PurchaseAmount == "0.3"',
    { outcome: 'no-match', status: NOT_FOUND },
    'doubles compared exactly',
  ],
  [
    '03-segment-payer.json',
    'Payer true',
    'Payer == "TRUE"',
    { outcome: 'configuration', status: RUNNING },
    'true in any case',
  ],
  [
    '03-segment-payer.json',
    'Payer false',
    'Payer != "False"',
    { outcome: 'no-match', status: NOT_FOUND },
    'false equals False',
  ],
];

describe('answers worked out by hand from the rules', () => {
  const suite = new Map(loadConformanceSuite('v1').map((file) => [file.file, file]));
  it.each(rows)('%s: %s, %s', (file, description, pluginName, expected, _note) => {
    const test = suite.get(file)?.tests.find((candidate) => candidate.description === description);
    expect(test, `${file}: no test "${description}"`).toBeDefined();
    const plugin = test!.expected.plugins.find((candidate) => candidate.pluginName === pluginName);
    expect(plugin, `no plugin "${pluginName}"`).toBeDefined();
    expect(plugin).toMatchObject(expected);
  });
});

// Files 22 and 23: which plugins give their configuration to each test's player, and the assignments
// to keep, as each test's description works them out.
const handWorked: [file: string, descriptionStart: string, giving: number[], kept: Record<string, number>][] =
  [
    ['22-texts-and-letters.json', 'userId 😀×32', [1], {}],
    ['22-texts-and-letters.json', 'userId "nel<U+0085>id"', [4, 6], {}],
    ['22-texts-and-letters.json', 'userId p-2,', [5], {}],
    ['22-texts-and-letters.json', 'userId p-3,', [], {}],
    ['22-texts-and-letters.json', 'userId p-1,', [5, 6, 8], {}],
    ['22-texts-and-letters.json', 'userId "a b"', [], {}],
    ['22-texts-and-letters.json', 'userId p-5,', [9], {}],
    ['23-sticky-assignments-of-inactive-tests.json', 'sticky-off: 1 ', [1, 2, 3], { 'sticky-off': 1 }],
    ['23-sticky-assignments-of-inactive-tests.json', 'sticky-off: 2:', [1, 2, 3], {}],
    [
      '23-sticky-assignments-of-inactive-tests.json',
      'sticky-off-unversioned: 7',
      [1, 2, 3],
      { 'sticky-off-unversioned': 7 },
    ],
    ['23-sticky-assignments-of-inactive-tests.json', 'dynamic-off: 0', [1, 2, 3], { 'sticky-off': 0 }],
  ];

describe('texts, letters and inactive sticky tests, worked out by hand', () => {
  const suite = new Map(loadConformanceSuite('v1').map((file) => [file.file, file]));
  it.each(handWorked)('%s: %s', (file, descriptionStart, giving, kept) => {
    const tests =
      suite.get(file)?.tests.filter((test) => test.description.startsWith(descriptionStart)) ?? [];
    expect(tests).toHaveLength(1);
    const { expected } = tests[0]!;
    expect(
      expected.plugins
        .filter((plugin) => plugin.outcome === 'configuration')
        .map((plugin) => plugin.pluginId),
    ).toEqual(giving);
    // every other plugin: no-match with NotFound (22), as no entry broke
    for (const plugin of expected.plugins.filter((each) => each.outcome !== 'configuration'))
      expect(plugin).toMatchObject({ outcome: 'no-match', status: NOT_FOUND, abTestId: null });
    expect(expected.assignments).toEqual(kept);
  });
});
