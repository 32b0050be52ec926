import { type BypassEntry, parseBranchId, type ReviewPolicy } from '@console/domain/change-request';
import { badInput, notFound } from '@console/domain/errors';
import type { EnvironmentContext } from '../../context.ts';
import { unchanged } from '../../db/unit-of-work.ts';
import { listAudit } from '../audit/audit.service.ts';
import { findReviewPolicy, updateReviewPolicy } from '../environment/environment.public.ts';
import { policyOf } from './change-request.service.ts';

// The review policy of an environment (docs/product.md, Change requests, "Review policy"), set by its
// admins and audited; and the direct changes admins made while it required review (break glass).

export const getReviewPolicy = (ctx: EnvironmentContext): Promise<ReviewPolicy> => policyOf(ctx);

export function setReviewPolicy(
  ctx: EnvironmentContext,
  invalidateCatalog: () => void,
  policy: ReviewPolicy,
): Promise<ReviewPolicy> {
  const { environmentId } = ctx;
  if (parseBranchId(environmentId) !== null) {
    throw badInput('configuration: a review policy is set on an environment, not on a branch');
  }
  return ctx.mutate(async ({ tx, audit, afterCommit }) => {
    const before = await updateReviewPolicy(tx, environmentId, policy);
    if (before === null) throw notFound(`Unknown environment ${environmentId}`);
    const after = (await findReviewPolicy(tx, environmentId))!;
    if (JSON.stringify(before) === JSON.stringify(after)) return unchanged(after);
    audit({
      action: 'review-policy.set',
      target: environmentId,
      attributes: { before, policy: after },
    });
    afterCommit(invalidateCatalog);
    return after;
  });
}

const BYPASS_LIST_LIMIT = 100;

export async function listBypasses(ctx: EnvironmentContext): Promise<{ items: BypassEntry[] }> {
  const entries = await listAudit(ctx, {
    offset: 0,
    limit: BYPASS_LIST_LIMIT,
    action: 'change-request.bypass',
    consoleWide: false,
  });
  return {
    items: entries.map((entry) => {
      const attributes = entry.attributes as { reason?: unknown; actions?: unknown };
      return {
        auditId: entry.id,
        email: entry.email,
        at: entry.created,
        reason: typeof attributes.reason === 'string' ? attributes.reason : '',
        actions: Array.isArray(attributes.actions) ? attributes.actions.map(String) : [],
      };
    }),
  };
}
