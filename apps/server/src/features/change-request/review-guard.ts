import {
  CHANGE_REQUEST_STATUS_LABELS,
  ChangeRequestEventKind,
  ChangeRequestStatus,
  isBranchEditable,
  isContentAuditAction,
  notInBranchMessage,
  parseBranchId,
} from '@console/domain/change-request';
import { forbidden, notFound, reviewRequired, ruleViolation } from '@console/domain/errors';
import type { Tx } from '../../db/client.ts';
import { currentReviewScope } from '../../db/review-scope.ts';
import type { AuditCheck, AuditRecord } from '../../db/unit-of-work.ts';
import { findReviewPolicies } from '../environment/environment.public.ts';
import { requireEnvironments } from '../environment/environment.service.ts';
import {
  type ChangeRequestRow,
  deleteApprovals,
  insertEvent,
  lockChangeRequestOfBranch,
  updateChangeRequest,
} from './change-request.store.ts';

// The review policy's refusal of direct content changes, and the rules of a branch, checked by the
// unit of work for every change (db/unit-of-work.ts, AuditCheck) once the environments its audit
// records name are locked: so every content route, present and future, is covered by its audit action
// (AUDIT_REVIEW_CLASSES), not by a list of routes.

const byEnvironment = (records: readonly AuditRecord[]) => {
  const grouped = new Map<string, AuditRecord[]>();
  for (const record of records) {
    if (record.environmentId === null) continue;
    grouped.set(record.environmentId, [...(grouped.get(record.environmentId) ?? []), record]);
  }
  return grouped;
};

/**
 * A change in a branch: content only, by the request's author, while it may still change; a change
 * after an approval takes the approvals back where the policy says so (docs/product.md, Change requests).
 */
async function checkBranchChange(
  tx: Tx,
  branchId: string,
  parent: string,
  records: readonly AuditRecord[],
  resetsApprovals: boolean,
): Promise<void> {
  const request: ChangeRequestRow | null = await lockChangeRequestOfBranch(tx, branchId);
  if (request === null) throw notFound(`Unknown environment ${branchId}`);
  // A branch of an archived environment changes no more than the environment does
  await requireEnvironments(tx, [parent]);
  const exempt = records.find((record) => !isContentAuditAction(record.action));
  if (exempt !== undefined) throw ruleViolation(notInBranchMessage(branchId));
  const stranger = records.find((record) => record.email !== request.author);
  if (stranger !== undefined) {
    throw forbidden(`Only ${request.author}, its author, changes change request ${request.id} of ${parent}`);
  }
  if (!isBranchEditable(request.status)) {
    throw ruleViolation(
      `Change request ${request.id} is ${CHANGE_REQUEST_STATUS_LABELS[request.status]}: its branch no longer changes`,
    );
  }
  if (resetsApprovals && request.approvals.length > 0) {
    await deleteApprovals(tx, request.id);
    const email = records[0]!.email;
    await insertEvent(tx, request.id, {
      kind: ChangeRequestEventKind.ApprovalsReset,
      email,
      text: 'The branch changed after an approval',
    });
    if (request.status === ChangeRequestStatus.Approved) {
      await updateChangeRequest(tx, request.id, { status: ChangeRequestStatus.InReview });
      await insertEvent(tx, request.id, {
        kind: ChangeRequestEventKind.Status,
        email,
        status: ChangeRequestStatus.InReview,
      });
    }
  } else {
    await updateChangeRequest(tx, request.id, {});
  }
}

export const checkReview: AuditCheck = async (tx, records) => {
  const grouped = byEnvironment(records);
  if (grouped.size === 0) return [];
  const added: AuditRecord[] = [];
  const environments = [...grouped.keys()];
  const parents = environments.map((id) => parseBranchId(id)?.parent ?? id);
  const policies = await findReviewPolicies(tx, [...new Set(parents)]);
  for (const [environmentId, named] of grouped) {
    const branch = parseBranchId(environmentId);
    if (branch !== null) {
      const policy = policies.get(branch.parent);
      await checkBranchChange(
        tx,
        environmentId,
        branch.parent,
        named,
        policy?.resetApprovalsOnChange ?? true,
      );
      continue;
    }
    const scope = currentReviewScope();
    const proposerOnly = scope?.proposerOnly;
    if (proposerOnly !== undefined && proposerOnly.environmentId === environmentId) {
      // An operator of a protected environment that requires review proposes, never changes it
      const isReviewed = policies.get(environmentId)?.isRequired === true;
      if (!isReviewed || named.some((record) => !isContentAuditAction(record.action))) {
        throw forbidden(proposerOnly.missing);
      }
      throw reviewRequired(environmentId);
    }
    if (!policies.get(environmentId)?.isRequired) continue;
    const content = named.filter((record) => isContentAuditAction(record.action));
    if (content.length === 0) continue;
    if (scope === undefined || scope.bypassReason === null) throw reviewRequired(environmentId);
    if (!scope.isAdminIn(environmentId)) {
      throw forbidden(`Requires admin rights in ${environmentId} to bypass review`);
    }
    added.push({
      environmentId,
      email: content[0]!.email,
      action: 'change-request.bypass',
      target: environmentId,
      attributes: {
        reason: scope.bypassReason,
        actions: [...new Set(content.map((record) => record.action))],
      },
    });
  }
  return added;
};
