import { AbTestType } from '../enums.ts';
import { type DomainError, notFound } from '../errors.ts';
import type { AbTest, AbTestData, AbTestVersion } from './abtest.schemas.ts';
import { failRule, RULE_OK, type RuleResult } from './rule-result.ts';
import { SEGMENT_MESSAGES } from './segment.ts';
import { validateVersionWeights } from './weights.ts';

/** A version below zero is shown as "No version". */
export const NO_VERSION = -1;
// Decision (docs/decisions/0122): versions are numbered 0, 1, 2, ... per AB-test, strictly increasing.
export const FIRST_VERSION = 0;

export const ABTEST_MESSAGES = {
  // Exact texts
  notFoundPage: 'AB-test not found',
  idExists: 'ID already exists',
  noVersion: 'No version',
  activateConfirmTitle: 'Activate AB-test?',
  activationFailedTitle: 'Activation Failed',
  deactivationFailedTitle: 'Deactivation Failed',
  noActiveVersion: 'AB-test has no active version',
  cannotDeactivate: 'An active AB-test cannot be deactivated',
  // Decision (docs/decisions/): texts the product document does not give, naming the thing (style.md).
  /**
   * What to do after "AB-test has no active version", answered as `hint` (the error is the product's exact
   * text): the publishing order that leaves plugin drafts able to take the version.
   */
  noActiveVersionHint:
    'Save a version and leave it inactive, use it in a plugin draft and activate the draft (that activates the version), then activate the AB-test',
  versionNotFound: (id: string, version: number) => `Version ${version} of AB-test '${id}' not found`,
  versionAlreadyActive: (version: number) => `Version ${version} is already active`,
  versionNotNewer: (version: number, current: number) =>
    `Version ${version} is not newer than the current version ${current}`,
  usedByPlugins: (id: string, pluginIds: readonly number[]) =>
    `AB-test '${id}' is used by plugins ${pluginIds.join(', ')} and cannot be deleted`,
  activeCannotBeDeleted: (id: string) => `AB-test '${id}' is active and cannot be deleted`,
} as const;

export const ABTEST_ROLLOUT_MESSAGES = {
  // Decision (docs/decisions/): a text the product document does not give, naming the thing.
  notRollout: (id: string) => `AB-test '${id}' is not a rollout`,
} as const;

/** The parts of an AB-test the rules look at; a full AbTest fits. */
export type AbTestRuleView = Pick<AbTest, 'id' | 'active'> & { data: Pick<AbTestData, 'type' | 'versions'> };
type VersionView = Pick<AbTestVersion, 'version' | 'active'>;

// A missing test is 404 "AB-test not found", exactly (the id is in the request).
export function abTestNotFound(): DomainError {
  return notFound(ABTEST_MESSAGES.notFoundPage);
}

/** Rollout apply and its impact preview: only a rollout has a treatment share to set. */
export function checkRollout(
  abTest: Pick<AbTestRuleView, 'id'> & { data: Pick<AbTestData, 'type'> },
): RuleResult {
  return isRollout(abTest.data.type) ? RULE_OK : failRule(ABTEST_ROLLOUT_MESSAGES.notRollout(abTest.id));
}

/** "No version" below zero, else the number. */
export function formatVersion(version: number): string {
  return version < 0 ? ABTEST_MESSAGES.noVersion : String(version);
}

export function isRollout(type: number): boolean {
  return type === AbTestType.Rollout;
}

/** The current version: the highest active one, or NO_VERSION (-1). This is data.version. */
export function currentVersionNumber(versions: readonly VersionView[]): number {
  return versions.reduce((current, v) => (v.active && v.version > current ? v.version : current), NO_VERSION);
}

export function hasActiveVersion(versions: readonly VersionView[]): boolean {
  return versions.some((v) => v.active);
}

/** The highest version, active or not (a plugin draft adds an AB-test's highest version). */
export function latestVersion<V extends VersionView>(versions: readonly V[]): V | undefined {
  return versions.reduce<V | undefined>(
    (latest, v) => (!latest || v.version > latest.version ? v : latest),
    undefined,
  );
}

/** The number a newly saved version gets: one more than the highest, FIRST_VERSION for the first. */
export function nextVersionNumber(versions: readonly VersionView[]): number {
  return (latestVersion(versions)?.version ?? FIRST_VERSION - 1) + 1;
}

/** The versions table lists the newest first. */
export function sortVersionsNewestFirst<V extends VersionView>(versions: readonly V[]): V[] {
  return [...versions].sort((a, b) => b.version - a.version);
}

/** The data of a newly created AB-test: no version, no cases, no conditions (all players). */
export function newAbTestData(type: AbTestData['type']): AbTestData {
  return {
    type,
    version: NO_VERSION,
    cases: [],
    caseDescriptions: [],
    versions: [],
    segment: { conditions: [] },
  };
}

/** A new version's weights (total 1,000,000; a rollout has exactly two cases). */
export function checkNewVersion(
  abTest: Pick<AbTestRuleView, 'data'>,
  weights: readonly number[],
): RuleResult {
  return validateVersionWeights(abTest.data.type, weights);
}

/** The version entry /versions/save appends, inactive, numbered after the highest. */
export function createVersion(
  versions: readonly VersionView[],
  cases: readonly number[],
  created: number,
  lastModifier: string,
): AbTestVersion {
  return { version: nextVersionNumber(versions), active: false, cases: [...cases], created, lastModifier };
}

/** Only a version newer than the current one and not already active can be activated. */
export function checkVersionActivation(
  abTest: { id: string; data: { versions: readonly VersionView[] } },
  version: number,
): RuleResult {
  const target = abTest.data.versions.find((v) => v.version === version);
  if (!target) return { ok: false, error: notFound(ABTEST_MESSAGES.versionNotFound(abTest.id, version)) };
  if (target.active) return failRule(ABTEST_MESSAGES.versionAlreadyActive(version));
  const current = currentVersionNumber(abTest.data.versions);
  if (version <= current) return failRule(ABTEST_MESSAGES.versionNotNewer(version, current));
  return RULE_OK;
}

/**
 * The data after activating `version` (call checkVersionActivation first): that version becomes
 * active and current, and its weights become data.cases. Older versions keep their active flag.
 */
export function activateVersion(data: AbTestData, version: number): AbTestData {
  const target = data.versions.find((v) => v.version === version);
  if (!target) return data;
  return {
    ...data,
    version,
    cases: [...target.cases],
    versions: data.versions.map((v) => (v.version === version ? { ...v, active: true } : v)),
  };
}

/**
 * An inactive AB-test with an active version can be activated; one without gets
 * "AB-test has no active version"; an active one cannot be deactivated. Asking for the state it is
 * already in (inactive → inactive, active → active) is ok and changes nothing.
 */
export function checkTestActivation(
  abTest: Pick<AbTestRuleView, 'active' | 'data'>,
  requestedActive = true,
): RuleResult {
  if (abTest.active) return requestedActive ? RULE_OK : failRule(ABTEST_MESSAGES.cannotDeactivate);
  if (requestedActive && !hasActiveVersion(abTest.data.versions))
    return failRule(ABTEST_MESSAGES.noActiveVersion, ABTEST_MESSAGES.noActiveVersionHint);
  return RULE_OK;
}

/** The segment is editable only while the AB-test is inactive. */
export function checkSegmentEditable(abTest: Pick<AbTestRuleView, 'active'>): RuleResult {
  return abTest.active ? failRule(SEGMENT_MESSAGES.notEditable) : RULE_OK;
}

/**
 * An AB-test used by a plugin (draft or active) cannot be deleted, nor can an active one
 * (players may be assigned to its cases). Usage is reported first: it names what to change.
 * `active` is optional so callers holding only id and usedBy keep working.
 */
export function checkAbTestDeletion(
  abTest: Pick<AbTest, 'id' | 'usedBy'> & { active?: boolean },
): RuleResult {
  if (abTest.usedBy.length > 0) return failRule(ABTEST_MESSAGES.usedByPlugins(abTest.id, abTest.usedBy));
  if (abTest.active) return failRule(ABTEST_MESSAGES.activeCannotBeDeleted(abTest.id));
  return RULE_OK;
}
