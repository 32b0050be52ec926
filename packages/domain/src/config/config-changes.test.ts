import { describe, expect, it } from 'vitest';
import { altersWhatIsServed, type ConfigFields, configChangesBetween } from './config-changes.ts';

// What a configuration save writes (only what differs) and whether players would notice it. The
// activation and data are compared as data: key order does not matter, array order and types do.

const stored = {
  description: 'spring',
  active: true,
  activation: { start: '2026-01-01', windows: [{ days: 2 }, { days: 3 }] },
  data: { kind: 'duel', tiers: [1, 2, 3], label: 'x', extra: null },
} as unknown as ConfigFields;
const saved = (changes: Record<string, unknown>) => ({ ...stored, ...changes }) as ConfigFields;

describe('configChangesBetween', () => {
  it.each([
    ['the same values', {}, {}],
    [
      'the same data with its keys in another order',
      { data: { label: 'x', extra: null, tiers: [1, 2, 3], kind: 'duel' } },
      {},
    ],
    ['a new description', { description: 'summer' }, { description: 'summer' }],
    ['switched off', { active: false }, { active: false }],
    [
      'array elements in another order',
      { data: { kind: 'duel', tiers: [3, 2, 1], label: 'x', extra: null } },
      { data: { kind: 'duel', tiers: [3, 2, 1], label: 'x', extra: null } },
    ],
    [
      'a number where a string was',
      { data: { kind: 'duel', tiers: [1, 2, 3], label: 1, extra: null } },
      { data: { kind: 'duel', tiers: [1, 2, 3], label: 1, extra: null } },
    ],
    [
      'a key more, even undefined',
      { data: { kind: 'duel', tiers: [1, 2, 3], label: 'x', extra: null, more: undefined } },
      { data: { kind: 'duel', tiers: [1, 2, 3], label: 'x', extra: null, more: undefined } },
    ],
    [
      'a key less',
      { data: { kind: 'duel', tiers: [1, 2, 3], label: 'x' } },
      { data: { kind: 'duel', tiers: [1, 2, 3], label: 'x' } },
    ],
    [
      'null where an object was',
      { activation: { start: '2026-01-01', windows: null } },
      { activation: { start: '2026-01-01', windows: null } },
    ],
  ])('%s', (_, changes, expected) => {
    expect(configChangesBetween(stored, saved(changes))).toEqual(expected);
  });
});

describe('altersWhatIsServed', () => {
  it.each([
    [{}, false],
    [{ description: 'summer' }, false],
    [{ active: true }, false],
    [{ active: false }, true],
    [{ data: stored.data }, true],
    [{ activation: stored.activation }, true],
  ] as const)('%j: %s', (changes, expected) => {
    expect(altersWhatIsServed(changes as Partial<ConfigFields>)).toBe(expected);
  });
});
