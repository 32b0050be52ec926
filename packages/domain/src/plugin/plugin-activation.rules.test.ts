import { describe, expect, it } from 'vitest';
import { PluginId } from '../enums.ts';
import { entry, pluginState } from './plugin.test-support.ts';
import {
  checkAbTestUsage,
  checkDraftActivation,
  describeStaleDraft,
  isStaleDraftMessage,
  listVersionsToActivate,
  planDraftActivation,
} from './plugin-activation.rules.ts';
import type { DraftAbTestView } from './plugin-draft.rules.ts';

const { AGILITY_RACE: RACE, DUEL, WIN_STREAK: STREAK, STORE } = PluginId;

const abTest = (id: string, active: boolean, versions: [number, boolean][]): DraftAbTestView => ({
  id,
  active,
  data: {
    versions: versions.map(([version, isActive]) => ({
      version,
      active: isActive,
      cases: [500_000, 500_000],
    })),
  },
});

const plugin = pluginState;

// 'shared' is live at version 0 with a new version 1; 'solo' likewise; 'idle' is an inactive test.
const abTests = new Map(
  [
    abTest('shared', true, [
      [0, true],
      [1, false],
    ]),
    abTest('solo', true, [
      [0, true],
      [1, false],
    ]),
    abTest('idle', false, [[0, true]]),
    abTest('locked', true, [[0, true]]),
  ].map((test) => [test.id, test]),
);

describe('planDraftActivation (versions and drafts of other plugins on them)', () => {
  it('activates the draft versions not active yet, each once', () => {
    expect(listVersionsToActivate([entry('shared', 1), entry('idle', 0), entry('solo', 1)], abTests)).toEqual(
      [
        { abTestId: 'shared', version: 1 },
        { abTestId: 'solo', version: 1 },
      ],
    );
  });

  it('activates alongside the valid drafts of plugins on the same version, moving them from the old one', () => {
    const plan = planDraftActivation(
      RACE,
      [
        plugin(RACE, [entry('shared', 0)], [entry('shared', 1)]),
        plugin(DUEL, [entry('shared', 0)], [entry('shared', 1, ['x', 'y'])]),
        plugin(STORE, [], [entry('shared', 1, ['p', 'q'])]),
      ],
      abTests,
    );
    expect(plan).toEqual({
      versions: [{ abTestId: 'shared', version: 1 }],
      alongside: [DUEL, STORE],
      skipped: [],
      fatal: [],
    });
  });

  it('is fatal when a plugin serving the old version has no draft for the new one', () => {
    const plan = planDraftActivation(
      RACE,
      [plugin(RACE, [], [entry('shared', 1)]), plugin(DUEL, [entry('shared', 0)], [entry('idle', 0)])],
      abTests,
    );
    expect(plan.fatal).toEqual([
      [DUEL, "DUEL serves AB-test 'shared' version 0 and its draft has no entry for version 1"],
    ]);
    expect(plan.alongside).toEqual([]);
  });

  it('is fatal when a plugin serving the old version has a draft for the new one that cannot follow', () => {
    const plan = planDraftActivation(
      RACE,
      [
        plugin(RACE, [], [entry('shared', 1)]),
        plugin(DUEL, [entry('shared', 0)], [entry('shared', 1, ['x', ''])]),
        plugin(STREAK, [entry('shared', 0)], [entry('shared', 1)], { draftBaseRevision: 0 }),
      ],
      abTests,
    );
    expect(plan.fatal).toEqual([
      [
        DUEL,
        "DUEL serves AB-test 'shared' version 0; its draft for version 1 cannot be activated alongside: The AB-test shared has an empty configuration that is not control",
      ],
      [
        STREAK,
        "WIN_STREAK serves AB-test 'shared' version 0; its draft for version 1 cannot be activated alongside: the draft of WIN_STREAK is stale (made on active set revision 0, now 1)",
      ],
    ]);
  });

  it('skips, without blocking, a plugin whose draft cannot follow but which serves no version of the test', () => {
    const plan = planDraftActivation(
      RACE,
      [plugin(RACE, [], [entry('shared', 1)]), plugin(STORE, [], [entry('shared', 1), entry('solo', 1)])],
      abTests,
    );
    expect(plan).toMatchObject({
      alongside: [],
      fatal: [],
      skipped: [
        [STORE, "its draft also needs version 1 of AB-test 'solo', which this activation does not activate"],
      ],
    });
  });

  it('leaves plugins on other tests or on the activated version alone', () => {
    const plan = planDraftActivation(
      RACE,
      [
        plugin(RACE, [], [entry('shared', 1)]),
        plugin(DUEL, [entry('solo', 0)], [entry('solo', 1)]),
        plugin(STORE, [entry('shared', 1)], []),
      ],
      abTests,
    );
    expect(plan).toMatchObject({ alongside: [], skipped: [], fatal: [] });
  });
});

describe('checkDraftActivation', () => {
  it('names every problem of an invalid draft', () => {
    const result = checkDraftActivation(
      plugin(RACE, [], [entry('locked', 0), entry('solo', 1, ['a', ''])]),
      abTests,
    );
    expect(result).toMatchObject({
      ok: false,
      error: {
        message:
          "The draft of AGILITY_RACE cannot be activated: The AB-test locked has an invalid configuration; The AB-test solo has an empty configuration that is not control; All versions of AB-test 'locked' are already active: save a new version and leave it inactive, move this entry to it, and activating the draft turns it on",
      },
    });
    expect(checkDraftActivation(plugin(RACE, [], [entry('shared', 1)]), abTests)).toEqual({ ok: true });
  });
});

describe('checkAbTestUsage (Validate, per entry)', () => {
  const plugins = [
    plugin(RACE, [entry('shared', 0)], [entry('shared', 1), entry('solo', 1)]),
    plugin(DUEL, [entry('shared', 0)], [entry('shared', 1, ['x', 'y'])]),
    plugin(STREAK, [entry('solo', 0)], [entry('idle', 0)]),
    plugin(STORE, [], [entry('shared', 1, ['p', 'q'])]),
  ];

  it('lists the plugins activated alongside because of this entry', () => {
    expect(checkAbTestUsage(RACE, { abTestId: 'shared', abTestVersion: 1 }, plugins, abTests)).toEqual({
      validUsages: [DUEL, STORE],
      fatal: [],
    });
  });

  it('lists, per plugin, what blocks activation', () => {
    expect(checkAbTestUsage(RACE, { abTestId: 'solo', abTestVersion: 1 }, plugins, abTests)).toEqual({
      validUsages: [],
      fatal: [
        [STREAK, "WIN_STREAK serves AB-test 'solo' version 0 and its draft has no entry for version 1"],
      ],
    });
  });

  it("reports the entry's own problem as the plugin's fatal", () => {
    expect(checkAbTestUsage(RACE, { abTestId: 'locked', abTestVersion: 0 }, plugins, abTests)).toEqual({
      validUsages: [],
      fatal: [
        [
          RACE,
          "All versions of AB-test 'locked' are already active: save a new version and leave it inactive, move this entry to it, and activating the draft turns it on",
        ],
      ],
    });
  });
});

describe('describeStaleDraft (the 409 says what changed)', () => {
  it('names the revisions and each change since the base', () => {
    const created = Date.UTC(2026, 10, 23, 9, 30, 12);
    const message = describeStaleDraft(RACE, { activeRevision: 4, draftBaseRevision: 1 }, [
      { activeRevision: 2, email: 'a@example.com', created, how: { kind: 'activated' } },
      { activeRevision: 3, email: 'b@example.com', created, how: { kind: 'alongside', pluginName: 'DUEL' } },
      {
        activeRevision: 4,
        email: 'c@example.com',
        created,
        how: { kind: 'reassigned', from: 'r', to: 'r-2' },
      },
    ]);
    expect(message).toBe(
      'The draft of AGILITY_RACE is stale: it was made on active set revision 1, and the active set is now revision 4 (' +
        'revision 2: its draft was activated by a@example.com at 2026-11-23T09:30 UTC; ' +
        'revision 3: its draft was activated alongside DUEL by b@example.com at 2026-11-23T09:30 UTC; ' +
        "revision 4: configuration 'r' was replaced by 'r-2' (Update is not allowed flow) by c@example.com at 2026-11-23T09:30 UTC). " +
        'Reload the draft on top of the current active set.',
    );
    expect(isStaleDraftMessage(message)).toBe(true);
    expect(
      isStaleDraftMessage(describeStaleDraft(DUEL, { activeRevision: 1, draftBaseRevision: 0 }, [])),
    ).toBe(true);
    expect(isStaleDraftMessage('The draft of DUEL cannot be activated: No AB-test configuration added')).toBe(
      false,
    );
  });
});
