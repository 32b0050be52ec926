import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../audit.ts';
import { ENVIRONMENT_ID_PATTERN } from '../environment.constants.ts';
import type { RuntimeContent } from '../runtime/snapshot.ts';
import { branchIdOf, isEnvironmentOrBranchId, parseBranchId } from './branch-id.ts';
import {
  checkScheduleTime,
  listChangeRequestsRequestSchema,
  reviewRequestSchema,
} from './change-request.schemas.ts';
import { impactOfContentChange } from './change-request-impact.ts';
import { AUDIT_REVIEW_CLASSES, isContentAuditAction } from './review-classes.ts';
import { DEFAULT_REVIEW_POLICY, reviewPolicySchema } from './review-policy.ts';
import { mergeThreeWay, rebaseItem } from './three-way.ts';

describe('branch ids', () => {
  it('names the parent and the number, and is never an environment id', () => {
    const id = branchIdOf('prod', 12);
    expect(id).toBe('prod~cr-12');
    expect(parseBranchId(id)).toEqual({ parent: 'prod', number: 12 });
    expect(ENVIRONMENT_ID_PATTERN.test(id)).toBe(false);
    expect(isEnvironmentOrBranchId(id)).toBe(true);
    expect(isEnvironmentOrBranchId('prod')).toBe(true);
  });
  it.each([
    'prod',
    'prod~cr-',
    'prod~cr-0',
    'prod~cr-01',
    '~cr-1',
    'a~cr-1~cr-2',
    'pr od~cr-1',
    `${'a'.repeat(37)}~cr-1`,
  ])('refuses %s as a branch id', (id) => {
    expect(parseBranchId(id)).toBeNull();
  });
});

describe('review classes', () => {
  it('classify every audit action, the change requests own exempt and content changes under review', () => {
    expect(Object.keys(AUDIT_REVIEW_CLASSES).sort()).toEqual([...AUDIT_ACTIONS].sort());
    expect(isContentAuditAction('config.save')).toBe(true);
    expect(isContentAuditAction('plugin.draft.activate')).toBe(true);
    expect(isContentAuditAction('compensation.send')).toBe(false);
    expect(isContentAuditAction('runtime-key.create')).toBe(false);
    expect(isContentAuditAction('change-request.apply')).toBe(false);
    // An action written by a later version is not let through unclassified
    expect(isContentAuditAction('something.new')).toBe(true);
  });
});

describe('change request requests', () => {
  it('bound the policy, the comment, the status filter and the schedule', () => {
    expect(reviewPolicySchema.safeParse(DEFAULT_REVIEW_POLICY).success).toBe(true);
    expect(
      reviewPolicySchema.safeParse({ ...DEFAULT_REVIEW_POLICY, approvals: 4 }).error?.issues[0]?.message,
    ).toBe('approvals must be 1 to 3');
    expect(reviewRequestSchema.safeParse({ id: 1, comment: 'x'.repeat(4001) }).success).toBe(false);
    expect(listChangeRequestsRequestSchema.safeParse({ status: Array(9).fill('draft') }).success).toBe(false);
    expect(checkScheduleTime(1000, 2000)).toBe('at: must be in the future');
    expect(checkScheduleTime(3000, 2000)).toBeNull();
  });
});

describe('three-way merge', () => {
  const item = (id: string, title: string) => ({ id, active: true, title, payload: { v: title } });
  it('keeps live-only changes, takes branch-only ones and finds both as a conflict', () => {
    const base = { G: [item('a', 'a0'), item('b', 'b0'), item('c', 'c0')] };
    const mine = { G: [item('a', 'a1'), item('b', 'b0'), item('c', 'c-mine'), item('n', 'new')] };
    const live = { G: [item('a', 'a0'), item('b', 'b-live'), item('c', 'c-live')] };
    const result = mergeThreeWay(['G'], base, mine, live);
    expect(result.merged.G!.map((entry) => entry.title)).toEqual(['a1', 'b-live', 'c-live', 'new']);
    expect(result.conflicts).toMatchObject([
      { group: 'G', id: 'c', mine: { title: 'c-mine' }, live: { title: 'c-live' } },
    ]);
    expect(result.isBaseMoved).toBe(true);
    const rebased = rebaseItem(base, 'G', 'c', live.G[2]!);
    expect(mergeThreeWay(['G'], rebased, mine, live).conflicts).toEqual([]);
  });
  it('sees a delete in the branch as a change, and the same change on both sides as none', () => {
    const base = { G: [item('a', 'a0'), item('b', 'b0')] };
    const result = mergeThreeWay(
      ['G'],
      base,
      { G: [item('b', 'b1')] },
      { G: [item('a', 'a0'), item('b', 'b1')] },
    );
    expect(result.merged.G!.map((entry) => entry.id)).toEqual(['b']);
    expect(result.conflicts).toEqual([]);
  });
});

describe('player impact of a change request', () => {
  const content = (weights: [number, number], configurations: string[], enabled = true): RuntimeContent => ({
    plugins: [
      { id: 4, name: 'DUEL', enabled, entries: [{ abTestId: 't', abTestVersion: 0, configurations }] },
    ],
    abTests: [
      {
        id: 't',
        type: 0,
        active: true,
        salt: 's',
        segment: { conditions: [] },
        version: 0,
        cases: [
          { weight: weights[0], ranges: [[0, weights[0]]] },
          { weight: weights[1], ranges: [[weights[0], 1_000_000]] },
        ],
      },
    ],
    configurations: [],
    release: {
      nextReleaseTime: 0,
      maxLevel: 1,
      nextMaxLevel: 1,
      remindVersion: '0.0.0',
      minimumVersion: '0.0.0',
      keyValue: '',
    },
  });
  it('counts the players changing case and configuration, exactly over the bucket space', () => {
    const [impact] = impactOfContentChange(
      content([500_000, 500_000], ['a', 'b']),
      content([400_000, 600_000], ['a', 'b']),
    );
    expect(impact).toMatchObject({
      pluginId: 4,
      entries: [{ abTestId: 't', movedCase: 0.1, changedConfiguration: 0.1 }],
    });
    const [configuration] = impactOfContentChange(
      content([500_000, 500_000], ['a', 'b']),
      content([500_000, 500_000], ['a', 'c']),
    );
    expect(configuration!.entries[0]).toMatchObject({ movedCase: 0, changedConfiguration: 0.5 });
    const [switchedOff] = impactOfContentChange(
      content([500_000, 500_000], ['a', 'b']),
      content([500_000, 500_000], ['a', 'b'], false),
    );
    expect(switchedOff!.entries[0]).toMatchObject({ movedCase: 0, changedConfiguration: 1 });
    expect(
      impactOfContentChange(content([500_000, 500_000], ['a', 'b']), content([500_000, 500_000], ['a', 'b'])),
    ).toEqual([]);
  });
});
