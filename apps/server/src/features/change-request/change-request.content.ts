import { createHash } from 'node:crypto';
import {
  type ChangeRequestDiff,
  impactOfContentChange,
  mergeThreeWay,
  type ThreeWayResult,
} from '@console/domain/change-request';
import { ENVIRONMENT_FILE_GROUPS } from '@console/domain/environment-file';
import { DomainError } from '@console/domain/errors';
import {
  planTransfer,
  stableStringify,
  TransferGroupName,
  TransferMode,
  TransferOperation,
  type TransferPlan,
  transferItemKeyOf,
} from '@console/domain/operations';
import { describeRuntimeDiff } from '@console/domain/runtime';
import { scheduleOverviewRequestSchema } from '@console/domain/schedule';
import type { Tx } from '../../db/client.ts';
import { buildRuntimeContent } from '../publishing/content.service.ts';
import { readScheduleOverview } from '../schedule/schedule.service.ts';
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

/**
 * The plan's rows that can change what players receive or the schedule: every group's, but of the
 * configurations only those a plugin's entries name (before or after), since no other configuration is
 * published or scheduled. Exact, and it spares writing the many configurations a request may only edit.
 */
function rowsThatServe(
  groups: readonly TransferGroup[],
  plan: TransferPlan,
  merged: ThreeWayResult,
  sides: RequestSides,
): TransferPlan['groups'] {
  const rules = dependencyRulesOf(groups);
  const named = new Set<string>();
  const plugins = [
    ...(merged.merged[TransferGroupName.Plugins] ?? []),
    ...(sides.live[TransferGroupName.Plugins] ?? []),
  ];
  for (const plugin of plugins) {
    for (const reference of rules.referencesOf(TransferGroupName.Plugins, plugin)) {
      if (reference.group === TransferGroupName.Configurations) named.add(transferItemKeyOf(reference.id));
    }
  }
  const configurations = plan.groups[TransferGroupName.Configurations];
  if (configurations === undefined) return plan.groups;
  return {
    ...plan.groups,
    [TransferGroupName.Configurations]: configurations.filter((row) => named.has(transferItemKeyOf(row.id))),
  };
}

/** The schedule overview's conflicts in the environment now (its active sets, the default window). */
const scheduleConflictsOf = async (tx: Tx, environmentId: string) =>
  (await readScheduleOverview({ db: tx, environmentId }, scheduleOverviewRequestSchema.parse(null)))
    .conflicts;

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
  const before = (await buildRuntimeContent({ db: tx, environmentId: request.environmentId })).content;
  const conflictsBefore = await scheduleConflictsOf(tx, request.environmentId);
  let after = before;
  let conflictsAfter = conflictsBefore;
  const missing = [...plan.missing];
  if (missing.length === 0) {
    await tx.$executeRawUnsafe('SAVEPOINT change_request_preview');
    try {
      await applyTransferRows(tx, groups, request.environmentId, rowsThatServe(groups, plan, merged, sides), {
        email: '',
        sourceEnvironmentId: request.branchId,
      });
      after = (await buildRuntimeContent({ db: tx, environmentId: request.environmentId })).content;
      conflictsAfter = await scheduleConflictsOf(tx, request.environmentId);
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
    // The schedule overview's conflicts the request would introduce (those of the environment now left out)
    scheduleConflicts: conflictsAfter
      .filter((conflict) => !conflictsBefore.some((known) => known.message === conflict.message))
      .map((conflict) => ({
        plugin: conflict.pluginName,
        configuration: conflict.configurations.join(', '),
        message: conflict.message,
      })),
    isBaseMoved: merged.isBaseMoved,
    diffToken: diffTokenOf(sides),
  };
}
