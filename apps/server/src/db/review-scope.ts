import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the request that runs a unit of work says about review (docs/product.md, Change requests,
 * "Break glass"): an admin's reason for making a content change directly in a reviewed environment.
 * Carried by the request's async context, so the unit of work's review check reads it whatever service
 * the call runs, and a job or CLI run has none.
 */
export interface ReviewScope {
  /** Null without a reason: the request only proposes, or is refused. */
  bypassReason: string | null;
  /**
   * Set when the call was let through only because its protected environment requires review (an
   * operator there may propose, never change directly): whatever it changes there is refused, content
   * with the review-required code, the rest (player operations) with `missing`, the right it lacks.
   */
  proposerOnly?: { environmentId: string; missing: string };
  /** Whether the caller is an admin of the environment (only admins may bypass review). */
  isAdminIn(environmentId: string): boolean;
}

const storage = new AsyncLocalStorage<ReviewScope>();

export const currentReviewScope = (): ReviewScope | undefined => storage.getStore();

export function runInReviewScope<T>(scope: ReviewScope, work: () => Promise<T>): Promise<T> {
  return storage.run(scope, work);
}
