import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  AUDIT_ATTRIBUTES,
  AUDIT_RUNTIME_EFFECTS,
  checkAuditEvent,
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
