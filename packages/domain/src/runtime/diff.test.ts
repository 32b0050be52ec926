import { describe, expect, it } from 'vitest';
import { activationSettingsSchema } from '../config/activation.schemas.ts';
import { AbTestType, SegmentOperation as Op, SegmentProperty as Prop } from '../enums.ts';
import {
  changedParts,
  describeRuntimeDiff,
  diffRuntimeContent,
  formatDiff,
  runtimeDiffSchema,
} from './diff.ts';
import { initialRanges, reassignRanges } from './ranges.ts';
import type { RuntimeAbTest, RuntimeConfiguration, RuntimeContent } from './snapshot.ts';

const abTest = (id: string, weights: number[], previous?: RuntimeAbTest): RuntimeAbTest => {
  const ranges = previous
    ? reassignRanges(
        previous.cases.map((runtimeCase) => runtimeCase.ranges),
        weights,
      )
    : initialRanges(weights);
  return {
    id,
    type: AbTestType.DynamicSegmentation,
    active: true,
    salt: id,
    segment: { conditions: [{ property: Prop.Platform, op: Op.Equals, value: 'ios' }] },
    version: 1,
    cases: weights.map((weight, i) => ({ weight, ranges: ranges[i]! })),
  };
};

const configuration = (id: string, data: Record<string, unknown>): RuntimeConfiguration => ({
  id,
  kind: 'ar',
  activation: activationSettingsSchema.parse({}),
  data,
});

const spring = abTest('spring', [500_000, 500_000]);
const base: RuntimeContent = {
  plugins: [
    {
      id: 1,
      name: 'AGILITY_RACE',
      enabled: true,
      entries: [
        { abTestId: 'spring', abTestVersion: 1, configurations: ['', 'gold'] },
        { abTestId: 'autumn', abTestVersion: 1, configurations: ['silver'] },
      ],
    },
    {
      id: 2,
      name: 'GOLD_RUSH',
      enabled: true,
      entries: [{ abTestId: 'autumn', abTestVersion: 1, configurations: ['silver'] }],
    },
  ],
  abTests: [abTest('autumn', [1_000_000]), spring],
  configurations: [
    configuration('gold', { tiers: [{ reward: 100 }, { reward: 200 }] }),
    configuration('silver', { tiers: [{ reward: 10 }] }),
  ],
  release: {
    nextReleaseTime: 0,
    maxLevel: 50,
    nextMaxLevel: 60,
    remindVersion: '',
    minimumVersion: '',
    keyValue: '',
  },
};

describe('diffRuntimeContent', () => {
  it('finds nothing between equal contents', () => {
    const copy = structuredClone(base);
    expect(diffRuntimeContent(base, copy)).toEqual({
      plugins: [],
      abTests: [],
      configurations: [],
      release: [],
    });
    expect(changedParts(base, copy)).toEqual({
      plugins: [],
      abTests: [],
      configurations: [],
      release: false,
    });
    expect(formatDiff(diffRuntimeContent(base, copy))).toEqual([]);
  });

  it('groups a configuration field change under every plugin referencing it', () => {
    const next = structuredClone(base);
    next.configurations[1]!.data = { tiers: [{ reward: 20 }] };
    const diff = diffRuntimeContent(base, next);
    expect(diff.configurations).toEqual([
      {
        id: 'silver',
        kind: 'ar',
        change: 'changed',
        changes: [{ path: 'data.tiers[0].reward', before: 10, after: 20 }],
      },
    ]);
    expect(diff.plugins.map((plugin) => [plugin.name, plugin.configurations.map((c) => c.id)])).toEqual([
      ['AGILITY_RACE', ['silver']],
      ['GOLD_RUSH', ['silver']],
    ]);
    expect(changedParts(base, next)).toEqual({
      plugins: ['AGILITY_RACE', 'GOLD_RUSH'],
      abTests: [],
      configurations: ['silver'],
      release: false,
    });
    expect(formatDiff(diff)).toEqual([
      'Plugin AGILITY_RACE (1)',
      "  Configuration 'silver' (ar): data.tiers[0].reward: 10 → 20",
      'Plugin GOLD_RUSH (2)',
      "  Configuration 'silver' (ar): data.tiers[0].reward: 10 → 20",
    ]);
  });

  it('reports entries added, removed, reordered, re-pinned and re-assigned, and the plugin switch', () => {
    const next = structuredClone(base);
    next.plugins[0] = {
      id: 1,
      name: 'AGILITY_RACE',
      enabled: false,
      entries: [
        { abTestId: 'autumn', abTestVersion: 2, configurations: ['silver'] },
        { abTestId: 'spring', abTestVersion: 1, configurations: ['', 'silver'] },
      ],
    };
    next.plugins[1]!.entries = [{ abTestId: 'winter', abTestVersion: 1, configurations: ['', 'gold'] }];
    next.abTests.push(abTest('winter', [500_000, 500_000]));
    const diff = diffRuntimeContent(base, next);
    expect(runtimeDiffSchema.parse(diff)).toEqual(diff);
    expect(formatDiff(diff)).toEqual([
      'Plugin AGILITY_RACE (1)',
      '  enabled: true → false',
      "  entry 'autumn': abTestVersion: 1 → 2",
      `  entry 'spring': configurations[1]: "gold" → "silver"`,
      '  order: spring, autumn → autumn, spring',
      'Plugin GOLD_RUSH (2)',
      `  entry 'winter' added at position 1: abTestVersion 1, configurations[0] "", configurations[1] "gold"`,
      "  entry 'autumn' removed from position 1",
      "  AB-test 'winter' added",
    ]);
  });

  it('says how many players a new version moves, a new salt, and segment changes', () => {
    const next = structuredClone(base);
    const moved = abTest('spring', [460_000, 540_000], spring);
    next.abTests[1] = {
      ...moved,
      version: 2,
      segment: { conditions: [{ property: Prop.Payer, op: Op.Equals, value: 'true' }] },
    };
    next.abTests[0] = { ...next.abTests[0]!, salt: 'autumn-2' };
    const diff = diffRuntimeContent(base, next);
    expect(diff.abTests.find((test) => test.id === 'spring')!.moves).toEqual({
      moved: 40_000,
      flows: [{ from: 0, to: 1, buckets: 40_000 }],
    });
    expect(formatDiff(diff)).toEqual([
      'Plugin AGILITY_RACE (1)',
      `  AB-test 'autumn': salt: "autumn" → "autumn-2"`,
      "  AB-test 'autumn': new salt: every player is re-split",
      "  AB-test 'spring': version: 1 → 2",
      "  AB-test 'spring': cases[0].weight: 500000 → 460000",
      "  AB-test 'spring': cases[1].weight: 500000 → 540000",
      "  AB-test 'spring': segment condition added: Payer == true",
      "  AB-test 'spring': segment condition removed: Platform == ios",
      "  AB-test 'spring': 4.00% of players in this test move: 4.00% from Case 1 (control) to Case 2",
      'Plugin GOLD_RUSH (2)',
      `  AB-test 'autumn': salt: "autumn" → "autumn-2"`,
      "  AB-test 'autumn': new salt: every player is re-split",
    ]);
    expect(changedParts(base, next).abTests).toEqual(['autumn', 'spring']);
  });

  it('reports release changes and plugins added or removed', () => {
    const next = structuredClone(base);
    next.release.maxLevel = 60;
    next.plugins = [next.plugins[0]!, { id: 3, name: 'STORE', enabled: true, entries: [] }];
    const lines = formatDiff(diffRuntimeContent(base, next));
    expect(lines).toEqual([
      'Release: maxLevel: 50 → 60',
      'Plugin GOLD_RUSH (2) removed (switched on)',
      "  entry 'autumn' removed from position 1",
      'Plugin STORE (3) added (switched on)',
    ]);
    expect(changedParts(base, next)).toMatchObject({ plugins: ['GOLD_RUSH', 'STORE'], release: true });
  });

  it('names configuration paths whose keys are not identifiers and shortens long values', () => {
    const next = structuredClone(base);
    next.configurations[0]!.data = { tiers: [{ reward: 100 }, { reward: 200 }], 'odd key': 'x'.repeat(100) };
    const [line] = formatDiff(diffRuntimeContent(base, next)).slice(1);
    expect(line).toBe(`  Configuration 'gold' (ar): data["odd key"]: (none) → "${'x'.repeat(78)}…`);
  });

  it('describes a diff of two revisions per plugin, with the players each changed split moves', () => {
    expect(describeRuntimeDiff(base, structuredClone(base))).toEqual({
      diff: { plugins: [], abTests: [], configurations: [], release: [] },
      lines: [],
      plugins: [],
      moves: [],
    });
    const next = structuredClone(base);
    next.abTests[1] = { ...abTest('spring', [460_000, 540_000], spring), version: 2 };
    next.abTests[0] = { ...next.abTests[0]!, salt: 'autumn-2' };
    const described = describeRuntimeDiff(base, next);
    expect(described.lines).toEqual(formatDiff(described.diff));
    expect(described.plugins.map((plugin) => [plugin.name, plugin.lines[0]])).toEqual([
      ['AGILITY_RACE', 'Plugin AGILITY_RACE (1)'],
      ['GOLD_RUSH', 'Plugin GOLD_RUSH (2)'],
    ]);
    // each plugin's lines are its part of the whole text, nothing of another plugin's
    expect(described.plugins[1]!.lines).toEqual([
      'Plugin GOLD_RUSH (2)',
      `  AB-test 'autumn': salt: "autumn" → "autumn-2"`,
      "  AB-test 'autumn': new salt: every player is re-split",
    ]);
    expect(described.moves).toEqual([
      { abTestId: 'autumn', text: 'New salt: every player is re-split' },
      {
        abTestId: 'spring',
        text: '4.00% of players in this test move: 4.00% from Case 1 (control) to Case 2',
      },
    ]);
    // the way back moves the same players back
    expect(describeRuntimeDiff(next, base).moves[1]).toEqual({
      abTestId: 'spring',
      text: '4.00% of players in this test move: 4.00% from Case 2 to Case 1 (control)',
    });
  });
});
