import { bucket } from '../reference/bucket.ts';
import type { ConformanceFile } from '../spec-types.ts';
import {
  abTest,
  type CaseInput,
  configuration,
  content,
  player,
  plugin,
  rangesOf,
  specFile,
} from './builders.ts';

// Buckets and case ranges: the hash vectors pinned to single buckets, deciles over many player ids,
// ranges as a re-split leaves them (several per case, out of order), range ends, gaps and empty ranges.

/** salt, userId, bucket: the vectors of the README's section 1 and of the console's decisions. */
const VECTORS: [string, string, number][] = [
  ['spring-sale', 'player-1', 939577],
  ['spring-sale', 'player-2', 234881],
  ['spring-sale', '42', 595779],
  ['spring-sale', '1000000', 65201],
  ['gold-rush', 'player-1', 812725],
  ['gold-rush', 'a', 97160],
  ['gold-rush', 'abcd', 498146],
  ['gold-rush', 'abcde', 768104],
  ['x', '0', 766037],
  ['', 'user', 790389],
  ['7f3a9c2e-1b4d-4e8f-9a6b-2c1d0e9f8a7b', 'P123456789', 6640],
  ['winter', 'joueur-é', 105208],
  ['winter', '玩家', 529908],
  ['winter', '🎮gamer', 566669],
];

const DECILES = rangesOf(Array.from({ length: 10 }, () => 100_000));
const PLAYER_IDS = [
  'a',
  'b',
  'p',
  'player-3',
  'player-4',
  'player-10',
  'player-11',
  'player-99',
  'player-100',
  'player-12345',
  'P-1',
  'p-1',
  ' p-1',
  'user@example.com',
  '0',
  '00',
  '000',
  '0000',
  '00000',
  '9007199254740993',
  'Ünïcödé',
  'игрок',
  'プレイヤー',
  '🎮',
  '🎮🎮🎮🎮',
  'x'.repeat(63),
  'y'.repeat(64),
  'tab\there',
  'quote"and\\slash',
  'a:b',
  'spring-sale:player-1',
  'ÿ',
  'Ω',
  '\u00e9',
  'e\u0301',
  'last-player',
];

function bucketsFile(): ConformanceFile {
  const tests = VECTORS.map(([salt, , pinned], index) =>
    abTest(`pin-${index + 1}`, {
      salt,
      ranges: [[[0, pinned]], [[pinned, pinned + 1]], [[pinned + 1, 1_000_000]]],
    }),
  );
  const plugins = tests.map((test, index) => plugin(index + 1, [[test.id, ['', 'in-the-bucket', '']]]));
  plugins.push(plugin(20, [['deciles', []]]), plugin(21, [['unicode-salt', []]]));
  const specContent = content({
    plugins,
    abTests: [
      ...tests,
      abTest('deciles', { ranges: DECILES, salt: 'decile-test' }),
      abTest('unicode-salt', { ranges: DECILES, salt: 'sel-ñ-🎲' }),
    ],
    configurations: [configuration('in-the-bucket', { kind: 'plugin/nuf' })],
  });
  const cases: CaseInput[] = [
    ...VECTORS.map(
      ([salt, userId, pinned]): CaseInput => ({
        description: `bucket of "${userId}" under salt "${salt}" is ${pinned}: the test pinned to it gives case 1`,
        player: player(userId),
      }),
    ),
    ...PLAYER_IDS.map(
      (userId): CaseInput => ({
        description: `player id ${JSON.stringify(userId)}: its decile under two salts (bucket ${bucket('decile-test', userId)} and ${bucket('sel-ñ-🎲', userId)})`,
        player: player(userId),
      }),
    ),
  ];
  return specFile(
    '01 buckets',
    'MurmurHash3 x86_32 of UTF-8 salt:userId scaled to a million buckets: the vectors, each pinned to a ' +
      'one-bucket case, and deciles over varied player ids (Unicode, separators, long ids)',
    specContent,
    cases,
  );
}

/** Players whose buckets (in the test 'edges', salt 'edges') the range ends are placed at. */
const EDGE_PLAYERS = ['edge-1', 'edge-2', 'edge-3'];

function rangesFile(): ConformanceFile {
  const [e1, e2, e3] = EDGE_PLAYERS.map((id) => bucket('edges', id)).sort((a, b) => a - b) as [
    number,
    number,
    number,
  ];
  // a four-case test re-split from 25% each to 40/20/20/20: cases 1-3 gave up their highest buckets,
  // case 0 took the lowest free ones: several ranges per case, listed out of order
  const resplit: [number, number][][] = [
    [
      [950_000, 1_000_000],
      [0, 250_000],
      [700_000, 750_000],
      [450_000, 500_000],
    ],
    [[250_000, 450_000]],
    [[500_000, 700_000]],
    [[750_000, 950_000]],
  ];
  const specContent = content({
    plugins: [
      plugin(1, [['resplit', ['', 'c1', 'c2', 'c3']]]),
      // a range's start is in it, its end is not; empty and reversed ranges own nothing
      plugin(2, [['edges', ['', 'c1', 'c2', 'c3']]]),
      // buckets no case owns: the entry is skipped (content that cannot be resolved), the next decides
      plugin(3, [
        ['gappy', ['c1']],
        ['everyone', ['c2']],
      ]),
      plugin(4, [['gappy', ['c1']]]),
      plugin(5, [['three-way', ['c1', 'c2', 'c3']]]),
    ],
    abTests: [
      abTest('resplit', { ranges: resplit, salt: 'resplit' }),
      // the edge players' buckets e1 < e2 < e3: e1 starts case 1, e2 ends case 2 (so it is in case 3),
      // e3 starts the last range of case 0
      abTest('edges', {
        salt: 'edges',
        ranges: [
          [
            [0, e1],
            [e3, 1_000_000],
          ],
          [
            [e1, e1 + 1],
            [5, 5],
            [900, 300],
          ],
          [[e1 + 1, e2]],
          [[e2, e3]],
        ],
      }),
      abTest('gappy', { salt: 'gappy', ranges: [[[0, 500_000]]] }),
      abTest('everyone', { salt: 'everyone' }),
      abTest('three-way', { salt: 'three-way', ranges: rangesOf([333_333, 333_333, 333_334]) }),
    ],
    configurations: ['c1', 'c2', 'c3'].map((id) => configuration(id, { kind: 'plugin/nuf' })),
  });
  const ids = [...EDGE_PLAYERS, ...Array.from({ length: 36 }, (_, index) => `ranges-${index * 37}`)];
  const cases = ids.map(
    (userId): CaseInput => ({
      description:
        `player "${userId}": buckets resplit ${bucket('resplit', userId)}, edges ${bucket('edges', userId)}, ` +
        `gappy ${bucket('gappy', userId)}, three-way ${bucket('three-way', userId)}` +
        (EDGE_PLAYERS.includes(userId) ? ' (a range boundary lies on its bucket in test edges)' : ''),
      player: player(userId),
    }),
  );
  return specFile(
    '02 ranges',
    'Case ranges: several per case in any order (as a re-split leaves them), start in and end out, empty ' +
      'and reversed ranges owning nothing, and buckets no case owns (the entry is skipped; alone: Error)',
    specContent,
    cases,
  );
}

export const bucketingFiles = (): ConformanceFile[] => [bucketsFile(), rangesFile()];
