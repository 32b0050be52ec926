import type { ConformanceFile } from '../spec-types.ts';
import {
  AbTestType,
  abTest,
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

// What v1/README.md says of texts and of sticky assignments of inactive tests, each test's expected
// receipt worked out by hand in its description (the reference gives the file's, which must agree):
// lengths in UTF-16 code units, the white space trimmed and refused, ASCII-only letters and case.

const EMOJI = '\u{1F600}'; // 😀: one code point, two UTF-16 code units, four UTF-8 bytes
const yes = configuration('yes', { kind: 'plugin/nuf' });

/** Plugin i gives `yes` to whoever the condition of its test i takes. */
const TEXT_CONDITIONS = [
  ['emoji-32', condition(Property.UserId, Op.Equals, EMOJI.repeat(32))],
  ['emoji-33', condition(Property.UserId, Op.NotEquals, EMOJI.repeat(33))],
  ['nbsp', condition(Property.UserId, Op.NotEquals, 'a\u00a0b')],
  ['nel', condition(Property.UserId, Op.Equals, 'nel\u0085id')],
  ['trimmed-list', condition(Property.UserId, Op.Contains, '\u3000p-1,\u2003p-2\ufeff')],
  ['platform-ios', condition(Property.Platform, Op.Equals, 'ios')],
  ['fullwidth', condition(Property.Platform, Op.NotEquals, '\uff49\uff4f\uff53')],
  ['south-sudan', condition(Property.FirstCountry, Op.Equals, 'SS')],
  ['finland', condition(Property.FirstCountry, Op.Equals, 'FI')],
] as const;

const PLUGINS_OF_TEXTS =
  'Plugins 1-9, each one condition: 1 UserId == 😀×32; 2 UserId != 😀×33; 3 UserId != "a<U+00A0>b"; ' +
  '4 UserId == "nel<U+0085>id"; 5 UserId in "<U+3000>p-1,<U+2003>p-2<U+FEFF>"; 6 Platform == ios; ' +
  '7 Platform != "ｉｏｓ" (fullwidth); 8 FirstCountry == SS; 9 FirstCountry == FI. Always invalid, so ' +
  'no-match (32) for everyone: 2 (33 emoji are 66 UTF-16 units, over 64; counted in code points it would ' +
  'be 33 and hold for all), 3 (U+00A0 is white space), 7 (ｉｏｓ are not ASCII letters). A held one gives ' +
  'yes (configuration, Running 2, case 0); a missed one no-match NotFound (32).';

function textsFile(): ConformanceFile {
  const specContent = content({
    plugins: TEXT_CONDITIONS.map(([id], index) => plugin(index + 1, [[id, ['yes']]])),
    abTests: TEXT_CONDITIONS.map(([id, each]) => abTest(id, { segment: { conditions: [each] } })),
    configurations: [yes],
  });
  const cases: CaseInput[] = [
    {
      description:
        'userId 😀×32 (64 UTF-16 units, at the bound): 1 holds (64 units, a valid entry equal to the id) → yes; ' +
        '4, 5 differ; 6-9 have no Platform or FirstCountry in the context → no-match',
      player: player(EMOJI.repeat(32)),
    },
    {
      description:
        'userId "nel<U+0085>id", Platform "<U+3000>IOS<U+00A0>": 4 holds (U+0085 is not white space, so the ' +
        'entry is valid and equal); 6 holds (both ends are trimmed white space, IOS → ios); others no-match',
      player: player('nel\u0085id', { Platform: '\u3000IOS\u00a0' }),
    },
    {
      description:
        'userId p-2, Platform "ios<U+0085>", FirstCountry ß: 5 holds (the entries trim to p-1 and p-2, U+3000, ' +
        'U+2003 and U+FEFF being white space); 6 misses (U+0085 is not trimmed); 8 misses (only ASCII ' +
        'letters change case: ß stays ß, not SS)',
      player: player('p-2', { Platform: 'ios\u0085', FirstCountry: '\u00df' }),
    },
    {
      description:
        'userId p-3, Platform İOS, FirstCountry ﬁ (U+FB01): 6 misses (İ is no ASCII letter: İOS → İos, not ' +
        'ios); 9 misses (ﬁ stays ﬁ, not FI); 5 misses (p-3 is not listed)',
      player: player('p-3', { Platform: '\u0130OS', FirstCountry: '\ufb01' }),
    },
    {
      description:
        'userId p-1, Platform IoS, FirstCountry " ss ": 5 holds (p-1 listed); 6 holds (IoS → ios); 8 holds ' +
        '(trimmed, ss → SS); 9 misses',
      player: player('p-1', { Platform: 'IoS', FirstCountry: ' ss ' }),
    },
    {
      description:
        'userId "a b" (a player id may hold white space; no UserId entry can name it): 1, 4, 5 differ; 6-9 ' +
        'absent → no-match everywhere',
      player: player('a b'),
    },
    {
      description: 'userId p-5, FirstCountry fi: 9 holds (fi → FI, an assigned code); 8 misses',
      player: player('p-5', { FirstCountry: 'fi' }),
    },
  ];
  return specFile(
    '22 texts and letters',
    `Lengths in UTF-16 code units, the white space trimmed and refused in entries, ASCII-only letters and case. ${PLUGINS_OF_TEXTS}`,
    specContent,
    cases,
  );
}

function stickyInactiveFile(): ConformanceFile {
  const halves = rangesOf([500_000, 500_000]);
  const specContent = content({
    plugins: [
      plugin(1, [
        ['sticky-off', ['a', 'b']],
        ['everyone', ['c']],
      ]),
      plugin(2, [
        ['sticky-off-unversioned', ['a']],
        ['everyone', ['c']],
      ]),
      plugin(3, [
        ['dynamic-off', ['a']],
        ['everyone', ['c']],
      ]),
    ],
    abTests: [
      abTest('sticky-off', { type: AbTestType.Sticky, active: false, ranges: halves }),
      abTest('sticky-off-unversioned', { type: AbTestType.Sticky, active: false, version: null, ranges: [] }),
      abTest('dynamic-off', { type: AbTestType.Dynamic, active: false }),
      abTest('everyone'),
    ],
    configurations: ['a', 'b', 'c'].map((id) => configuration(id, { kind: 'plugin/nuf' })),
  });
  const every =
    'every plugin: its first entry is skipped (the test is not active, assigned or not), the second ' +
    "(everyone, one case) decides case 0 → c (configuration, Running 2, abTestId 'everyone')";
  const cases: CaseInput[] = [
    {
      description: `sticky-off: 1 (inactive, version 1 of 2 cases): ${every}; kept, 1 being below its 2 cases`,
      player: player('i-1'),
      assignments: { 'sticky-off': 1 },
    },
    {
      description: `sticky-off: 2: ${every}; dropped, 2 not being below the 2 cases of its current version, inactive or not`,
      player: player('i-2'),
      assignments: { 'sticky-off': 2 },
    },
    {
      description: `sticky-off-unversioned: 7: ${every}; kept, the test having no current version to compare with`,
      player: player('i-3'),
      assignments: { 'sticky-off-unversioned': 7 },
    },
    {
      description: `dynamic-off: 0 and everyone: 0: ${every}; both dropped, neither test being sticky; sticky-off: 0 kept`,
      player: player('i-4'),
      assignments: { 'dynamic-off': 0, everyone: 0, 'sticky-off': 0 },
    },
  ];
  return specFile(
    '23 sticky assignments of inactive tests',
    'A sticky assignment never makes an inactive test decide: its entry is skipped, and the assignment ' +
      'is kept or dropped by the rule of the assignments to keep alone',
    specContent,
    cases,
  );
}

export const textFiles = (): ConformanceFile[] => [textsFile(), stickyInactiveFile()];
