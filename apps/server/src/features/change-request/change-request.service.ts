import { roleIn } from '@console/domain/access';
import {
  branchIdOf,
  CHANGE_REQUEST_LIST_LIMIT,
  CHANGE_REQUEST_STATUS_LABELS,
  type ChangeRequestDetails,
  type ChangeRequestDiff,
  ChangeRequestEventKind,
  ChangeRequestStatus,
  type ChangeRequestSummary,
  type CommentRequest,
  ConflictChoice,
  DEFAULT_REVIEW_POLICY,
  isBranchEditable,
  isFinishedChangeRequest,
  type ListChangeRequestsRequest,
  type OpenChangeRequestRequest,
  parseBranchId,
  type RequestReviewRequest,
  type ResolveConflictRequest,
  type ReviewPolicy,
  type ReviewRequest,
  rebaseItem,
  type SaveChangeRequestRequest,
} from '@console/domain/change-request';
import { badInput, conflict, forbidden, notFound, ruleViolation } from '@console/domain/errors';
import { planTransfer, TransferMode, transferItemKeyOf } from '@console/domain/operations';
import {
  type Actor,
  type ConsoleContext,
  type EnvironmentContext,
  type EnvironmentReader,
  type EnvironmentTransaction,
  type EnvironmentUnitOfWork,
  readerOf,
} from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isConcurrentUpdateError, runInTransaction } from '../../db/transaction.ts';
import { type IsolationLevel, unchanged } from '../../db/unit-of-work.ts';
import type { SignedInUser } from '../../http/session.ts';
import {
  type EnvironmentSetup,
  findReviewPolicy,
  setEnvironmentArchived,
} from '../environment/environment.public.ts';
import { createBranchEnvironment, lockEnvironments } from '../environment/environment.service.ts';
import { applyTransferRows, dependencyRulesOf, type TransferGroup } from '../transfer/transfer.public.ts';
import {
  branchGroupsOf,
  describeRequest,
  mergeSides,
  readItems,
  readSides,
} from './change-request.content.ts';
import {
  type ChangeRequestRow,
  deleteApprovals,
  findBase,
  findChangeRequest,
  findDraftOf,
  insertChangeRequest,
  insertEvent,
  listChangeRequestRows,
  listEvents,
  lockChangeRequest,
  nextChangeRequestId,
  updateBase,
  updateChangeRequest,
} from './change-request.store.ts';

// A change request's lifecycle (docs/product.md, Change requests): open (a branch copied from the
// environment), request review, approve or reject, resolve conflicts, comment, close; applying is in
// change-request.apply.ts. Every step is one unit of work with its typed audit entry, in the
// environment the request changes.

/** What the change requests' services use beside the request's context. */
export interface ChangeRequestSetup {
  /** The transfer groups a branch copies (an environment file's). */
  groups: readonly TransferGroup[];
  /** Forgets this process's environment catalog (a branch made or archived). */
  invalidateCatalog: () => void;
  /** What a branch, like every environment, is created with (src/environment-setup.ts). */
  environmentSetup: EnvironmentSetup;
}

export const setupOf = (
  registry: readonly TransferGroup[],
  invalidateCatalog: () => void,
  environmentSetup: EnvironmentSetup,
): ChangeRequestSetup => ({ groups: branchGroupsOf(registry), invalidateCatalog, environmentSetup });

const MAX_ATTEMPTS = 4;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A unit of work that reads several groups from one snapshot: SERIALIZABLE, run again when another won. */
export async function mutateConsistently<T>(
  ctx: EnvironmentContext,
  work: (unit: EnvironmentUnitOfWork) => Promise<T>,
  staleMessage: string,
): Promise<T> {
  const isolationLevel: IsolationLevel = 'Serializable';
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await ctx.mutate(work, { isolationLevel });
    } catch (error) {
      if (!isConcurrentUpdateError(error)) throw error;
      if (attempt >= MAX_ATTEMPTS) throw conflict(staleMessage);
      await sleep(25 * attempt * (0.5 + Math.random()));
    }
  }
}

const changeRequestNotFound = (scope: Pick<EnvironmentReader, 'environmentId'>, id: number) =>
  notFound(`Change request ${id} not found in ${scope.environmentId}`);

/** The request, locked, when it belongs to the transaction's environment; 404 otherwise. */
export async function requireRequest(scope: EnvironmentTransaction, id: number): Promise<ChangeRequestRow> {
  const row = await lockChangeRequest(scope.tx, id);
  if (row === null || row.environmentId !== scope.environmentId) throw changeRequestNotFound(scope, id);
  return row;
}

const requireAuthor = (row: ChangeRequestRow, actor: Actor, what: string) => {
  if (row.author !== actor.email)
    throw forbidden(`Only ${row.author}, its author, may ${what} change request ${row.id}`);
};

const labelOf = (row: ChangeRequestRow) => CHANGE_REQUEST_STATUS_LABELS[row.status];

/** The environment's review policy (the default where it has none stored). */
export const policyOf = async ({ db, environmentId }: EnvironmentReader): Promise<ReviewPolicy> =>
  (await findReviewPolicy(db, environmentId)) ?? DEFAULT_REVIEW_POLICY;

function summaryOf(row: ChangeRequestRow, policy: ReviewPolicy): ChangeRequestSummary {
  return {
    id: row.id,
    environment: row.environmentId,
    branch: row.branchId,
    title: row.title,
    description: row.description,
    author: row.author,
    status: row.status,
    created: row.created.getTime(),
    updated: row.updated.getTime(),
    scheduledAt: row.scheduledAt?.getTime() ?? null,
    applyOnApproval: row.applyOnApproval,
    approvals: row.approvals.map((approval) => ({ email: approval.email, at: approval.at.getTime() })),
    requiredApprovals: policy.approvals,
    failure: row.failure,
  };
}

export async function detailsOf(db: Db | Tx, id: number): Promise<ChangeRequestDetails> {
  const row = await findChangeRequest(db, id);
  if (row === null) throw notFound(`Change request ${id} not found`);
  const policy = await policyOf({ db, environmentId: row.environmentId });
  const events = await listEvents(db, id);
  return {
    ...summaryOf(row, policy),
    policy,
    history: events.map((event) => ({
      id: event.id,
      kind: event.kind as ChangeRequestDetails['history'][number]['kind'],
      email: event.email,
      at: event.at.getTime(),
      status: (event.status as ChangeRequestStatus | null) ?? null,
      text: event.text,
    })),
  };
}

export async function getChangeRequest(ctx: EnvironmentContext, id: number): Promise<ChangeRequestDetails> {
  const row = await findChangeRequest(ctx.db, id);
  if (row === null || row.environmentId !== ctx.environmentId) throw changeRequestNotFound(ctx, id);
  return detailsOf(ctx.db, id);
}

/** A status change with its history line, in the name of the transaction's actor. */
export async function moveTo(
  { tx, actor }: Pick<EnvironmentTransaction, 'tx' | 'actor'>,
  row: ChangeRequestRow,
  status: ChangeRequestStatus,
  text = '',
  extra: Parameters<typeof updateChangeRequest>[2] = {},
): Promise<void> {
  await updateChangeRequest(tx, row.id, { ...extra, status });
  await insertEvent(tx, row.id, { kind: ChangeRequestEventKind.Status, email: actor.email, status, text });
}

const OPEN_STALE = 'The environment changed while the change request was opened; try again';

/**
 * Opens a request: its branch `<environment>~cr-<n>` is a hidden environment holding a copy of the
 * environment's content (written by the transfer's own writes), and the copy is kept as the base of
 * the three-way comparison. Continues the author's draft there instead, unless asked not to.
 */
export async function openChangeRequest(
  ctx: EnvironmentContext,
  setup: ChangeRequestSetup,
  request: OpenChangeRequestRequest,
): Promise<ChangeRequestDetails> {
  const { environmentId } = ctx;
  const { email } = ctx.actor;
  if (parseBranchId(environmentId) !== null) {
    throw badInput('configuration: a change request is opened in an environment, not in a branch');
  }
  return mutateConsistently(
    ctx,
    async ({ tx, audit, afterCommit }) => {
      if (request.continueDraft !== false) {
        const draft = await findDraftOf(tx, environmentId, email);
        if (draft !== null) return unchanged(await detailsOf(tx, draft));
      }
      await lockEnvironments(tx, [environmentId]);
      const id = await nextChangeRequestId(tx);
      const branchId = branchIdOf(environmentId, id);
      const title = request.title ?? `Change request ${id}`;
      await createBranchEnvironment(
        tx,
        setup.environmentSetup,
        branchId,
        environmentId,
        `Change request ${id} of ${environmentId}`,
      );
      const base = await readItems(tx, setup.groups, environmentId);
      const empty = await readItems(tx, setup.groups, branchId);
      const plan = planTransfer(
        setup.groups.map((group) => ({
          name: group.name,
          source: base[group.name] ?? [],
          destination: empty[group.name] ?? [],
          isChosen: true,
        })),
        { mode: TransferMode.Overwrite, carryDependencies: false },
        dependencyRulesOf(setup.groups),
      );
      await applyTransferRows(tx, setup.groups, branchId, plan.groups, {
        email,
        sourceEnvironmentId: environmentId,
      });
      await insertChangeRequest(tx, {
        id,
        environmentId,
        branchId,
        title,
        description: request.description ?? '',
        author: email,
        base,
      });
      await insertEvent(tx, id, {
        kind: ChangeRequestEventKind.Status,
        email,
        status: ChangeRequestStatus.Draft,
      });
      audit({
        action: 'change-request.open',
        target: String(id),
        attributes: { id, branch: branchId, title },
      });
      afterCommit(setup.invalidateCatalog);
      return detailsOf(tx, id);
    },
    OPEN_STALE,
  );
}

export function saveChangeRequest(
  ctx: EnvironmentContext,
  request: SaveChangeRequestRequest,
): Promise<ChangeRequestDetails> {
  return ctx.mutate(async (unit) => {
    const { tx, audit } = unit;
    const row = await requireRequest(unit, request.id);
    requireAuthor(row, unit.actor, 'edit');
    if (isFinishedChangeRequest(row.status))
      throw ruleViolation(`Change request ${row.id} is ${labelOf(row)}`);
    await updateChangeRequest(tx, row.id, { title: request.title, description: request.description });
    audit({
      action: 'change-request.save',
      target: String(row.id),
      attributes: { id: row.id, title: request.title, description: request.description },
    });
    return detailsOf(tx, row.id);
  });
}

const REVIEWABLE_FROM: readonly ChangeRequestStatus[] = [
  ChangeRequestStatus.Draft,
  ChangeRequestStatus.Rejected,
  ChangeRequestStatus.Failed,
];

export function requestReview(
  ctx: EnvironmentContext,
  request: RequestReviewRequest,
): Promise<ChangeRequestDetails> {
  return ctx.mutate(async (unit) => {
    const { tx, audit } = unit;
    const row = await requireRequest(unit, request.id);
    requireAuthor(row, unit.actor, 'ask for review of');
    if (!REVIEWABLE_FROM.includes(row.status)) {
      throw ruleViolation(
        `Change request ${row.id} is ${labelOf(row)}: only a draft, rejected or failed one asks for review`,
      );
    }
    const applyOnApproval = request.applyOnApproval ?? false;
    await moveTo(unit, row, ChangeRequestStatus.InReview, '', { applyOnApproval, failure: null });
    audit({
      action: 'change-request.request-review',
      target: String(row.id),
      attributes: { id: row.id, applyOnApproval },
    });
    return detailsOf(tx, row.id);
  });
}

export function rejectChangeRequest(
  ctx: EnvironmentContext,
  request: ReviewRequest,
): Promise<ChangeRequestDetails> {
  return ctx.mutate(async (unit) => {
    const { tx, audit } = unit;
    const row = await requireRequest(unit, request.id);
    if (row.status !== ChangeRequestStatus.InReview && row.status !== ChangeRequestStatus.Approved) {
      throw ruleViolation(
        `Change request ${row.id} is ${labelOf(row)}: only one in review or approved is rejected`,
      );
    }
    await deleteApprovals(tx, row.id);
    await moveTo(unit, row, ChangeRequestStatus.Rejected, request.comment ?? '');
    audit({
      action: 'change-request.reject',
      target: String(row.id),
      attributes: { id: row.id, ...(request.comment ? { comment: request.comment } : {}) },
    });
    return detailsOf(tx, row.id);
  });
}

export function commentOn(ctx: EnvironmentContext, request: CommentRequest): Promise<ChangeRequestDetails> {
  return ctx.mutate(async (unit) => {
    const { tx, audit } = unit;
    const row = await requireRequest(unit, request.id);
    await insertEvent(tx, row.id, {
      kind: ChangeRequestEventKind.Comment,
      email: unit.actor.email,
      text: request.comment,
    });
    audit({
      action: 'change-request.comment',
      target: String(row.id),
      attributes: { id: row.id, comment: request.comment },
    });
    return detailsOf(tx, row.id);
  });
}

/** Closes a request that is not applied (its author, or an admin of the environment); its branch is archived. */
export function closeChangeRequest(
  ctx: EnvironmentContext,
  setup: ChangeRequestSetup,
  user: SignedInUser,
  request: ReviewRequest,
): Promise<ChangeRequestDetails> {
  const { environmentId } = ctx;
  return ctx.mutate(async (unit) => {
    const { tx, audit, afterCommit } = unit;
    const row = await requireRequest(unit, request.id);
    if (row.author !== user.email && roleIn(user.grants, environmentId) !== 'admin') {
      throw forbidden(
        `Only ${row.author}, its author, or an admin of ${environmentId} closes change request ${row.id}`,
      );
    }
    if (isFinishedChangeRequest(row.status))
      throw ruleViolation(`Change request ${row.id} is ${labelOf(row)}`);
    await moveTo(unit, row, ChangeRequestStatus.Closed, request.comment ?? '', {
      scheduledAt: null,
      scheduledBy: null,
    });
    await setEnvironmentArchived(tx, row.branchId, { at: new Date(), by: unit.actor.email });
    audit({
      action: 'change-request.close',
      target: String(row.id),
      attributes: { id: row.id, ...(request.comment ? { comment: request.comment } : {}) },
    });
    afterCommit(setup.invalidateCatalog);
    return detailsOf(tx, row.id);
  });
}

/** The diff of the request against the environment now, from one snapshot. */
export function diffChangeRequest(
  ctx: EnvironmentContext,
  setup: ChangeRequestSetup,
  id: number,
): Promise<ChangeRequestDiff> {
  return runInTransaction(
    ctx.db,
    async (tx) => {
      const row = await findChangeRequest(tx, id);
      if (row === null || row.environmentId !== ctx.environmentId) throw changeRequestNotFound(ctx, id);
      const sides = await readSides(tx, setup.groups, row, await findBase(tx, id));
      return describeRequest(tx, setup.groups, row, sides);
    },
    { isolationLevel: 'RepeatableRead' },
  );
}

/**
 * Takes a request's approvals back after a change of what it applies, where its policy says so, in the
 * name of the transaction's actor.
 */
export async function resetApprovals(
  scope: Pick<EnvironmentTransaction, 'tx' | 'actor'>,
  row: ChangeRequestRow,
  policy: ReviewPolicy,
) {
  if (!policy.resetApprovalsOnChange || row.approvals.length === 0) return;
  await deleteApprovals(scope.tx, row.id);
  await insertEvent(scope.tx, row.id, {
    kind: ChangeRequestEventKind.ApprovalsReset,
    email: scope.actor.email,
    text: 'A conflict was resolved after an approval',
  });
  if (row.status === ChangeRequestStatus.Approved) await moveTo(scope, row, ChangeRequestStatus.InReview);
}

/**
 * Resolves one conflict (its author): the item's base becomes the live item, so it no longer counts as
 * changed live; 'live' also writes the live item into the branch, 'mine' keeps the branch's.
 */
export async function resolveConflict(
  ctx: EnvironmentContext,
  setup: ChangeRequestSetup,
  request: ResolveConflictRequest,
): Promise<ChangeRequestDiff> {
  const { environmentId } = ctx;
  const { email } = ctx.actor;
  await mutateConsistently(
    ctx,
    async (unit) => {
      const { tx, audit } = unit;
      const row = await requireRequest(unit, request.id);
      requireAuthor(row, unit.actor, 'resolve the conflicts of');
      if (!isBranchEditable(row.status)) throw ruleViolation(`Change request ${row.id} is ${labelOf(row)}`);
      const sides = await readSides(tx, setup.groups, row, await findBase(tx, row.id));
      const key = transferItemKeyOf(request.itemId);
      const found = mergeSides(setup.groups, sides).conflicts.find(
        (candidate) => candidate.group === request.group && transferItemKeyOf(candidate.id) === key,
      );
      if (found === undefined) {
        throw notFound(`Change request ${row.id} has no conflict on ${request.group} '${request.itemId}'`);
      }
      await updateBase(tx, row.id, rebaseItem(sides.base, found.group, found.id, found.live));
      if (request.choice === ConflictChoice.Live) {
        // The branch takes the live item (or loses it, where it was deleted live)
        const group = setup.groups.find((candidate) => candidate.name === found.group)!;
        const writeContext = { email, sourceEnvironmentId: environmentId };
        if (found.live === null) await group.remove(tx, row.branchId, found.id, writeContext);
        else await group.write(tx, row.branchId, found.live, writeContext);
      }
      await resetApprovals(unit, row, await policyOf(readerOf(unit)));
      await insertEvent(tx, row.id, {
        kind: ChangeRequestEventKind.Resolution,
        email,
        text: `${found.group} '${found.id}': ${request.choice === ConflictChoice.Mine ? 'kept mine' : 'took live'}`,
      });
      audit({
        action: 'change-request.resolve',
        target: String(row.id),
        attributes: { id: row.id, group: found.group, itemId: found.id, choice: request.choice },
      });
    },
    'The change request or its environment changed meanwhile; look at its diff again',
  );
  return diffChangeRequest(ctx, setup, request.id);
}

export async function listChangeRequests(ctx: ConsoleContext, request: ListChangeRequestsRequest) {
  const { db } = ctx;
  const rows = await listChangeRequestRows(db, {
    ...(request.environment === undefined ? {} : { environmentId: request.environment }),
    ...(request.status === undefined ? {} : { statuses: request.status }),
    ...(request.author === undefined || request.author === '' ? {} : { author: request.author }),
    ...(request.before === undefined ? {} : { before: request.before }),
    limit: request.limit ?? CHANGE_REQUEST_LIST_LIMIT,
  });
  const policies = new Map<string, ReviewPolicy>();
  const items: ChangeRequestSummary[] = [];
  for (const row of rows) {
    if (!policies.has(row.environmentId))
      policies.set(row.environmentId, await policyOf({ db, environmentId: row.environmentId }));
    items.push(summaryOf(row, policies.get(row.environmentId)!));
  }
  return { items };
}

/** Requests in review the user may approve (an admin there; the author only where allowed) and has not. */
export async function countAwaiting(ctx: ConsoleContext, user: SignedInUser): Promise<{ count: number }> {
  const { db } = ctx;
  const rows = await listChangeRequestRows(db, { statuses: [ChangeRequestStatus.InReview], limit: 1000 });
  const policies = new Map<string, ReviewPolicy>();
  let count = 0;
  for (const row of rows) {
    if (roleIn(user.grants, row.environmentId) !== 'admin') continue;
    if (row.approvals.some((approval) => approval.email === user.email)) continue;
    if (!policies.has(row.environmentId))
      policies.set(row.environmentId, await policyOf({ db, environmentId: row.environmentId }));
    if (row.author === user.email && !policies.get(row.environmentId)!.allowSelfApproval) continue;
    count += 1;
  }
  return { count };
}
