import { describe, expect, it } from 'vitest';
import type { RuleResult } from '../abtest/rule-result.ts';
import { PluginId } from '../enums.ts';
import type { PluginEntry } from './plugin-details.schemas.ts';
import { checkConfigurationsFit, checkEntriesFit, type DraftAbTestView } from './plugin-draft.rules.ts';

// What a saved draft's entries must fit: the A/B-test versions they name, and the configurations
// they choose. Each vector: the entries or ids, and the answer (ok, or the code and message).

const outcome = (result: RuleResult) =>
  result.ok ? 'ok' : { code: result.error.code, message: result.error.message };

const abTest = (id: string, versions: [number, number][]): DraftAbTestView => ({
  id,
  active: true,
  data: {
    versions: versions.map(([version, cases]) => ({
      version,
      active: true,
      cases: Array.from({ length: cases }, () => 1_000_000 / cases),
    })),
  },
});
const abTests = new Map([
  [
    'spring',
    abTest('spring', [
      [0, 2],
      [1, 3],
    ]),
  ],
  ['summer', abTest('summer', [[0, 1]])],
]);
const entry = (abTestId: string, abTestVersion: number, slots: number): PluginEntry => ({
  abTestId,
  abTestVersion,
  configurations: Array.from({ length: slots }, () => ''),
});

describe('checkEntriesFit', () => {
  it.each([
    ['no entries', [], 'ok'],
    [
      'every entry names a version with one slot per case',
      [entry('spring', 1, 3), entry('summer', 0, 1)],
      'ok',
    ],
    [
      'an unknown A/B-test',
      [entry('spring', 0, 2), entry('autumn', 0, 1)],
      { code: 'NOT_FOUND', message: "AB-test 'autumn' not found" },
    ],
    [
      'an unknown version',
      [entry('spring', 2, 2)],
      { code: 'NOT_FOUND', message: "Version 2 of AB-test 'spring' not found" },
    ],
    [
      'a slot count other than the case count',
      [entry('spring', 1, 2)],
      {
        code: 'RULE_VIOLATION',
        message: "AB-test 'spring' version 1 has 3 cases, but the entry has 2 configurations; reload it",
      },
    ],
  ] as const)('%s', (_, entries, expected) => {
    expect(outcome(checkEntriesFit(entries, abTests))).toEqual(expected);
  });
});

describe('checkConfigurationsFit', () => {
  const found = [
    { id: 'duel-1', kind: 'duel' },
    { id: 'race-1', kind: 'ar' },
    { id: 'odd', kind: 'no-such-kind' },
  ];
  it.each([
    ['nothing chosen', [], 'ok'],
    ['configurations of the plugin’s kind', ['duel-1'], 'ok'],
    [
      'a configuration that does not exist',
      ['duel-1', 'gone'],
      { code: 'NOT_FOUND', message: "Configuration 'gone' not found" },
    ],
    [
      'a configuration of another plugin',
      ['race-1'],
      { code: 'RULE_VIOLATION', message: "Configuration 'race-1' is not a configuration of DUEL" },
    ],
    [
      'a configuration of an unknown kind',
      ['odd'],
      { code: 'RULE_VIOLATION', message: "Configuration 'odd' is not a configuration of DUEL" },
    ],
  ] as const)('%s', (_, ids, expected) => {
    expect(outcome(checkConfigurationsFit(PluginId.DUEL, ids, found))).toEqual(expected);
  });
});
