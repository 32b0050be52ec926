// What other features use of A/B-tests: reading them by id, the bucket ranges a version serves (the
// runtime snapshot), and the version module's changes that plugin draft activation and the
// "Update is not allowed" flow make in their own transaction.

export { loadAbTestsById } from './abtest.loaders.ts';
export type { AbTestKey } from './abtest.store.ts';
export { type CaseRanges, servedRanges } from './abtest-ranges.ts';
export {
  activateStoredVersion,
  appendCopyOfCurrentVersion,
  appendCopyOfPendingVersion,
} from './abtest-version-changes.ts';
