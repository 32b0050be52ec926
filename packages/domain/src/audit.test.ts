import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  AUDIT_ATTRIBUTES,
  AUDIT_RUNTIME_EFFECTS,
  type AuditProblem,
  checkAuditEvent,
  describeAuditProblem,
  describeAuditVerification,
  isPublishingAuditAction,
  PUBLISHING_AUDIT_ACTIONS,
} from './audit.ts';

describe('runtime effect of audit actions', () => {
  it('classifies every audit action, and nothing else', () => {
    expect(Object.keys(AUDIT_RUNTIME_EFFECTS).sort()).toEqual([...AUDIT_ACTIONS].sort());
    expect(Object.keys(AUDIT_ATTRIBUTES).sort()).toEqual([...AUDIT_ACTIONS].sort());
    for (const effect of Object.values(AUDIT_RUNTIME_EFFECTS)) {
      expect(['publish', 'none', 'own']).toContain(effect);
    }
  });

  it('publishes for changes of what players receive, never for operations data', () => {
    for (const action of [
      'environment.create',
      'environment.transfer',
      'release.kv.set',
      'plugin.activate',
      'plugin.draft.activate',
      'plugin.entries.reassign',
      'abtest.version.activate',
      'abtest.rollout.apply',
      'abtest.segment.save',
      'abtest.activate',
      'config.save',
      'config.duplicate.reassign',
    ]) {
      expect(isPublishingAuditAction(action), action).toBe(true);
    }
    for (const action of [
      'nice.set',
      'compensation.send',
      'player.progression.set',
      'runtime-key.create',
      'runtime-key.revoke',
      'connection.close',
      'plugin.draft.save',
      'abtest.version.save',
      'runtime.revision.republish',
      'runtime.revision.resume',
      'no.such.action',
    ]) {
      expect(isPublishingAuditAction(action), action).toBe(false);
    }
    expect(PUBLISHING_AUDIT_ACTIONS.every((action) => AUDIT_RUNTIME_EFFECTS[action] === 'publish')).toBe(
      true,
    );
  });

  it('records a re-randomised activation only as reRandomise: true', () => {
    const activation = { version: 1, previousVersion: 0, cases: [500_000, 500_000] };
    expect(checkAuditEvent('abtest.version.activate', { ...activation, reRandomise: true })).toBeNull();
    expect(checkAuditEvent('abtest.version.activate', activation)).toBeNull();
    expect(checkAuditEvent('abtest.version.activate', { ...activation, reRandomise: false })).not.toBeNull();
  });
});

describe('findings of the audit log check, in words', () => {
  const finding = (problem: Partial<AuditProblem>): AuditProblem => ({
    kind: 'missing',
    entryId: null,
    environment: 'prod',
    firstPosition: null,
    lastPosition: null,
    afterEntry: null,
    beforeEntry: null,
    ...problem,
  });

  it('names the entry, its chain and where the missing ones were', () => {
    expect(describeAuditProblem(finding({ kind: 'inserted', entryId: 7, environment: null }))).toBe(
      'Entry 7 was inserted: it was not written by the console (no seal, the console-wide chain)',
    );
    expect(describeAuditProblem(finding({ kind: 'changed', entryId: 8, firstPosition: 3 }))).toBe(
      'Entry 8 was changed after it was written (position 3 of the chain of prod)',
    );
    expect(describeAuditProblem(finding({ entryId: 9, firstPosition: 4, lastPosition: 4 }))).toBe(
      'Entry 9 is missing (position 4 of the chain of prod)',
    );
    expect(
      describeAuditProblem(finding({ firstPosition: 5, lastPosition: 6, afterEntry: 9, beforeEntry: 12 })),
    ).toBe(
      'The entries at positions 5-6 of the chain of prod are missing, after entry 9 and before entry 12',
    );
    expect(describeAuditProblem(finding({ firstPosition: 7, lastPosition: 7 }))).toBe(
      'The entry at position 7 of the chain of prod is missing',
    );
  });

  it('sums the check up in one line', () => {
    expect(describeAuditVerification({ isIntact: true, entries: 3, findings: 0, problems: [] })).toBe(
      'Audit log intact: 3 entries, every chain unbroken',
    );
    const problems = [finding({ kind: 'inserted', entryId: 1 })];
    expect(describeAuditVerification({ isIntact: false, entries: 3, findings: 1, problems })).toBe(
      'Audit log not intact: 1 finding in 3 entries',
    );
    expect(describeAuditVerification({ isIntact: false, entries: 300, findings: 250, problems })).toBe(
      'Audit log not intact: 250 findings in 300 entries (the first 1 shown)',
    );
  });
});
