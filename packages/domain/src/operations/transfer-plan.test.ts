import { describe, expect, it } from 'vitest';
import type { TransferItem, TransferReference } from './transfer.ts';
import { planTransfer, type TransferDependencyRules, type TransferGroupState } from './transfer-plan.ts';

// A toy product: plugins ('P') need versions of tests ('T') and configurations ('C'); a test may
// itself need a configuration, to show that what a carried item needs is carried too.
type Need = { group: string; id: string; version?: number };
const plugin = (id: number, needs: Need[], title = `P${id}`): TransferItem => ({
  id,
  active: true,
  title,
  payload: { needs },
});
const abTest = (id: string, versions: Record<number, string>, needs: Need[] = []): TransferItem => ({
  id,
  active: true,
  title: `test ${id}`,
  payload: { versions, needs },
});
const config = (id: string, data = 'v'): TransferItem => ({
  id,
  active: true,
  title: `config ${id}`,
  payload: data,
});

const rules: TransferDependencyRules = {
  referencesOf: (_group, item) =>
    ((item.payload as { needs?: Need[] }).needs ?? []).map(
      (need): TransferReference => ({
        ...need,
        label:
          need.version === undefined
            ? `${need.group} '${need.id}'`
            : `${need.group} '${need.id}' v${need.version}`,
      }),
    ),
  partOf: (reference, item) =>
    reference.version === undefined
      ? item.payload
      : (item.payload as { versions: Record<number, string> }).versions[reference.version],
};

const needsX1AndC: Need[] = [
  { group: 'T', id: 'x', version: 1 },
  { group: 'C', id: 'c' },
];

function states(
  source: Record<string, TransferItem[]>,
  destination: Record<string, TransferItem[]>,
  chosen: string[],
): TransferGroupState[] {
  return ['P', 'T', 'C'].map((name) => ({
    name,
    source: source[name] ?? [],
    destination: destination[name] ?? [],
    isChosen: chosen.includes(name),
  }));
}

const summary = (plan: ReturnType<typeof planTransfer>) =>
  plan.dependencies.map((dependency) => [
    `${dependency.group}:${dependency.id}${dependency.version === undefined ? '' : `@${dependency.version}`}`,
    dependency.status,
    dependency.outcome,
  ]);

describe('planTransfer', () => {
  const source = {
    P: [plugin(4, needsX1AndC, 'DUEL')],
    T: [abTest('x', { 0: 'a', 1: 'b' }), abTest('unneeded', { 0: 'z' })],
    C: [config('c'), config('unneeded')],
  };

  it('merge carries what a transferred plugin needs into an empty destination, and nothing else', () => {
    const plan = planTransfer(states(source, {}, ['P']), { mode: 'merge', carryDependencies: true }, rules);
    expect(Object.keys(plan.groups)).toEqual(['P', 'T', 'C']);
    expect(plan.groups.T).toEqual([{ ...source.T[0], operation: 'create' }]);
    expect(plan.groups.C).toEqual([{ ...source.C[0], operation: 'create' }]);
    expect(summary(plan)).toEqual([
      ['T:x@1', 'missing', 'carried'],
      ['C:c', 'missing', 'carried'],
    ]);
    expect(plan.dependencies[0]).toMatchObject({
      label: "T 'x' v1",
      title: 'test x',
      isInSource: true,
      neededBy: [{ group: 'P', id: 4, title: 'DUEL' }],
    });
    expect(plan.missing).toEqual([]);
    expect(plan.carried).toEqual(['T:x', 'C:c']);
  });

  it('refuses, listing what is missing, when the operator does not carry (merge) or in overwrite', () => {
    for (const options of [
      { mode: 'merge', carryDependencies: false },
      { mode: 'overwrite', carryDependencies: true },
    ] as const) {
      const plan = planTransfer(states(source, {}, ['P']), options, rules);
      expect(Object.keys(plan.groups)).toEqual(['P']);
      expect(summary(plan)).toEqual([
        ['T:x@1', 'missing', 'refused'],
        ['C:c', 'missing', 'refused'],
      ]);
      expect(plan.missing).toEqual(["T 'x' v1 (needed by DUEL)", "C 'c' (needed by DUEL)"]);
      expect(plan.carried).toEqual([]);
    }
  });

  it('shows equal and different dependencies; neither is written, the different one is kept', () => {
    const destination = { T: [abTest('x', { 0: 'other', 1: 'b' })], C: [config('c', 'changed in prod')] };
    const plan = planTransfer(
      states(source, destination, ['P']),
      { mode: 'merge', carryDependencies: true },
      rules,
    );
    expect(summary(plan)).toEqual([
      ['T:x@1', 'equal', 'unchanged'],
      ['C:c', 'different', 'kept'],
    ]);
    expect(Object.keys(plan.groups)).toEqual(['P']);
    expect(plan.missing).toEqual([]);
  });

  it('dependencies whose groups are chosen travel with their group', () => {
    const plan = planTransfer(
      states(source, { C: [config('c', 'old')] }, ['P', 'T', 'C']),
      { mode: 'overwrite', carryDependencies: false },
      rules,
    );
    expect(summary(plan)).toEqual([
      ['T:x@1', 'missing', 'transferred'],
      ['C:c', 'different', 'transferred'],
    ]);
    expect(plan.missing).toEqual([]);
  });

  it('carries a missing version as the whole item, and refuses if that takes a version a kept plugin uses', () => {
    const destination = {
      P: [plugin(9, [{ group: 'T', id: 'x', version: 2 }], 'KEPT')],
      T: [abTest('x', { 0: 'a', 2: 'only in destination' })],
      C: [config('c')],
    };
    const plan = planTransfer(
      states(source, destination, ['P']),
      { mode: 'merge', carryDependencies: true },
      rules,
    );
    expect(plan.groups.T).toEqual([{ ...source.T[0], operation: 'update' }]);
    expect(summary(plan)).toEqual([
      ['T:x@1', 'missing', 'carried'],
      ['C:c', 'equal', 'unchanged'],
    ]);
    // plugin 9 is kept by the merge, and would lose version 2
    expect(plan.missing).toEqual(["T 'x' v2 (needed by KEPT)"]);
  });

  it('refuses to delete, in overwrite, what a destination plugin left alone still uses; old gaps are not its doing', () => {
    const destination = {
      P: [
        plugin(
          9,
          [
            { group: 'T', id: 'x', version: 0 },
            { group: 'C', id: 'gone-before' },
          ],
          'KEPT',
        ),
      ],
      T: [abTest('x', { 0: 'a' })],
    };
    const plan = planTransfer(
      states({ T: [] }, destination, ['T']),
      { mode: 'overwrite', carryDependencies: true },
      rules,
    );
    expect(plan.groups.T).toEqual([{ ...destination.T[0], operation: 'delete' }]);
    expect(plan.dependencies).toEqual([]);
    expect(plan.missing).toEqual(["T 'x' v0 (needed by KEPT)"]);
  });

  it('cannot carry what the source lacks too, and says so', () => {
    const plan = planTransfer(
      states({ P: [plugin(4, [{ group: 'T', id: 'x', version: 7 }], 'DUEL')], T: source.T }, {}, ['P']),
      { mode: 'merge', carryDependencies: true },
      rules,
    );
    expect(plan.dependencies).toMatchObject([
      { id: 'x', version: 7, status: 'missing', outcome: 'refused', isInSource: false },
    ]);
    expect(plan.missing).toEqual(["T 'x' v7 (needed by DUEL)"]);
    expect(plan.carried).toEqual([]);
  });

  it('carries what a carried item needs, and lists each needing item once', () => {
    const chained = {
      P: [
        plugin(4, [
          { group: 'T', id: 'y', version: 0 },
          { group: 'T', id: 'y', version: 0 },
        ]),
        plugin(5, [{ group: 'T', id: 'y', version: 0 }]),
      ],
      T: [abTest('y', { 0: 'a' }, [{ group: 'C', id: 'c' }])],
      C: [config('c')],
    };
    const plan = planTransfer(states(chained, {}, ['P']), { mode: 'merge', carryDependencies: true }, rules);
    expect(summary(plan)).toEqual([
      ['T:y@0', 'missing', 'carried'],
      ['C:c', 'missing', 'carried'],
    ]);
    expect(plan.dependencies[0]?.neededBy.map((by) => by.id)).toEqual([4, 5]);
    expect(plan.dependencies[1]?.neededBy).toEqual([{ group: 'T', id: 'y', title: 'test y' }]);
    expect(plan.missing).toEqual([]);
  });

  it('leaves out references to groups the registry lacks', () => {
    const plan = planTransfer(
      [
        {
          name: 'P',
          source: [plugin(4, [{ group: 'Elsewhere', id: 'q' }])],
          destination: [],
          isChosen: true,
        },
      ],
      { mode: 'overwrite', carryDependencies: true },
      rules,
    );
    expect(plan).toMatchObject({ dependencies: [], missing: [] });
  });
});
