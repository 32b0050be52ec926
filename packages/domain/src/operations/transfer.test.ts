import { describe, expect, it } from 'vitest';
import {
  countTransferOperations,
  describeTransferState,
  diffGroup,
  diffGroups,
  type TransferItem,
  transferPreviewRequestSchema,
  transferRequestSchema,
} from './transfer.ts';

const item = (
  id: string | number,
  payload: unknown = {},
  extra: Partial<TransferItem> = {},
): TransferItem => ({
  id,
  active: true,
  title: `Item ${id}`,
  payload,
  ...extra,
});

describe('transfer requests', () => {
  it('accepts from, to and a lower-case mode', () => {
    expect(transferPreviewRequestSchema.parse({ from: 'dev', to: 'stable', mode: 'merge' })).toEqual({
      from: 'dev',
      to: 'stable',
      mode: 'merge',
    });
  });
  it('refuses a destination equal to the source, naming it, on the to field', () => {
    const result = transferPreviewRequestSchema.safeParse({ from: 'dev', to: 'dev', mode: 'overwrite' });
    expect(result.error?.issues).toMatchObject([
      { path: ['to'], message: "Cannot transfer environment 'dev' to itself; choose another destination" },
    ]);
  });
  it('refuses other mode spellings', () => {
    expect(
      transferPreviewRequestSchema.safeParse({ from: 'dev', to: 'prod', mode: 'Overwrite' }).error?.issues[0]
        ?.message,
    ).toBe("mode must be 'overwrite' or 'merge'");
  });
  it('needs the preview token to transfer', () => {
    const request = { from: 'dev', to: 'prod', mode: 'overwrite' };
    expect(transferRequestSchema.safeParse(request).error?.issues[0]?.message).toBe(
      'previewToken is missing; preview the transfer first',
    );
    expect(transferRequestSchema.safeParse({ ...request, previewToken: '' }).error?.issues[0]?.message).toBe(
      'previewToken is missing; preview the transfer first',
    );
    expect(transferRequestSchema.safeParse({ ...request, previewToken: 'ab12' }).success).toBe(true);
    expect(transferRequestSchema.safeParse({ ...request, to: 'dev', previewToken: 'ab12' }).success).toBe(
      false,
    );
  });
});

describe('chosen groups and carried dependencies', () => {
  const request = { from: 'dev', to: 'prod', mode: 'merge' };
  it('accepts a list of group names and carryDependencies, both optional', () => {
    expect(
      transferPreviewRequestSchema.parse({ ...request, groups: ['Plugins'], carryDependencies: false }),
    ).toEqual({ ...request, groups: ['Plugins'], carryDependencies: false });
  });
  it('refuses an empty list, a name twice, an empty name and a carry that is not a boolean', () => {
    const messageOf = (body: object) =>
      transferPreviewRequestSchema.safeParse({ ...request, ...body }).error?.issues[0]?.message;
    expect(messageOf({ groups: [] })).toBe('groups must name at least one group');
    expect(messageOf({ groups: ['Plugins', 'Plugins'] })).toBe('groups must not name a group twice');
    expect(messageOf({ groups: [''] })).toBe('groups must not hold an empty name');
    expect(messageOf({ carryDependencies: 'yes' })).toBe('carryDependencies must be true or false');
  });
  it('lets the preview token tell the chosen groups and the carry apart', () => {
    const base = describeTransferState({ ...request, mode: 'merge' }, {}, {});
    expect(describeTransferState({ ...request, mode: 'merge', groups: ['Plugins'] }, {}, {})).not.toBe(base);
    expect(describeTransferState({ ...request, mode: 'merge', carryDependencies: false }, {}, {})).not.toBe(
      base,
    );
  });
});

describe('diffGroup', () => {
  const source = [
    item('b', { x: 1, y: [1, 2] }),
    item('a', { n: 1 }),
    item('c', {}, { active: false }),
    item('new'),
  ];
  const destination = [
    item('a', { n: 2 }),
    item('b', { y: [1, 2], x: 1 }),
    item('c', {}, { active: true }),
    item('old', { kept: true }),
  ];

  it('overwrite: creates, updates, keeps equal items and deletes destination-only ones, sorted by id', () => {
    expect(diffGroup(source, destination, 'overwrite').map(({ id, operation }) => [id, operation])).toEqual([
      ['a', 'update'],
      ['b', 'unchanged'],
      ['c', 'update'],
      ['new', 'create'],
      ['old', 'delete'],
    ]);
  });
  it('merge: keeps destination-only items and shows them as unchanged', () => {
    expect(diffGroup(source, destination, 'merge').map(({ id, operation }) => [id, operation])).toEqual([
      ['a', 'update'],
      ['b', 'unchanged'],
      ['c', 'update'],
      ['new', 'create'],
      ['old', 'unchanged'],
    ]);
  });
  it("shows the source's fields for updates and the destination's for deletes", () => {
    const preview = diffGroup(source, destination, 'overwrite');
    expect(preview.find((row) => row.id === 'a')).toEqual({ ...item('a', { n: 1 }), operation: 'update' });
    expect(preview.find((row) => row.id === 'old')).toEqual({
      ...item('old', { kept: true }),
      operation: 'delete',
    });
  });
  it('sees a title change as an update, and array order as significant', () => {
    expect(diffGroup([item(1, {}, { title: 'New' })], [item(1)], 'merge')[0]?.operation).toBe('update');
    expect(diffGroup([item(1, [1, 2])], [item(1, [2, 1])], 'merge')[0]?.operation).toBe('update');
  });
  it('keeps numeric and text ids apart and sorts numbers first', () => {
    expect(
      diffGroup([item(10), item(2), item('7')], [item(7)], 'overwrite').map(({ id, operation }) => [
        id,
        operation,
      ]),
    ).toEqual([
      [2, 'create'],
      [7, 'delete'],
      [10, 'create'],
      ['7', 'create'],
    ]);
  });
  it('handles empty sides', () => {
    expect(diffGroup([], [item('x')], 'overwrite')).toEqual([{ ...item('x'), operation: 'delete' }]);
    expect(diffGroup([], [item('x')], 'merge')).toEqual([{ ...item('x'), operation: 'unchanged' }]);
    expect(diffGroup([item('x')], [], 'merge')).toEqual([{ ...item('x'), operation: 'create' }]);
    expect(diffGroup([], [], 'overwrite')).toEqual([]);
  });
  it('refuses an id twice on one side', () => {
    expect(() => diffGroup([item('a'), item('a')], [], 'merge')).toThrow(
      "Transfer source has item 'a' twice",
    );
  });
});

describe('diffGroups and counts', () => {
  it('diffs every group present on either side', () => {
    const groups = diffGroups(
      { abtest: [item('t1')], plugin: [item(7)] },
      { plugin: [item(7)], config: [item('c')] },
      'overwrite',
    );
    expect(Object.keys(groups)).toEqual(['abtest', 'config', 'plugin']);
    expect(groups.config?.[0]?.operation).toBe('delete');
    expect(countTransferOperations(groups)).toEqual({ create: 1, update: 0, delete: 1, unchanged: 1 });
  });
});

describe('describeTransferState', () => {
  const request = { from: 'dev', to: 'prod', mode: 'merge' as const };
  it('ignores item and key order but sees every change', () => {
    const base = describeTransferState(request, { g: [item('a', { x: 1, y: 2 }), item('b')] }, { g: [] });
    expect(describeTransferState(request, { g: [item('b'), item('a', { y: 2, x: 1 })] }, { g: [] })).toBe(
      base,
    );
    expect(describeTransferState(request, { g: [item('a', { x: 1, y: 3 }), item('b')] }, { g: [] })).not.toBe(
      base,
    );
    expect(
      describeTransferState(request, { g: [item('a', { x: 1, y: 2 }), item('b')] }, { g: [item('c')] }),
    ).not.toBe(base);
    expect(
      describeTransferState(
        { ...request, mode: 'overwrite' },
        { g: [item('a', { x: 1, y: 2 }), item('b')] },
        { g: [] },
      ),
    ).not.toBe(base);
  });
});
