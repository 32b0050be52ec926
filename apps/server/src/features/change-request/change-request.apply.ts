import {
  type ApplyChangeRequestRequest,
  CHANGE_REQUEST_STATUS_LABELS,
  type ChangeRequestDetails,
  ChangeRequestEventKind,
  ChangeRequestStatus,
  checkScheduleTime,
  type ReviewRequest,
  type ScheduleChangeRequestRequest,
} from '@console/domain/change-request';
import { badInput, conflict, DomainError, forbidden, ruleViolation } from '@console/domain/errors';
import { countTransferOperations, transferRefusalOf } from '@console/domain/operations';
import type { Tx } from '../../db/client.ts';
import { mutate, type UnitOfWork } from '../../db/unit-of-work.ts';
import { setEnvironmentArchived } from '../environment/environment.public.ts';
import { lockEnvironments } from '../environment/environment.service.ts';
import { applyTransferRows } from '../transfer/transfer.public.ts';
import { diffTokenOf, mergeSides, planOntoLive, readSides } from './change-request.content.ts';
import {
  type ChangeRequestContext,
  detailsOf,
  moveTo,
  mutateConsistently,
  policyOf,
  requireRequest,
} from './change-request.service.ts';
import {
  type ChangeRequestRow,
  findBase,
  findChangeRequest,
  insertApproval,
  insertEvent,
} from './change-request.store.ts';

// Approving and applying a change request (docs/product.md, Change requests, "Apply"): one unit of work
// writes every change into the environment with the transfer's writes, records one audit entry naming
// the author, the approvers and the request, and publishes one runtime revision; all or nothing.

/** 409: the request, its branch or the environment changed since the diff the approver was shown. */
export const CHANGE_REQUEST_STALE_MESSAGE =
  'Change request changed since its diff was shown; look at it again';

const labelOf = (row: ChangeRequestRow) => CHANGE_REQUEST_STATUS_LABELS[row.status];

/** Schedules the apply job of a request in the unit's transaction (the job queue, when the app has one). */
export type ApplyScheduler = (unit: UnitOfWork, request: { id: number; at: Date }) => Promise<void>;

/**
 * Writes the request into its environment in the caller's unit of work, its rows locked: refused (and
 * nothing written) on a conflict, on what the environment would lack, on content the writes refuse,
 * or when `diffToken` no longer describes it. Items changed only live are kept: the plan is the
 * three-way merge onto the live content.
 */
async function applyInUnit(
  context: ChangeRequestContext,
  unit: UnitOfWork,
  row: ChangeRequestRow,
  email: string,
  options: { diffToken?: string; isScheduled: boolean },
): Promise<void> {
  const { tx, audit, afterCommit } = unit;
  const sides = await readSides(tx, context.groups, row, await findBase(tx, row.id));
  if (options.diffToken !== undefined && options.diffToken !== diffTokenOf(sides)) {
    throw conflict(CHANGE_REQUEST_STALE_MESSAGE);
  }
  const merged = mergeSides(context.groups, sides);
  if (merged.conflicts.length > 0) {
    const items = merged.conflicts.map((item) => `${item.group} '${item.id}'`).join(', ');
    throw ruleViolation(
      `Change request ${row.id} conflicts with changes made live since it was opened: ${items}`,
    );
  }
  const plan = planOntoLive(context.groups, merged.merged, sides.live);
  if (plan.missing.length > 0) throw ruleViolation(transferRefusalOf(plan.missing));
  await applyTransferRows(tx, context.groups, row.environmentId, plan.groups, {
    email,
    sourceEnvironmentId: row.branchId,
  });
  await moveTo(tx, row, ChangeRequestStatus.Applied, email, '', { scheduledAt: null, failure: null });
  await setEnvironmentArchived(tx, row.branchId, { at: new Date(), by: email });
  const groups = Object.fromEntries(
    Object.entries(plan.groups).map(([name, rows]) => [name, countTransferOperations({ [name]: rows })]),
  );
  audit({
    environmentId: row.environmentId,
    email,
    action: 'change-request.apply',
    target: String(row.id),
    attributes: {
      id: row.id,
      title: row.title,
      author: row.author,
      approvers: row.approvals.map((approval) => approval.email),
      counts: countTransferOperations(plan.groups),
      groups,
      isScheduled: options.isScheduled,
    },
  });
  afterCommit(context.invalidateCatalog);
}

async function requireApproved(tx: Tx, row: ChangeRequestRow, allowed: readonly ChangeRequestStatus[]) {
  if (!allowed.includes(row.status)) {
    throw conflict(`Change request ${row.id} is ${labelOf(row)}: only an approved request is applied`);
  }
  const policy = await policyOf(tx, row.environmentId);
  if (row.approvals.length < policy.approvals) {
    throw ruleViolation(
      `Change request ${row.id} has ${row.approvals.length} of ${policy.approvals} approvals`,
    );
  }
}

/** Apply now: an admin of the environment, once the approvals are in. */
export function applyChangeRequest(
  context: ChangeRequestContext,
  environmentId: string,
  email: string,
  request: ApplyChangeRequestRequest,
): Promise<ChangeRequestDetails> {
  return mutateConsistently(
    context.db,
    async (unit) => {
      // The environment first, as every transfer locks it: one apply or transfer into it at a time
      await lockEnvironments(unit.tx, [environmentId]);
      const row = await requireRequest(unit.tx, environmentId, request.id);
      await requireApproved(unit.tx, row, [ChangeRequestStatus.Approved]);
      await applyInUnit(context, unit, row, email, {
        ...(request.diffToken === undefined ? {} : { diffToken: request.diffToken }),
        isScheduled: false,
      });
      return detailsOf(unit.tx, row.id);
    },
    CHANGE_REQUEST_STALE_MESSAGE,
  );
}

/**
 * Approve (an admin of the environment; its author only where the policy allows): refused while it
 * conflicts; the approvals the policy requires make it approved, and applied at once in the same unit
 * of work when its author asked for that.
 */
export function approveChangeRequest(
  context: ChangeRequestContext,
  environmentId: string,
  email: string,
  request: ReviewRequest,
): Promise<ChangeRequestDetails> {
  return mutateConsistently(
    context.db,
    async (unit) => {
      const { tx, audit } = unit;
      await lockEnvironments(tx, [environmentId]);
      const row = await requireRequest(tx, environmentId, request.id);
      if (row.status !== ChangeRequestStatus.InReview) {
        throw conflict(`Change request ${row.id} is ${labelOf(row)}: only one in review is approved`);
      }
      const policy = await policyOf(tx, environmentId);
      if (row.author === email && !policy.allowSelfApproval) {
        throw forbidden(`Authors may not approve their own change request in ${environmentId}`);
      }
      const merged = mergeSides(
        context.groups,
        await readSides(tx, context.groups, row, await findBase(tx, row.id)),
      );
      if (merged.conflicts.length > 0) {
        throw ruleViolation(
          `Change request ${row.id} has ${merged.conflicts.length} unresolved conflicts: its author resolves them first`,
        );
      }
      if (!(await insertApproval(tx, row.id, email))) {
        throw conflict(`${email} approved change request ${row.id} already`);
      }
      const approvals = row.approvals.length + 1;
      await insertEvent(tx, row.id, {
        kind: ChangeRequestEventKind.Approval,
        email,
        text: request.comment ?? '',
      });
      audit({
        environmentId,
        email,
        action: 'change-request.approve',
        target: String(row.id),
        attributes: {
          id: row.id,
          approvals,
          required: policy.approvals,
          ...(request.comment ? { comment: request.comment } : {}),
        },
      });
      if (approvals >= policy.approvals) {
        await moveTo(tx, row, ChangeRequestStatus.Approved, email);
        if (row.applyOnApproval) {
          const approved = await requireRequest(tx, environmentId, row.id);
          await applyInUnit(context, unit, approved, email, { isScheduled: false });
        }
      }
      return detailsOf(tx, row.id);
    },
    CHANGE_REQUEST_STALE_MESSAGE,
  );
}

/** Schedule an approved request at `at`, as the admin scheduling it; its job is sent in the same unit. */
export function scheduleChangeRequest(
  context: ChangeRequestContext,
  scheduler: ApplyScheduler,
  environmentId: string,
  email: string,
  request: ScheduleChangeRequestRequest,
  now: number,
): Promise<ChangeRequestDetails> {
  const problem = checkScheduleTime(request.at, now);
  if (problem !== null) throw badInput(problem);
  return mutate(context.db, async (unit) => {
    const { tx, audit } = unit;
    const row = await requireRequest(tx, environmentId, request.id);
    await requireApproved(tx, row, [ChangeRequestStatus.Approved]);
    const at = new Date(request.at);
    await moveTo(tx, row, ChangeRequestStatus.Scheduled, email, '', { scheduledAt: at, scheduledBy: email });
    await scheduler(unit, { id: row.id, at });
    audit({
      environmentId,
      email,
      action: 'change-request.schedule',
      target: String(row.id),
      attributes: { id: row.id, at: request.at },
    });
    return detailsOf(tx, row.id);
  });
}

/**
 * The scheduled apply, run by the job as the admin who scheduled it: a request no longer scheduled
 * (closed, or applied by a run before) is left alone, so a job run twice applies once; a conflict or
 * content that no longer validates applies nothing and marks the request failed with the reason.
 */
export async function runScheduledApply(
  context: ChangeRequestContext,
  id: number,
): Promise<'applied' | 'failed' | 'skipped'> {
  try {
    return await mutateConsistently(
      context.db,
      async (unit) => {
        const environmentId = (await findChangeRequest(unit.tx, id))?.environmentId;
        if (environmentId === undefined) return 'skipped' as const;
        await lockEnvironments(unit.tx, [environmentId]);
        const row = await requireRequest(unit.tx, environmentId, id);
        if (row.status !== ChangeRequestStatus.Scheduled || row.scheduledBy === null)
          return 'skipped' as const;
        await requireApproved(unit.tx, row, [ChangeRequestStatus.Scheduled]);
        await applyInUnit(context, unit, row, row.scheduledBy, { isScheduled: true });
        return 'applied' as const;
      },
      CHANGE_REQUEST_STALE_MESSAGE,
    );
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    await markFailed(context, id, error.message);
    return 'failed';
  }
}

async function markFailed(context: ChangeRequestContext, id: number, reason: string): Promise<void> {
  await mutate(context.db, async ({ tx, audit }) => {
    const environmentId = (await findChangeRequest(tx, id))?.environmentId;
    if (environmentId === undefined) return;
    const row = await requireRequest(tx, environmentId, id);
    if (row.status !== ChangeRequestStatus.Scheduled) return;
    await moveTo(tx, row, ChangeRequestStatus.Failed, row.scheduledBy ?? row.author, reason, {
      failure: reason,
      scheduledAt: null,
    });
    audit({
      environmentId,
      email: row.scheduledBy ?? row.author,
      action: 'change-request.fail',
      target: String(row.id),
      attributes: { id: row.id, reason },
    });
  });
}
