import { describe, expect, it } from 'vitest';
import { PluginId } from '../enums.ts';
import { classifyConfigError } from './config.api.schemas.ts';
import {
  CONFIG_MESSAGES,
  copyIdPrefixOf,
  nextConfigCopyId,
  planReassignMoves,
  summarizeConfigUsage,
} from './config.rules.ts';

describe('nextConfigCopyId', () => {
  it.each([
    ['spring', [], 'spring-2'],
    ['spring', ['spring', 'spring-2'], 'spring-3'],
    ['spring-3', ['spring', 'spring-2', 'spring-3'], 'spring-4'],
    ['spring-2', ['spring-2', 'spring-7'], 'spring-8'],
    ['race-2024', ['race-2024'], 'race-2024-2'],
    ['-5', ['-5'], '-5-2'],
    ['spring', ['spring-2-1', 'springtime-9'], 'spring-2'],
  ])('%s with %j taken → %s', (id, taken, expected) => {
    expect(nextConfigCopyId(id, taken)).toBe(expected);
  });

  it('stays within 36 characters, cutting the base, and skips a taken cut candidate', () => {
    const id = 'a'.repeat(36);
    expect(nextConfigCopyId(id, [id])).toBe(`${'a'.repeat(34)}-2`);
    expect(nextConfigCopyId(id, [id, `${'a'.repeat(34)}-2`])).toBe(`${'a'.repeat(34)}-3`);
    expect(`${'a'.repeat(34)}-3`.startsWith(copyIdPrefixOf(id))).toBe(true);
  });

  it('every candidate starts with copyIdPrefixOf, so the store can fetch only those ids', () => {
    for (const id of ['x', 'spring-4', 'b'.repeat(36), `${'c'.repeat(33)}-12`]) {
      expect(nextConfigCopyId(id, []).startsWith(copyIdPrefixOf(id))).toBe(true);
    }
  });
});

describe('summarizeConfigUsage', () => {
  const ref = (pluginId: number, set: 'active' | 'draft', pluginActive = true, abTestActive = true) => ({
    pluginId,
    set,
    pluginActive,
    abTestActive,
  });
  const race = PluginId.AGILITY_RACE;

  it('is unused with no reference', () => {
    expect(summarizeConfigUsage([])).toEqual({ inUse: 'unused', usedBy: [] });
  });

  it('is live only through an active set of an active plugin with an active A/B-test', () => {
    expect(summarizeConfigUsage([ref(race, 'active')]).inUse).toBe('live');
    expect(summarizeConfigUsage([ref(race, 'draft')]).inUse).toBe('assigned');
    expect(summarizeConfigUsage([ref(race, 'active', false)]).inUse).toBe('assigned');
    expect(summarizeConfigUsage([ref(race, 'active', true, false)]).inUse).toBe('assigned');
  });

  it('names each plugin set once, by plugin id, active before draft, live if any of its entries is', () => {
    const { usedBy } = summarizeConfigUsage([
      ref(race, 'draft'),
      ref(race, 'active', true, false),
      ref(race, 'active'),
      ref(PluginId.END_OF_CONTENT, 'draft'),
    ]);
    expect(usedBy).toEqual([
      { pluginId: PluginId.END_OF_CONTENT, pluginName: 'END_OF_CONTENT', set: 'draft', isLive: false },
      { pluginId: race, pluginName: 'AGILITY_RACE', set: 'active', isLive: true },
      { pluginId: race, pluginName: 'AGILITY_RACE', set: 'draft', isLive: false },
    ]);
  });
});

describe('configuration messages', () => {
  it('classify as the product says', () => {
    expect(classifyConfigError(CONFIG_MESSAGES.cannotDeactivate('Duel'))).toBe('information');
    expect(
      classifyConfigError(
        CONFIG_MESSAGES.updateNotAllowed('x', [{ pluginId: 2, abTestId: 'a', abTestVersion: 1 }]),
      ),
    ).toBe('update-not-allowed');
    expect(classifyConfigError(CONFIG_MESSAGES.notFound('Duel', 'x'))).toBe('error');
    expect(CONFIG_MESSAGES.updateNotAllowed('x', [{ pluginId: 2, abTestId: 'a', abTestVersion: 1 }])).toBe(
      "Update is not allowed: configuration 'x' is served now by AGILITY_RACE (A/B-test 'a' version 1); save the change as a copy and move those plugins to it",
    );
  });
});

describe('planReassignMoves (the "Update is not allowed" flow)', () => {
  // Entries holding the configuration: plugin, set, A/B-test and version, and whether the plugin is on.
  const entry = (
    pluginId: number,
    set: 'active' | 'draft',
    abTestId: string,
    abTestVersion: number,
    pluginActive = true,
  ) => ({ pluginId, set, abTestId, abTestVersion, pluginActive, abTestActive: true, position: 0 });
  const moves = (entries: ReturnType<typeof entry>[], newVersions: Record<string, number>) =>
    planReassignMoves(entries, new Map(Object.entries(newVersions))).map(({ entry, toVersion }) => [
      `${entry.pluginId}/${entry.set}/${entry.abTestId}@${entry.abTestVersion}`,
      toVersion,
    ]);

  it('marks its plugin’s draft on a newer (pending) version, which keeps it until the flow copies it', () => {
    const planned = planReassignMoves(
      [entry(4, 'active', 'spring', 2), entry(4, 'draft', 'spring', 3), entry(5, 'active', 'spring', 2)],
      new Map([['spring', 4]]),
    );
    expect(planned.map(({ entry, toVersion, isPending }) => [entry.set, toVersion, isPending])).toEqual([
      ['active', 4, undefined],
      ['draft', 3, true],
      ['active', 4, undefined],
    ]);
  });

  it.each([
    ['nothing holds it', [], {}, []],
    [
      'a live entry moves to the new version',
      [entry(4, 'active', 'spring', 2)],
      { spring: 3 },
      [['4/active/spring@2', 3]],
    ],
    [
      'its plugin’s draft on the same version follows to the new version',
      [entry(4, 'active', 'spring', 2), entry(4, 'draft', 'spring', 2)],
      { spring: 3 },
      [
        ['4/active/spring@2', 3],
        ['4/draft/spring@2', 3],
      ],
    ],
    [
      'its plugin’s draft on another version moves but keeps its version',
      [entry(4, 'active', 'spring', 2), entry(4, 'draft', 'spring', 1)],
      { spring: 3 },
      [
        ['4/active/spring@2', 3],
        ['4/draft/spring@1', 1],
      ],
    ],
    [
      'a draft without a live twin in its plugin stays',
      [entry(4, 'active', 'spring', 2), entry(5, 'draft', 'spring', 2)],
      { spring: 3 },
      [['4/active/spring@2', 3]],
    ],
    [
      'an active set that does not serve (plugin off) stays',
      [entry(4, 'active', 'spring', 2, false)],
      {},
      [],
    ],
    [
      'an entry of another A/B-test stays',
      [entry(4, 'active', 'spring', 2), entry(4, 'draft', 'summer', 2)],
      { spring: 3 },
      [['4/active/spring@2', 3]],
    ],
  ] as const)('%s', (_, entries, newVersions, expected) => {
    expect(moves([...entries], newVersions)).toEqual(expected);
  });
});
