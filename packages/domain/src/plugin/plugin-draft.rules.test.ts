import { describe, expect, it } from 'vitest';
import type { PluginEntry } from './plugin-details.schemas.ts';
import {
  checkBaseRevision,
  checkDraft,
  checkDraftEntry,
  checkPluginDraft,
  chooseConfiguration,
  type DraftAbTestView,
  isDraftEntry,
  isDraftStale,
  moveDraftEntry,
  moveEntryToVersion,
  newDraftEntry,
  PLUGIN_MESSAGES,
  planSameWeightsVersion,
  reloadDraftEntry,
} from './plugin-draft.rules.ts';

type VersionSpec = [version: number, active: boolean, caseCount: number];

/** An A/B-test with versions given as [version, active, case count]. */
const abTest = (id: string, active: boolean, versions: VersionSpec[]): DraftAbTestView => ({
  id,
  active,
  data: {
    versions: versions.map(([version, isActive, caseCount]) => ({
      version,
      active: isActive,
      cases: Array.from({ length: caseCount }, () => Math.floor(1_000_000 / caseCount)),
    })),
  },
});

const entry = (abTestId: string, abTestVersion: number, configurations: string[]): PluginEntry => ({
  abTestId,
  abTestVersion,
  configurations,
});

describe('adding and reloading an entry', () => {
  it('adds the highest version, active or not, with one empty slot per case', () => {
    const added = newDraftEntry(
      abTest('spring', true, [
        [0, true, 2],
        [1, false, 3],
      ]),
    );
    expect(added).toEqual(entry('spring', 1, ['', '', '']));
  });

  it('refuses an A/B-test without any version', () => {
    const added = newDraftEntry(abTest('empty', false, []));
    expect(isDraftEntry(added)).toBe(false);
    expect(added).toMatchObject({ ok: false, error: { message: "AB-test 'empty' has no version to add" } });
  });

  // [versions of the A/B-test, entry's configurations, reloaded entry's version and configurations]
  const reloadVectors: [string, VersionSpec[], string[], number, string[]][] = [
    [
      'pads to more cases',
      [
        [0, true, 2],
        [1, false, 4],
      ],
      ['a', 'b'],
      1,
      ['a', 'b', '', ''],
    ],
    [
      'trims to fewer cases',
      [
        [0, true, 3],
        [1, false, 2],
      ],
      ['a', 'b', 'c'],
      1,
      ['a', 'b'],
    ],
    [
      'keeps an equal count',
      [
        [0, true, 2],
        [1, false, 2],
      ],
      ['', 'b'],
      1,
      ['', 'b'],
    ],
    [
      'trims to one case',
      [
        [0, true, 3],
        [2, false, 1],
      ],
      ['a', 'b', 'c'],
      2,
      ['a'],
    ],
    ['stays on the highest', [[0, true, 2]], ['a', 'b'], 0, ['a', 'b']],
  ];
  it.each(reloadVectors)('reload %s', (_, versions, configurations, version, expected) => {
    const reloaded = reloadDraftEntry(entry('t', 0, configurations), abTest('t', true, versions));
    expect(reloaded).toEqual(entry('t', version, expected));
  });

  it('leaves an entry whose A/B-test lost every version as it was', () => {
    const kept = entry('t', 3, ['a']);
    expect(reloadDraftEntry(kept, abTest('t', false, []))).toBe(kept);
  });
});

describe('choosing a configuration: one id per entry', () => {
  const vectors: [string, string[], number, string, string[]][] = [
    ['fills an empty case', ['', '', ''], 1, 'x', ['', 'x', '']],
    ['clears the id from the other cases', ['x', '', 'y'], 2, 'x', ['', '', 'x']],
    ['replaces the case it is chosen for', ['a', 'b'], 1, 'a', ['', 'a']],
    ['choosing the same id again changes nothing', ['a', 'b'], 0, 'a', ['a', 'b']],
    ['Select none empties only that case', ['a', 'b'], 1, '', ['a', '']],
  ];
  it.each(vectors)('%s', (_, before, caseIndex, configId, after) => {
    expect(chooseConfiguration(entry('t', 0, before), caseIndex, configId).configurations).toEqual(after);
  });
});

describe('reordering', () => {
  const list = [entry('a', 0, []), entry('b', 0, []), entry('c', 0, [])];
  const ids = (entries: PluginEntry[]) => entries.map((candidate) => candidate.abTestId).join('');
  it.each([
    [0, 2, 'bca'],
    [2, 0, 'cab'],
    [1, 1, 'abc'],
    [1, 9, 'acb'],
    [5, 0, 'abc'],
  ])('moves %i to %i', (from, to, expected) => {
    expect(ids(moveDraftEntry(list, from, to))).toBe(expected);
  });
});

describe('entry validity', () => {
  // [A/B-test active, versions, entry version, slot count, problem or null]
  const vectors: [string, boolean, VersionSpec[], number, number, string | null][] = [
    [
      'active test, active highest version',
      true,
      [[0, true, 2]],
      0,
      2,
      "All versions of AB-test 't' are already active: save a new version and leave it inactive, move this entry to it, and activating the draft turns it on",
    ],
    [
      'active test, newer inactive version',
      true,
      [
        [0, true, 2],
        [1, false, 2],
      ],
      1,
      2,
      null,
    ],
    [
      'active test, active but not the highest',
      true,
      [
        [0, true, 2],
        [1, false, 2],
      ],
      0,
      2,
      null,
    ],
    ['inactive test, active highest version', false, [[0, true, 2]], 0, 2, null],
    ['inactive test, inactive version', false, [[0, false, 2]], 0, 2, null],
    ['unknown version', true, [[0, true, 2]], 4, 2, "Version 4 of AB-test 't' not found"],
    [
      'slot count differs',
      false,
      [[0, false, 3]],
      0,
      2,
      "AB-test 't' version 0 has 3 cases, but the entry has 2 configurations; reload it",
    ],
    [
      'inactive version older than the current',
      false,
      [
        [0, false, 2],
        [1, true, 2],
      ],
      0,
      2,
      'Version 0 is not newer than the current version 1',
    ],
  ];
  it.each(vectors)('%s', (_, active, versions, version, slots, problem) => {
    const configurations = Array.from({ length: slots }, (__, index) => `c${index}`);
    expect(checkDraftEntry(entry('t', version, configurations), abTest('t', active, versions))).toBe(problem);
  });

  it('an A/B-test that does not exist', () => {
    expect(checkDraftEntry(entry('gone', 0, []), undefined)).toBe("AB-test 'gone' not found");
  });
});

describe('the way out of "all versions are already active"', () => {
  const live = abTest('t', true, [
    [0, true, 2],
    [1, true, 3],
  ]);

  it('offers version N + 1 with the latest version’s weights, and the entry then moves to it, valid', () => {
    const stuck = entry('t', 1, ['', 'a', 'b']);
    const plan = planSameWeightsVersion(stuck, live);
    expect(plan).toEqual({ latest: 1, next: 2, weights: [333_333, 333_333, 333_333] });
    expect(PLUGIN_MESSAGES.sameWeightsVersion(plan!.next)).toBe('Create version 2 with the same weights');
    const saved = { version: plan!.next, active: false, cases: plan!.weights };
    const moved = moveEntryToVersion(stuck, saved);
    expect(moved).toEqual(entry('t', 2, ['', 'a', 'b']));
    const after = { ...live, data: { versions: [...live.data.versions, saved] } };
    expect(checkDraftEntry(moved, after)).toBeNull();
    expect(planSameWeightsVersion(moved, after)).toBeNull();
  });

  it('offers nothing for an entry with another problem, or none', () => {
    expect(planSameWeightsVersion(entry('t', 0, ['', '']), live)).toBeNull(); // not newer than the current
    expect(planSameWeightsVersion(entry('t', 1, ['']), live)).toBeNull(); // slot count differs
    expect(planSameWeightsVersion(entry('t', 1, ['', '', '']), undefined)).toBeNull();
    const inactive = abTest('t', false, [[0, true, 2]]);
    expect(planSameWeightsVersion(entry('t', 0, ['', '']), inactive)).toBeNull(); // valid: test not active
  });
});

describe('draft validity and its messages', () => {
  const tests = [
    abTest('fresh', true, [
      [0, true, 2],
      [1, false, 3],
    ]),
    abTest('locked', true, [[0, true, 2]]),
    abTest('idle', false, [[0, false, 2]]),
  ];

  it('is invalid without any A/B-test', () => {
    expect(checkDraft([], tests)).toEqual({ isValid: false, messages: ['No AB-test configuration added'] });
  });

  it('is valid with valid entries whose only empty case is the control', () => {
    const draft = [entry('fresh', 1, ['', 'b', 'c']), entry('idle', 0, ['a', 'b'])];
    expect(checkDraft(draft, tests)).toEqual({ isValid: true, messages: [] });
  });

  it('lists each invalid entry and each empty non-control case, in draft order, with the exact texts', () => {
    const draft = [
      entry('locked', 0, ['a', '']),
      entry('fresh', 1, ['a', 'b', '']),
      entry('idle', 0, ['a', 'b']),
      entry('missing', 0, ['a']),
    ];
    expect(checkDraft(draft, tests)).toEqual({
      isValid: false,
      messages: [
        'The AB-test locked has an invalid configuration',
        'The AB-test locked has an empty configuration that is not control',
        'The AB-test fresh has an empty configuration that is not control',
        'The AB-test missing has an invalid configuration',
      ],
    });
  });

  it('the message texts are the product’s texts', () => {
    expect(PLUGIN_MESSAGES.noAbTest).toBe('No AB-test configuration added');
    expect(PLUGIN_MESSAGES.invalidEntry('x')).toBe('The AB-test x has an invalid configuration');
    expect(PLUGIN_MESSAGES.emptyNotControl('x')).toBe(
      'The AB-test x has an empty configuration that is not control',
    );
    expect(PLUGIN_MESSAGES.activatedTitle('DUEL')).toBe('Plugin DUEL was activated.');
    expect(PLUGIN_MESSAGES.activatedSwitchedOff('DUEL')).toBe(
      'Plugin DUEL was activated. It is switched off, so players do not get it yet.',
    );
    expect(PLUGIN_MESSAGES.activationFailed('DUEL', 'boom')).toBe(
      'Activation of DUEL failed with message: boom',
    );
  });
});

describe('a draft that is the active set', () => {
  const locked = abTest('locked', true, [[0, true, 2]]);
  const served = [entry('locked', 0, ['a', 'b'])];

  it('says so in words, never "invalid configuration", though its version is all that is active', () => {
    expect(checkDraft(served, [locked]).messages).toEqual([
      'The AB-test locked has an invalid configuration',
    ]);
    expect(checkPluginDraft({ active: served, draft: served }, [locked])).toEqual({
      isValid: false,
      isActiveSet: true,
      messages: ['The draft is the active set: nothing to activate'],
    });
    // Its entry still offers the way on: a new version with the same weights.
    expect(planSameWeightsVersion(served[0]!, locked)?.next).toBe(1);
  });

  it('judges a draft that differs in a configuration, a version or the order entry by entry', () => {
    const other = abTest('idle', false, [[0, false, 2]]);
    const changed = [entry('locked', 0, ['a', 'c'])];
    expect(checkPluginDraft({ active: served, draft: changed }, [locked])).toMatchObject({
      isValid: false,
      isActiveSet: false,
      messages: ['The AB-test locked has an invalid configuration'],
    });
    const both = [entry('idle', 0, ['a', 'b']), entry('locked', 0, ['a', 'b'])];
    expect(checkPluginDraft({ active: [both[1]!, both[0]!], draft: both }, [locked, other]).isActiveSet).toBe(
      false,
    );
    expect(checkPluginDraft({ active: [], draft: [] }, [])).toEqual({
      isValid: false,
      isActiveSet: false,
      messages: ['No AB-test configuration added'],
    });
  });
});

describe('revisions', () => {
  it('a draft is stale when its base is not the active revision', () => {
    expect(isDraftStale({ activeRevision: 3, draftBaseRevision: 3 })).toBe(false);
    expect(isDraftStale({ activeRevision: 4, draftBaseRevision: 3 })).toBe(true);
  });

  it('re-basing names the current active revision', () => {
    expect(checkBaseRevision(4, undefined, { activeRevision: 2 })).toEqual({ ok: true });
    expect(checkBaseRevision(4, 2, { activeRevision: 2 })).toEqual({ ok: true });
    expect(checkBaseRevision(4, 1, { activeRevision: 2 })).toMatchObject({
      ok: false,
      error: { message: 'The active set of DUEL is revision 2, not 1; reload the plugin' },
    });
  });
});
