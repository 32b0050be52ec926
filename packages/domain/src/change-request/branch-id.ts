import { ENVIRONMENT_ID_MAX_LENGTH, ENVIRONMENT_ID_PATTERN } from '../environment.constants.ts';

// No zod here: the web's shell reads a branch id on first load (docs/decisions/0021).

// ---- the branch: a hidden environment `<parent>~cr-<number>` ----

/** Between a parent's id and the request's number: a character no environment id may hold. */
export const BRANCH_SEPARATOR = '~cr-';
const BRANCH_NUMBER_DIGITS = 10;
/** A branch id is longer than an environment id: the parent's id, the separator and the number. */
export const BRANCH_ID_MAX_LENGTH =
  ENVIRONMENT_ID_MAX_LENGTH + BRANCH_SEPARATOR.length + BRANCH_NUMBER_DIGITS;
const BRANCH_ID_PATTERN = /^([A-Za-z0-9_-]{1,36})~cr-([1-9][0-9]{0,9})$/;

/** The id of change request `number`'s branch of `parent`. */
export const branchIdOf = (parent: string, number: number): string => `${parent}${BRANCH_SEPARATOR}${number}`;

/** The parent and request number a branch id names, or null when the id is not a branch's. */
export function parseBranchId(id: string): { parent: string; number: number } | null {
  const match = BRANCH_ID_PATTERN.exec(id);
  if (!match) return null;
  return { parent: match[1]!, number: Number(match[2]) };
}

/** What `?configuration=` may name: an environment, or a change request's branch of one. */
export const isEnvironmentOrBranchId = (id: string): boolean =>
  ENVIRONMENT_ID_PATTERN.test(id) || parseBranchId(id) !== null;
