import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../audit.ts';
import { ENVIRONMENT_ID_PATTERN } from '../environment.constants.ts';
import { branchIdOf, isEnvironmentOrBranchId, parseBranchId } from './branch-id.ts';
import {
  checkScheduleTime,
  listChangeRequestsRequestSchema,
  reviewRequestSchema,
} from './change-request.schemas.ts';
import { AUDIT_REVIEW_CLASSES, isContentAuditAction } from './review-classes.ts';
import { DEFAULT_REVIEW_POLICY, reviewPolicySchema } from './review-policy.ts';

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
