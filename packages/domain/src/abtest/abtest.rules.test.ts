import { describe, expect, it } from 'vitest';
import { AbTestType } from '../enums.ts';
import { DomainError } from '../errors.ts';
import {
  abTestNotFound,
  activateVersion,
  checkAbTestDeletion,
  checkNewVersion,
  checkRollout,
  checkSegmentEditable,
  checkTestActivation,
  checkVersionActivation,
  createVersion,
  currentVersionNumber,
  formatVersion,
  hasActiveVersion,
  latestVersion,
  NO_VERSION,
  newAbTestData,
  nextVersionNumber,
  sortVersionsNewestFirst,
} from './abtest.rules.ts';
import type { AbTest, AbTestVersion } from './abtest.schemas.ts';
import { assertRule, type RuleResult } from './rule-result.ts';

const version = (n: number, active: boolean, cases: number[] = [1_000_000]): AbTestVersion => ({
  version: n,
  active,
  cases,
  created: 1_700_000_000_000 + n,
  lastModifier: 'op@example.com',
});

function abTest(overrides: Partial<AbTest> = {}, versions: AbTestVersion[] = []): AbTest {
  const data = { ...newAbTestData(AbTestType.StickySegmentation), versions };
  return {
    id: 'spring-sale',
    description: '',
    active: false,
    created: 0,
    modified: 0,
    lastModifier: 'op@example.com',
    data: { ...data, version: currentVersionNumber(versions) },
    usedBy: [],
    ...overrides,
  };
}

const failure = (result: RuleResult) =>
  result.ok ? undefined : { code: result.error.code, message: result.error.message };

describe('version numbers', () => {
  it('has no version (-1) before the first, which is 0', () => {
    expect(currentVersionNumber([])).toBe(NO_VERSION);
    expect(nextVersionNumber([])).toBe(0);
    expect(formatVersion(NO_VERSION)).toBe('No version');
    expect(formatVersion(3)).toBe('3');
  });
  it('numbers new versions after the highest, strictly increasing', () => {
    expect(nextVersionNumber([version(0, true), version(4, false), version(2, false)])).toBe(5);
    let versions: AbTestVersion[] = [];
    for (let i = 0; i < 5; i += 1) versions = [...versions, createVersion(versions, [1_000_000], i, 'op')];
    expect(versions.map((v) => v.version)).toEqual([0, 1, 2, 3, 4]);
    expect(versions.every((v) => !v.active)).toBe(true);
  });
  it('the current version is the highest active one', () => {
    expect(currentVersionNumber([version(0, true), version(1, true), version(2, false)])).toBe(1);
    expect(currentVersionNumber([version(0, false)])).toBe(NO_VERSION);
    expect(hasActiveVersion([version(0, false)])).toBe(false);
    expect(hasActiveVersion([version(0, false), version(1, true)])).toBe(true);
  });
  it('finds the latest and sorts newest first', () => {
    const versions = [version(1, true), version(3, false), version(2, true)];
    expect(latestVersion(versions)?.version).toBe(3);
    expect(latestVersion([])).toBeUndefined();
    expect(sortVersionsNewestFirst(versions).map((v) => v.version)).toEqual([3, 2, 1]);
    expect(versions.map((v) => v.version)).toEqual([1, 3, 2]);
  });
});

describe('checkNewVersion', () => {
  it('checks the weights and the rollout case count', () => {
    expect(checkNewVersion(abTest(), [1_000_000]).ok).toBe(true);
    expect(failure(checkNewVersion(abTest(), []))?.message).toBe('Weights cannot be empty');
    const rollout = abTest({ data: newAbTestData(AbTestType.Rollout) });
    expect(failure(checkNewVersion(rollout, [1_000_000]))?.message).toBe(
      'Rollout versions must have exactly 2 cases, not 1',
    );
  });
});

describe('checkVersionActivation', () => {
  const test = abTest({}, [
    version(0, true),
    version(1, false),
    version(2, false),
    version(3, true),
    version(4, false),
  ]);
  it('allows a newer inactive version', () => {
    expect(checkVersionActivation(test, 4).ok).toBe(true);
    expect(checkVersionActivation(abTest({}, [version(0, false)]), 0).ok).toBe(true);
  });
  it('refuses an active version', () => {
    expect(failure(checkVersionActivation(test, 3))).toEqual({
      code: 'RULE_VIOLATION',
      message: 'Version 3 is already active',
    });
  });
  it('refuses a version not newer than the current one', () => {
    expect(failure(checkVersionActivation(test, 2))).toEqual({
      code: 'RULE_VIOLATION',
      message: 'Version 2 is not newer than the current version 3',
    });
  });
  it('answers not found for a missing version', () => {
    expect(failure(checkVersionActivation(test, 9))).toEqual({
      code: 'NOT_FOUND',
      message: "Version 9 of AB-test 'spring-sale' not found",
    });
  });
  it('activateVersion makes it current and copies its cases', () => {
    const data = activateVersion(test.data, 4);
    expect(data.version).toBe(4);
    expect(data.versions.filter((v) => v.active).map((v) => v.version)).toEqual([0, 3, 4]);
    expect(data.cases).toEqual([1_000_000]);
    expect(test.data.versions[4]?.active).toBe(false);
    expect(activateVersion(test.data, 9)).toBe(test.data);
  });
});

describe('checkTestActivation', () => {
  it('activates an inactive test with an active version', () => {
    expect(checkTestActivation(abTest({}, [version(0, true)])).ok).toBe(true);
  });
  it('refuses an inactive test without an active version', () => {
    expect(failure(checkTestActivation(abTest({}, [version(0, false)])))).toEqual({
      code: 'RULE_VIOLATION',
      message: 'AB-test has no active version',
    });
    expect(failure(checkTestActivation(abTest()))?.message).toBe('AB-test has no active version');
  });
  it('says beside that refusal what to do next, leaving the product text as it is', () => {
    const result = checkTestActivation(abTest({}, [version(0, false)]));
    expect(result.ok ? undefined : result.error.hint).toBe(
      'Save a version and leave it inactive, use it in a plugin draft and activate the draft (that activates the version), then activate the AB-test',
    );
  });
  it('refuses to deactivate an active test', () => {
    expect(failure(checkTestActivation(abTest({ active: true }, [version(0, true)]), false))).toEqual({
      code: 'RULE_VIOLATION',
      message: 'An active AB-test cannot be deactivated',
    });
  });
  it('treats asking for the current state as a no-op', () => {
    expect(checkTestActivation(abTest({ active: true }, [version(0, true)]), true).ok).toBe(true);
    expect(checkTestActivation(abTest(), false).ok).toBe(true);
  });
});

describe('other rules', () => {
  it('the segment is editable only while inactive', () => {
    expect(checkSegmentEditable(abTest()).ok).toBe(true);
    expect(failure(checkSegmentEditable(abTest({ active: true })))?.message).toBe(
      'The segment of an active AB-test cannot be changed',
    );
  });
  it('an AB-test used by plugins cannot be deleted', () => {
    expect(checkAbTestDeletion(abTest()).ok).toBe(true);
    expect(failure(checkAbTestDeletion(abTest({ usedBy: [4, 10] })))?.message).toBe(
      "AB-test 'spring-sale' is used by plugins 4, 10 and cannot be deleted",
    );
  });
  it('an active AB-test cannot be deleted; usage is named first', () => {
    expect(failure(checkAbTestDeletion(abTest({ active: true })))?.message).toBe(
      "AB-test 'spring-sale' is active and cannot be deleted",
    );
    expect(failure(checkAbTestDeletion(abTest({ active: true, usedBy: [4] })))?.message).toBe(
      "AB-test 'spring-sale' is used by plugins 4 and cannot be deleted",
    );
    expect(checkAbTestDeletion({ id: 'x', usedBy: [] }).ok).toBe(true);
  });
  it('not found is the product’s text', () => {
    const error = abTestNotFound();
    expect(error).toBeInstanceOf(DomainError);
    expect([error.code, error.message]).toEqual(['NOT_FOUND', 'AB-test not found']);
  });
  it('assertRule throws the rule error', () => {
    expect(() => assertRule(checkTestActivation(abTest()))).toThrow('AB-test has no active version');
    expect(() => assertRule(checkTestActivation(abTest({}, [version(0, true)])))).not.toThrow();
  });
  it('a new AB-test has no version and targets all players', () => {
    expect(newAbTestData(AbTestType.Rollout)).toEqual({
      type: 20,
      version: -1,
      cases: [],
      caseDescriptions: [],
      versions: [],
      segment: { conditions: [] },
    });
  });
});

describe('checkRollout', () => {
  it('lets only a rollout set a treatment share', () => {
    expect(checkRollout(abTest({ data: { ...newAbTestData(AbTestType.Rollout) } }))).toEqual({ ok: true });
    expect(failure(checkRollout(abTest()))).toEqual({
      code: 'RULE_VIOLATION',
      message: "AB-test 'spring-sale' is not a rollout",
    });
  });
});
