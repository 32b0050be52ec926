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
import {
  createEnvironmentContext,
  type EnvironmentContext,
  type EnvironmentUnitOfWork,
  readerOf,
} from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { UnitOfWorkRunner } from '../../db/unit-of-work.ts';
import { setEnvironmentArchived } from '../environment/environment.public.ts';
import { lockEnvironments } from '../environment/environment.service.ts';
import { applyTransferRows } from '../transfer/transfer.public.ts';
import { diffTokenOf, mergeSides, planOntoLive, readSides } from './change-request.content.ts';
import {
  type ChangeRequestSetup,
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
export type ApplyScheduler = (
  unit: EnvironmentUnitOfWork,
  request: { id: number; at: Date },
) => Promise<void>;

/**
 * Writes the request into its environment in the caller's unit of work, its rows locked: refused (and
 * nothing written) on a conflict, on what the environment would lack, on content the writes refuse,
 * or when `diffToken` no longer describes it. Items changed only live are kept: the plan is the
 * three-way merge onto the live content.
 */
async function applyInUnit(
  ctx: EnvironmentContext,
  setup: ChangeRequestSetup,
  unit: EnvironmentUnitOfWork,
  row: ChangeRequestRow,
  options: { diffToken?: string; isScheduled: boolean },
): Promise<void> {
  const { tx, audit, afterCommit } = unit;
  const { email } = ctx.actor;
  const sides = await readSides(tx, setup.groups, row, await findBase(tx, row.id));
  if (options.diffToken !== undefined && options.diffToken !== diffTokenOf(sides)) {
    throw conflict(CHANGE_REQUEST_STALE_MESSAGE);
  }
  const merged = mergeSides(setup.groups, sides);
  if (merged.conflicts.length > 0) {
    const items = merged.conflicts.map((item) => `${item.group} '${item.id}'`).join(', ');
    throw ruleViolation(
      `Change request ${row.id} conflicts with changes made live since it was opened: ${items}`,
    );
  }
  const plan = planOntoLive(setup.groups, merged.merged, sides.live);
  if (plan.missing.length > 0) throw ruleViolation(transferRefusalOf(plan.missing));
  await applyTransferRows(tx, setup.groups, row.environmentId, plan.groups, {
    email,
    sourceEnvironmentId: row.branchId,
  });
  await moveTo(unit, row, ChangeRequestStatus.Applied, '', { scheduledAt: null, failure: null });
  await setEnvironmentArchived(tx, row.branchId, { at: new Date(), by: email });
  const groups = Object.fromEntries(
    Object.entries(plan.groups).map(([name, rows]) => [name, countTransferOperations({ [name]: rows })]),
  );
  audit({
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
  afterCommit(setup.invalidateCatalog);
}

async function requireApproved(tx: Tx, row: ChangeRequestRow, allowed: readonly ChangeRequestStatus[]) {
  if (!allowed.includes(row.status)) {
    throw conflict(`Change request ${row.id} is ${labelOf(row)}: only an approved request is applied`);
  }
  const policy = await policyOf({ db: tx, environmentId: row.environmentId });
  if (row.approvals.length < policy.approvals) {
    throw ruleViolation(
      `Change request ${row.id} has ${row.approvals.length} of ${policy.approvals} approvals`,
    );
  }
}

/** Apply now: an admin of the environment, once the approvals are in. */
export function applyChangeRequest(
  ctx: EnvironmentContext,
  setup: ChangeRequestSetup,
  request: ApplyChangeRequestRequest,
): Promise<ChangeRequestDetails> {
  const { environmentId } = ctx;
  return mutateConsistently(
    ctx,
    async (unit) => {
      // The environment first, as every transfer locks it: one apply or transfer into it at a time
      await lockEnvironments(unit.tx, [environmentId]);
      const row = await requireRequest(unit, request.id);
      await requireApproved(unit.tx, row, [ChangeRequestStatus.Approved]);
      await applyInUnit(ctx, setup, unit, row, {
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
  ctx: EnvironmentContext,
  setup: ChangeRequestSetup,
  request: ReviewRequest,
): Promise<ChangeRequestDetails> {
  const { environmentId } = ctx;
  const { email } = ctx.actor;
  return mutateConsistently(
    ctx,
    async (unit) => {
      const { tx, audit } = unit;
      await lockEnvironments(tx, [environmentId]);
      const row = await requireRequest(unit, request.id);
      if (row.status !== ChangeRequestStatus.InReview) {
        throw conflict(`Change request ${row.id} is ${labelOf(row)}: only one in review is approved`);
      }
      const policy = await policyOf(readerOf(unit));
      if (row.author === email && !policy.allowSelfApproval) {
        throw forbidden(`Authors may not approve their own change request in ${environmentId}`);
      }
      const merged = mergeSides(
        setup.groups,
        await readSides(tx, setup.groups, row, await findBase(tx, row.id)),
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
        await moveTo(unit, row, ChangeRequestStatus.Approved);
        if (row.applyOnApproval) {
          const approved = await requireRequest(unit, row.id);
          await applyInUnit(ctx, setup, unit, approved, { isScheduled: false });
        }
      }
      return detailsOf(tx, row.id);
    },
    CHANGE_REQUEST_STALE_MESSAGE,
  );
}

/** Schedule an approved request at `at`, as the admin scheduling it; its job is sent in the same unit. */
export function scheduleChangeRequest(
  ctx: EnvironmentContext,
  scheduler: ApplyScheduler,
  request: ScheduleChangeRequestRequest,
  now: number,
): Promise<ChangeRequestDetails> {
  const { email } = ctx.actor;
  const problem = checkScheduleTime(request.at, now);
  if (problem !== null) throw badInput(problem);
  return ctx.mutate(async (unit) => {
    const { tx, audit } = unit;
    const row = await requireRequest(unit, request.id);
    await requireApproved(tx, row, [ChangeRequestStatus.Approved]);
    const at = new Date(request.at);
    await moveTo(unit, row, ChangeRequestStatus.Scheduled, '', { scheduledAt: at, scheduledBy: email });
    await scheduler(unit, { id: row.id, at });
    audit({
      action: 'change-request.schedule',
      target: String(row.id),
      attributes: { id: row.id, at: request.at },
    });
    return detailsOf(tx, row.id);
  });
}

/**
 * The context of a scheduled apply's job: the request's environment, acting as the admin who scheduled
 * it (docs/product.md, Change requests); null when the request is gone.
 */
export async function scheduledApplyContext(
  unitOfWork: UnitOfWorkRunner,
  id: number,
): Promise<EnvironmentContext | null> {
  const row = await findChangeRequest(unitOfWork.db, id);
  if (row === null) return null;
  return createEnvironmentContext(unitOfWork, { email: row.scheduledBy ?? row.author }, row.environmentId);
}

/** Thrown when the request was scheduled again by someone else since the job read it: the job runs again. */
class SchedulerChanged extends Error {}

/**
 * The scheduled apply, run by the job as the admin who scheduled it (scheduledApplyContext): a request
 * no longer scheduled (closed, or applied by a run before) is left alone, so a job run twice applies
 * once; a conflict or content that no longer validates applies nothing and marks the request failed
 * with the reason.
 */
export async function runScheduledApply(
  ctx: EnvironmentContext,
  setup: ChangeRequestSetup,
  id: number,
): Promise<'applied' | 'failed' | 'skipped'> {
  try {
    return await mutateConsistently(
      ctx,
      async (unit) => {
        await lockEnvironments(unit.tx, [ctx.environmentId]);
        const row = await requireRequest(unit, id);
        if (row.status !== ChangeRequestStatus.Scheduled || row.scheduledBy === null)
          return 'skipped' as const;
        if (row.scheduledBy !== ctx.actor.email) throw new SchedulerChanged(`change request ${id}`);
        await requireApproved(unit.tx, row, [ChangeRequestStatus.Scheduled]);
        await applyInUnit(ctx, setup, unit, row, { isScheduled: true });
        return 'applied' as const;
      },
      CHANGE_REQUEST_STALE_MESSAGE,
    );
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    await markFailed(ctx, id, error.message);
    return 'failed';
  }
}

async function markFailed(ctx: EnvironmentContext, id: number, reason: string): Promise<void> {
  await ctx.mutate(async (unit) => {
    const { tx, audit } = unit;
    if ((await findChangeRequest(tx, id)) === null) return;
    const row = await requireRequest(unit, id);
    if (row.status !== ChangeRequestStatus.Scheduled) return;
    if ((row.scheduledBy ?? row.author) !== ctx.actor.email)
      throw new SchedulerChanged(`change request ${id}`);
    await moveTo(unit, row, ChangeRequestStatus.Failed, reason, {
      failure: reason,
      scheduledAt: null,
    });
    audit({ action: 'change-request.fail', target: String(row.id), attributes: { id: row.id, reason } });
  });
}
