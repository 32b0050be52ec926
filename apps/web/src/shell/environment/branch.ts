import { parseBranchId } from '@console/domain/change-request';

/**
 * A change request's branch is a hidden environment named after the environment it changes and the request
 * (`prod~cr-12`, the domain's branch id): the ordinary screens edit it through `?configuration=`. The shell
 * shows it as the environment it changes (its colour, its theme, its rights), with a banner saying which
 * request it is.
 */
export interface Branch {
  /** The environment the request changes (`prod`). */
  base: string;
  /** The change request's number. */
  changeRequestId: number;
}

export function branchOf(environment: string): Branch | null {
  const parsed = parseBranchId(environment);
  return parsed ? { base: parsed.parent, changeRequestId: parsed.number } : null;
}

/** The environment whose colour, theme and rights a screen shows: a branch's base, else itself. */
export const baseEnvironmentOf = (environment: string): string => branchOf(environment)?.base ?? environment;

/** "Change request 12 of prod", or the environment's own id. */
export function environmentLabel(environment: string): string {
  const branch = branchOf(environment);
  return branch ? `Change request ${branch.changeRequestId} of ${branch.base}` : environment;
}
