import { createHash } from 'node:crypto';
import {
  type ChangeRequestDiff,
  DomainError,
  describeRuntimeDiff,
  ENVIRONMENT_FILE_GROUPS,
  impactOfContentChange,
  mergeThreeWay,
  planTransfer,
  stableStringify,
  type ThreeWayResult,
  TransferMode,
  TransferOperation,
  type TransferPlan,
} from '@console/domain';
import type { Tx } from '../../db/client.ts';
import { buildRuntimeContent } from '../runtime/runtime-content.service.ts';
import { applyTransferRows, dependencyRulesOf, type TransferGroup } from '../transfer/transfer.public.ts';
import type { ItemsByGroup } from './change-request.store.ts';

// A change request's content: the branch holds the groups an environment file holds (release info,
// plugins, A/B-tests, configurations; never the NICE token), compared three ways with the base it was
// made from and the environment as it is now, and planned onto the environment as a transfer would be.

/** The groups a branch copies: an environment file's. */
export const branchGroupsOf = (registry: readonly TransferGroup[]): readonly TransferGroup[] =>
  registry.filter((group) => (ENVIRONMENT_FILE_GROUPS as readonly string[]).includes(group.name));

export async function readItems(
  tx: Tx,
  groups: readonly TransferGroup[],
  environmentId: string,
): Promise<ItemsByGroup> {
  const items: ItemsByGroup = {};
  for (const group of groups) items[group.name] = await group.list(tx, environmentId);
  return items;
}

/** What applying the merged content onto the environment writes: an overwrite transfer of the merge. */
export function planOntoLive(
  groups: readonly TransferGroup[],
  merged: ItemsByGroup,
  live: ItemsByGroup,
): TransferPlan {
  const states = groups.map((group) => ({
    name: group.name,
    source: merged[group.name] ?? [],
    destination: live[group.name] ?? [],
    isChosen: true,
  }));
  return planTransfer(
    states,
    { mode: TransferMode.Overwrite, carryDependencies: false },
    dependencyRulesOf(groups),
  );
}

/** The three sides of a request, read in the caller's transaction. */
export interface RequestSides {
  base: ItemsByGroup;
  mine: ItemsByGroup;
  live: ItemsByGroup;
}

export async function readSides(
  tx: Tx,
  groups: readonly TransferGroup[],
  request: { environmentId: string; branchId: string },
  base: ItemsByGroup,
): Promise<RequestSides> {
  return {
    base,
    mine: await readItems(tx, groups, request.branchId),
    live: await readItems(tx, groups, request.environmentId),
  };
}

export const mergeSides = (groups: readonly TransferGroup[], sides: RequestSides): ThreeWayResult =>
  mergeThreeWay(
    groups.map((group) => group.name),
    sides.base,
    sides.mine,
    sides.live,
  );

/** Changes when the base, the branch or the environment does: an apply given an older token is refused. */
export const diffTokenOf = (sides: RequestSides): string =>
  createHash('sha256').update(stableStringify(sides)).digest('hex');

/**
 * The request against the environment now: the plan's rows that change something, the field-level diff
 * and the player impact of what would be published. Both are computed by writing the plan in a savepoint
 * of the caller's transaction and rolling back to it: the content compared is exactly what an apply
 * would publish, by the same writes, and a write the content refuses is reported, not applied.
 */
export async function describeRequest(
  tx: Tx,
  groups: readonly TransferGroup[],
  request: { environmentId: string; branchId: string },
  sides: RequestSides,
): Promise<ChangeRequestDiff> {
  const merged = mergeSides(groups, sides);
  const plan = planOntoLive(groups, merged.merged, sides.live);
  const changedRows = Object.fromEntries(
    Object.entries(plan.groups)
      .map(
        ([name, rows]) =>
          [name, rows.filter((row) => row.operation !== TransferOperation.Unchanged)] as const,
      )
      .filter(([, rows]) => rows.length > 0),
  );
  const before = (await buildRuntimeContent(tx, request.environmentId)).content;
  let after = before;
  const missing = [...plan.missing];
  if (missing.length === 0) {
    await tx.$executeRawUnsafe('SAVEPOINT change_request_preview');
    try {
      await applyTransferRows(tx, groups, request.environmentId, plan.groups, {
        email: '',
        sourceEnvironmentId: request.branchId,
      });
      after = (await buildRuntimeContent(tx, request.environmentId)).content;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      missing.push(error.message);
    } finally {
      await tx.$executeRawUnsafe('ROLLBACK TO SAVEPOINT change_request_preview');
    }
  }
  const impact = impactOfContentChange(before, after);
  return {
    groups: changedRows,
    fields: describeRuntimeDiff(before, after),
    conflicts: merged.conflicts,
    missing,
    impact,
    scheduleConflicts: [],
    isBaseMoved: merged.isBaseMoved,
    diffToken: diffTokenOf(sides),
  };
}
