import { describe, expect, it } from 'vitest';
import { ConstructionItem } from '../enums.ts';
import {
  CONFIG_DATA_SCHEMAS,
  configDataSchema,
  configDataSchemaOf,
  defaultConfigData,
} from './config-data.schemas.ts';
import { CONFIG_KIND_IDS, CONFIG_KINDS, type ConfigKindId, configKindOf } from './config-kinds.ts';
import { CONSTRUCTION_ITEMS, resolveConstructionItem } from './construction-items.ts';
import { resolveTierMatchmaking } from './matchmaking.schemas.ts';

type Path = readonly (string | number)[];
type Json = Record<string, unknown>;

/** A savable data object of the kind: its defaults, plus one product for offers. */
function validData(kind: ConfigKindId): Json {
  const data = structuredClone(defaultConfigData(kind)) as Json;
  if (configKindOf(kind).family === 'offer') data.productIdList = [{ productId: 42, target: 3 }];
  return data;
}

function withValue(data: Json, path: Path, value: unknown): Json {
  const copy = structuredClone(data);
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

function valueAt(data: unknown, path: Path): unknown {
  return path.reduce((node, key) => (node as Record<string | number, unknown>)[key], data);
}

const issuesOf = (kind: ConfigKindId, data: unknown): [string, string][] =>
  (configDataSchemaOf(kind).safeParse(data).error?.issues ?? []).map((issue) => [
    issue.path.join('.'),
    issue.message,
  ]);

interface Bound {
  readonly kind: ConfigKindId;
  readonly path: Path;
  readonly label: string;
  readonly min: number;
  readonly max: number;
  /** the default when omitted, or 'required' */
  readonly fallback: number | 'required' | 'optional';
  readonly unit?: 'seconds' | 'decimal';
  readonly text?: (n: number) => string;
}

const days = (n: number) => `${n / 86_400}d`;
const seconds = (n: number) => (n % 86_400 === 0 ? days(n) : `${n}s`);

// Every numeric bound and default, one row each.
const BOUNDS: readonly Bound[] = [
  ...(['ar', 'er', 'eoc'] as const).flatMap((kind): Bound[] => [
    { kind, path: ['scoreTarget'], label: 'Race length', min: 1, max: 150, fallback: 10 },
    { kind, path: ['matchmaking', 'groupSize'], label: 'Group size', min: 1, max: 150, fallback: 5 },
    { kind, path: ['matchmaking', 'closePct'], label: 'Close %', min: 1, max: 100, fallback: 100 },
    {
      kind,
      path: ['bot', 'prs'],
      label: 'Progress Rate per second',
      min: 0,
      max: 100,
      fallback: 'required',
      unit: 'decimal',
    },
    { kind, path: ['bot', 'losePct'], label: 'Lose race %', min: 0, max: 100, fallback: 'required' },
    {
      kind,
      path: ['tiers', 0, 'matchmaking', 'groupSize'],
      label: 'Group size',
      min: 1,
      max: 150,
      fallback: 'optional',
    },
    {
      kind,
      path: ['tiers', 0, 'matchmaking', 'closePct'],
      label: 'Close %',
      min: 1,
      max: 100,
      fallback: 'optional',
    },
  ]),
  { kind: 'ar', path: ['tiers', 0, 'rotations'], label: 'Rotations', min: 1, max: 10, fallback: 5 },
  { kind: 'er', path: ['tiers', 0, 'rotations'], label: 'Rotations', min: 1, max: 10, fallback: 5 },
  { kind: 'duel', path: ['raceProbability'], label: 'Chance in percent', min: 1, max: 100, fallback: 20 },
  ...(['ws', 'ds'] as const).map(
    (kind): Bound => ({
      kind,
      path: ['tiers', 0, 'numberOfItems'],
      label: 'Number of levels',
      min: 0,
      max: 1000,
      fallback: 3,
    }),
  ),
  ...(['build', 'break'] as const).flatMap((kind): Bound[] => [
    { kind, path: ['matchmaking', 'groupSize'], label: 'Group size', min: 1, max: 150, fallback: 5 },
    { kind, path: ['matchmaking', 'closePct'], label: 'Close %', min: 1, max: 100, fallback: 100 },
    { kind, path: ['multipliers', 'hard'], label: 'Hard level', min: 1, max: 10, fallback: 1 },
    { kind, path: ['multipliers', 'superHard'], label: 'Super hard level', min: 1, max: 10, fallback: 1 },
    { kind, path: ['multipliers', 'special'], label: 'Special level', min: 1, max: 10, fallback: 1 },
  ]),
  ...CONFIG_KINDS.filter((definition) => definition.family === 'offer').flatMap((definition): Bound[] => [
    {
      kind: definition.id,
      path: ['showFrequency'],
      label: 'Show offer frequency',
      min: 1,
      max: 365 * 86_400,
      fallback: 86_400,
      unit: 'seconds',
      text: seconds,
    },
    {
      kind: definition.id,
      path: ['productIdList', 0, 'productId'],
      label: 'Product Id',
      min: 1,
      max: 1_000_000,
      fallback: 'required',
    },
    {
      kind: definition.id,
      path: ['productIdList', 0, 'target'],
      label: 'Target',
      min: 0,
      max: 1_000_000,
      fallback: 'required',
    },
  ]),
];

describe.each(BOUNDS)(
  '$kind $path: $label $min-$max',
  ({ kind, path, label, min, max, fallback, unit, text = String }) => {
    const key = path.join('.');
    const base = validData(kind);
    it('accepts both ends', () => {
      expect(issuesOf(kind, withValue(base, path, min))).toEqual([]);
      expect(issuesOf(kind, withValue(base, path, max))).toEqual([]);
    });
    it('refuses just outside, naming the label', () => {
      expect(issuesOf(kind, withValue(base, path, min - 1))).toEqual([
        [key, `${label} must be at least ${text(min)}`],
      ]);
      expect(issuesOf(kind, withValue(base, path, max + 1))).toEqual([
        [key, `${label} must be at most ${text(max)}`],
      ]);
    });
    it(unit === 'decimal' ? 'accepts fractions' : 'refuses fractions', () => {
      const result = issuesOf(kind, withValue(base, path, min + 0.5));
      if (unit === 'decimal') expect(result).toEqual([]);
      else
        expect(result).toEqual([
          [key, `${label} must be a whole number${unit === 'seconds' ? ' of seconds' : ''}`],
        ]);
    });
    it('refuses text', () => {
      expect(issuesOf(kind, withValue(base, path, '5'))[0]?.[1]).toMatch(
        new RegExp(`^${label.replace(/[%]/g, '\\$&')} must be a number`),
      );
    });
    it(`when omitted: ${fallback}`, () => {
      const omitted = withValue(base, path, undefined);
      if (fallback === 'required') {
        expect(issuesOf(kind, omitted)).toEqual([[key, `${label} is required`]]);
      } else {
        const parsed = configDataSchemaOf(kind).parse(omitted);
        expect(valueAt(parsed, path)).toBe(fallback === 'optional' ? undefined : fallback);
      }
    });
  },
);

describe('duel', () => {
  const base = validData('duel');
  it('defaults to chance 20, boundaries 1 and 4, default moves 1 and 8', () => {
    expect(configDataSchemaOf('duel').parse({ kind: 'duel' })).toEqual({
      kind: 'duel',
      raceProbability: 20,
      movesLowerLimitFromMean: 1,
      movesUpperLimitFromMean: 4,
      defaultMovesLowerLimit: 1,
      defaultMovesUpperLimit: 8,
    });
  });
  it.each([
    ['movesLowerLimitFromMean', 'Lower boundary'],
    ['movesUpperLimitFromMean', 'Upper boundary'],
  ])('%s is 0-5 and must be above 0', (field, label) => {
    expect(issuesOf('duel', { ...base, [field]: 5 })).toEqual([]);
    expect(issuesOf('duel', { ...base, [field]: 1 })).toEqual([]);
    expect(issuesOf('duel', { ...base, [field]: 0 })).toEqual([[field, `${label} must be above 0`]]);
    expect(issuesOf('duel', { ...base, [field]: -1 })).toEqual([[field, `${label} must be at least 0`]]);
    expect(issuesOf('duel', { ...base, [field]: 6 })).toEqual([[field, `${label} must be at most 5`]]);
    expect(issuesOf('duel', { ...base, [field]: 1.5 })).toEqual([[field, `${label} must be a whole number`]]);
  });
  it('default lower moves is 0-10, default upper moves 1-10', () => {
    expect(issuesOf('duel', { ...base, defaultMovesLowerLimit: 0, defaultMovesUpperLimit: 1 })).toEqual([]);
    expect(issuesOf('duel', { ...base, defaultMovesLowerLimit: 9, defaultMovesUpperLimit: 10 })).toEqual([]);
    expect(issuesOf('duel', { ...base, defaultMovesLowerLimit: -1 })).toEqual([
      ['defaultMovesLowerLimit', 'Default lower moves must be at least 0'],
    ]);
    expect(issuesOf('duel', { ...base, defaultMovesUpperLimit: 11 })).toEqual([
      ['defaultMovesUpperLimit', 'Default upper moves must be at most 10'],
    ]);
    expect(issuesOf('duel', { ...base, defaultMovesLowerLimit: 0, defaultMovesUpperLimit: 0 })).toEqual([
      ['defaultMovesUpperLimit', 'Default upper moves must be at least 1'],
    ]);
  });
  it('default lower moves must be less than default upper moves', () => {
    for (const [lower, upper] of [
      [8, 8],
      [10, 1],
    ]) {
      expect(
        issuesOf('duel', { ...base, defaultMovesLowerLimit: lower, defaultMovesUpperLimit: upper }),
      ).toEqual([['defaultMovesLowerLimit', 'Default lower moves must be less than Default upper moves']]);
    }
  });
  it('chance is whole 1-100', () => {
    expect(issuesOf('duel', { ...base, raceProbability: 0 })).toEqual([
      ['raceProbability', 'Chance in percent must be at least 1'],
    ]);
  });
});

describe('tab counts are bounded by the kind', () => {
  const entryOf: Record<string, unknown> = {
    tiers: undefined,
    rotation: { itemType: 0 },
    productIdList: { productId: 1, target: 0 },
  };
  it.each(
    CONFIG_KINDS.filter((definition) => definition.tabs).map((definition) => [
      definition.id,
      definition.tabs!,
    ]),
  )('%s: 1 to %o', (kind, tabs) => {
    const base = validData(kind);
    const first = (base[tabs.field] as unknown[])[0];
    const entry = entryOf[tabs.field] ?? first;
    const list = (count: number) => Array.from({ length: count }, () => structuredClone(entry));
    expect(issuesOf(kind, { ...base, [tabs.field]: list(1) })).toEqual([]);
    expect(issuesOf(kind, { ...base, [tabs.field]: list(tabs.max) })).toEqual([]);
    const plural = tabs.max === 1 ? '1 entry' : `${tabs.max} entries`;
    expect(issuesOf(kind, { ...base, [tabs.field]: list(tabs.max + 1) })).toEqual([
      [tabs.field, `${tabs.label} can have at most ${plural}`],
    ]);
    expect(issuesOf(kind, { ...base, [tabs.field]: [] })).toEqual([
      [tabs.field, `${tabs.label} must have at least 1 entry`],
    ]);
    expect(issuesOf(kind, { ...base, [tabs.field]: 'x'.repeat(60) })).toEqual([
      [tabs.field, `${tabs.label} must be a list`],
    ]);
  });
});

describe('race tiers', () => {
  it('an unbounded race (End Of Content) has 0 rotations, a bounded one 1-10 (default 5)', () => {
    expect(defaultConfigData('eoc')).toMatchObject({ tiers: [{ rotations: 0, matchmaking: {} }] });
    expect(defaultConfigData('ar')).toMatchObject({ tiers: [{ rotations: 5, matchmaking: {} }] });
    const eoc = validData('eoc');
    expect(issuesOf('eoc', withValue(eoc, ['tiers', 0, 'rotations'], 5))).toEqual([
      ['tiers.0.rotations', 'Rotations must be 0 in an unbounded race'],
    ]);
  });
  it('a tier overrides only the matchmaking values it sets', () => {
    const data = configDataSchemaOf('ar').parse({
      kind: 'ar',
      matchmaking: { groupSize: 20, closePct: 50 },
      tiers: [{ matchmaking: { groupSize: 3 } }, {}],
    });
    expect(resolveTierMatchmaking(data.matchmaking, data.tiers[0]!.matchmaking)).toEqual({
      algorithm: 1,
      groupSize: 3,
      closePct: 50,
      openAtActivationEnd: false,
    });
    expect(resolveTierMatchmaking(data.matchmaking, data.tiers[1]!.matchmaking)).toEqual(data.matchmaking);
  });
  it('matchmaking algorithms are the five of the product', () => {
    const base = validData('ar');
    for (const algorithm of [1, 2, 3, 4, 5]) {
      expect(issuesOf('ar', withValue(base, ['matchmaking', 'algorithm'], algorithm))).toEqual([]);
    }
    expect(issuesOf('ar', withValue(base, ['matchmaking', 'algorithm'], 6))).toEqual([
      [
        'matchmaking.algorithm',
        'Matchmaking algorithm must be one of 1 (Timed bucket), 2 (No re-entrance timed bucket), 3 (Single user), 4 (Level bucket), 5 (Team)',
      ],
    ]);
  });
  it('the bot is off by default, and its switches are booleans', () => {
    expect(defaultConfigData('er')).toMatchObject({
      bot: { active: false, prs: 0, canWin: false, losePct: 0 },
    });
    expect(issuesOf('er', withValue(validData('er'), ['bot', 'canWin'], 'yes'))).toEqual([
      ['bot.canWin', 'Can Win must be true or false'],
    ]);
    expect(configDataSchemaOf('er').parse({ kind: 'er', bot: { prs: 2.5, losePct: 10 } }).bot).toEqual({
      active: false,
      prs: 2.5,
      canWin: false,
      losePct: 10,
    });
  });
});

describe('build and break rotation: construction items', () => {
  const base = validData('build');
  it.each(CONSTRUCTION_ITEMS.map((item) => [item.name, item.id]))('accepts %s (%d)', (_name, id) => {
    expect(issuesOf('build', withValue(base, ['rotation', 0, 'itemType'], id))).toEqual([]);
  });
  it.each([[6], [1301], [1391], [-1]])('refuses %d', (id) => {
    expect(issuesOf('build', withValue(base, ['rotation', 0, 'itemType'], id))[0]?.[1]).toMatch(
      /^Construction Item /,
    );
  });
  it('defaults an entry to NormalPieces (0)', () => {
    expect(configDataSchemaOf('break').parse({ kind: 'break', rotation: [{}] }).rotation).toEqual([
      { itemType: 0 },
    ]);
  });
  it('lists the items by id and resolves unknown ids to NormalPieces', () => {
    expect(CONSTRUCTION_ITEMS.map((item) => item.id)).toEqual([
      0, 1, 2, 3, 4, 5, 1302, 1303, 1304, 1305, 1390,
    ]);
    expect(resolveConstructionItem(ConstructionItem.Bomb)).toBe('Bomb');
    expect(resolveConstructionItem(999)).toBe('NormalPieces');
  });
});

describe('defaults of every kind', () => {
  it('parse to themselves (all but offers, which need a product first)', () => {
    for (const kind of CONFIG_KIND_IDS) {
      const data = defaultConfigData(kind);
      if (configKindOf(kind).family === 'offer') {
        expect(issuesOf(kind, data)).toEqual([['productIdList', 'Products must have at least 1 entry']]);
      } else {
        expect(configDataSchemaOf(kind).parse(data)).toEqual(data);
        expect(configDataSchemaOf(kind).parse({ kind })).toEqual(data);
      }
    }
  });
  it('are as the product says', () => {
    expect(defaultConfigData('ar')).toEqual({
      kind: 'ar',
      scoreTarget: 10,
      matchmaking: { algorithm: 1, groupSize: 5, closePct: 100, openAtActivationEnd: false },
      bot: { active: false, prs: 0, canWin: false, losePct: 0 },
      tiers: [{ rotations: 5, matchmaking: {} }],
    });
    expect(defaultConfigData('ws')).toEqual({ kind: 'ws', tiers: [{ numberOfItems: 3 }] });
    expect(defaultConfigData('build')).toEqual({
      kind: 'build',
      matchmaking: { algorithm: 1, groupSize: 5, closePct: 100, openAtActivationEnd: false },
      multipliers: { hard: 1, superHard: 1, special: 1 },
      rotation: [{ itemType: 0 }],
    });
    expect(defaultConfigData('snake-offer')).toEqual({
      kind: 'snake-offer',
      showFrequency: 86_400,
      productIdList: [],
    });
    expect(defaultConfigData('event/so')).toEqual({ kind: 'event/so' });
    expect(defaultConfigData('plugin/nuf')).toEqual({ kind: 'plugin/nuf' });
  });
  it('a new form is not a shared object', () => {
    const first = defaultConfigData('ar') as { tiers: unknown[] };
    first.tiers.push({});
    expect((defaultConfigData('ar') as { tiers: unknown[] }).tiers).toHaveLength(1);
  });
});

describe('the discriminated union', () => {
  it('has one schema per kind', () => {
    expect(Object.keys(CONFIG_DATA_SCHEMAS)).toEqual([...CONFIG_KIND_IDS]);
  });
  it('parses each kind with its own schema', () => {
    for (const kind of CONFIG_KIND_IDS) {
      expect(configDataSchema.parse(validData(kind))).toEqual(
        configDataSchemaOf(kind).parse(validData(kind)),
      );
    }
  });
  it('refuses an unknown kind, and a kind schema refuses another kind', () => {
    expect(configDataSchema.safeParse({ kind: 'event/xx' }).error?.issues[0]?.message).toBe(
      `Configuration kind must be one of ${CONFIG_KIND_IDS.join(', ')}`,
    );
    expect(issuesOf('ws', validData('ds'))).toEqual([
      ['kind', "Configuration kind must be 'ws' (Win Streak)"],
    ]);
  });
  it('drops fields a kind does not have', () => {
    expect(configDataSchemaOf('event/gr').parse({ kind: 'event/gr', tiers: [] })).toEqual({
      kind: 'event/gr',
    });
  });
});
