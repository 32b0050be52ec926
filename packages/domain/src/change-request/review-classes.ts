import { AUDIT_ACTIONS, type AuditAction } from '../audit.ts';

/**
 * Which audited changes a reviewed environment refuses when made directly (docs/product.md, Change
 * requests, "Proposing"):
 * - 'content': what players receive or what the environment holds (plugins, drafts and their
 *   activation, A/B-tests, versions, segments, rollouts, configurations, release info, transfers and
 *   imports into it, rollbacks): refused, and made in a change request's branch instead;
 * - 'exempt': player operations (compensation, progression, connections), runtime keys, the NICE token,
 *   users and roles, the environment's protection and archive, the review policy and change requests
 *   themselves: never under review, and never made inside a branch.
 * Every action is classified: a new action does not compile until it says which it is.
 */
export type ReviewClass = 'content' | 'exempt';

export const AUDIT_REVIEW_CLASSES = {
  'environment.create': 'content',
  'environment.transfer': 'content',
  'release.content.set': 'content',
  'release.client.set': 'content',
  'release.kv.set': 'content',
  'plugin.activate': 'content',
  'plugin.deactivate': 'content',
  'nice.set': 'exempt',
  'compensation.send': 'exempt',
  'player.progression.set': 'exempt',
  'runtime-key.create': 'exempt',
  'runtime-key.revoke': 'exempt',
  'connection.close': 'exempt',
  'abtest.create': 'content',
  'abtest.save': 'content',
  'abtest.description.save': 'content',
  'abtest.case-descriptions.save': 'content',
  'abtest.segment.save': 'content',
  'abtest.version.save': 'content',
  'abtest.version.activate': 'content',
  'abtest.rollout.apply': 'content',
  'abtest.activate': 'content',
  'abtest.delete': 'content',
  'config.create': 'content',
  'config.save': 'content',
  'config.activate': 'content',
  'config.deactivate': 'content',
  'config.delete': 'content',
  'config.duplicate': 'content',
  'config.duplicate.reassign': 'content',
  'plugin.entries.reassign': 'content',
  'plugin.description.set': 'content',
  'plugin.draft.save': 'content',
  'plugin.draft.activate': 'content',
  'runtime.revision.republish': 'content',
  'runtime.revision.resume': 'content',
  'user.role.set': 'exempt',
  'user.remove': 'exempt',
  'environment.protect': 'exempt',
  'environment.archive': 'exempt',
  'environment.restore': 'exempt',
  'auth.sign-in': 'exempt',
  'review-policy.set': 'exempt',
  'change-request.open': 'exempt',
  'change-request.save': 'exempt',
  'change-request.request-review': 'exempt',
  'change-request.approve': 'exempt',
  'change-request.reject': 'exempt',
  'change-request.resolve': 'exempt',
  'change-request.schedule': 'exempt',
  'change-request.apply': 'exempt',
  'change-request.fail': 'exempt',
  'change-request.close': 'exempt',
  'change-request.comment': 'exempt',
  'change-request.bypass': 'exempt',
  // Where changes are announced is not what players receive
  'webhook.create': 'exempt',
  'webhook.save': 'exempt',
  'webhook.delete': 'exempt',
  'webhook.rotate': 'exempt',
  'webhook.test': 'exempt',
  'webhook.redeliver': 'exempt',
  'webhook.disable': 'exempt',
  // How results are measured and what an operator decided from them: the rollout a decision leads to
  // is its own content change
  'metric.create': 'exempt',
  'metric.save': 'exempt',
  'metric.archive': 'exempt',
  'abtest.decision.record': 'exempt',
  'experiment.datasource.save': 'exempt',
} as const satisfies Record<AuditAction, ReviewClass>;

/** The content actions: refused directly in a reviewed environment, allowed in a branch. */
export const CONTENT_AUDIT_ACTIONS: readonly AuditAction[] = AUDIT_ACTIONS.filter(
  (action) => AUDIT_REVIEW_CLASSES[action] === 'content',
);

/** Whether an audited action changes content; an action unknown to this version counts as content. */
export const isContentAuditAction = (action: string): boolean =>
  !(AUDIT_ACTIONS as readonly string[]).includes(action) ||
  AUDIT_REVIEW_CLASSES[action as AuditAction] === 'content';

/** Why an exempt action is refused inside a branch: a branch holds content only. */
export const notInBranchMessage = (branch: string) =>
  `Only content changes are made in change request branch ${branch}; make this change in its environment`;
