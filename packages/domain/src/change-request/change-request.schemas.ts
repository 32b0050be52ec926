import { z } from 'zod';
import { lengthCheckedFirst } from '../api/bounded.ts';
import { ENVIRONMENT_ID_MAX_LENGTH, ENVIRONMENT_ID_PATTERN } from '../environment.constants.ts';
import { MAX_STORED_INTEGER } from '../operations/fields.ts';
import {
  transferItemIdSchema,
  transferItemSchema,
  transferPreviewItemSchema,
} from '../operations/transfer.ts';
import { describedDiffSchema } from '../runtime/diff.ts';
import { reviewPolicySchema } from './review-policy.ts';

// Change requests (docs/product.md, "Change requests"): a branch of an environment, reviewed with its diff
// and player impact, applied like a transfer with merge in one unit of work and one runtime revision.

/** The statuses a change request passes through; the ids are the wire's, the labels the screens'. */
export const ChangeRequestStatus = {
  Draft: 'draft',
  InReview: 'in-review',
  Approved: 'approved',
  Scheduled: 'scheduled',
  Applied: 'applied',
  Rejected: 'rejected',
  Closed: 'closed',
  Failed: 'failed',
} as const;
export type ChangeRequestStatus = (typeof ChangeRequestStatus)[keyof typeof ChangeRequestStatus];
export const CHANGE_REQUEST_STATUSES = Object.values(ChangeRequestStatus) as [
  ChangeRequestStatus,
  ...ChangeRequestStatus[],
];
export const CHANGE_REQUEST_STATUS_LABELS: Record<ChangeRequestStatus, string> = {
  draft: 'Draft',
  'in-review': 'In review',
  approved: 'Approved',
  scheduled: 'Scheduled',
  applied: 'Applied',
  rejected: 'Rejected',
  closed: 'Closed',
  failed: 'Failed',
};
export const changeRequestStatusSchema = z.enum(CHANGE_REQUEST_STATUSES, {
  error: `status must be one of ${CHANGE_REQUEST_STATUSES.join(', ')}`,
});

/** Finished: its branch is archived and nothing more happens to it. */
export const isFinishedChangeRequest = (status: ChangeRequestStatus): boolean =>
  status === ChangeRequestStatus.Applied || status === ChangeRequestStatus.Closed;

/** Whose branch may still be edited: not once it is scheduled (what runs is what was approved) or finished. */
export const isBranchEditable = (status: ChangeRequestStatus): boolean =>
  !isFinishedChangeRequest(status) && status !== ChangeRequestStatus.Scheduled;

// ---- break glass ----

/**
 * The header an admin sends with any content call in a reviewed environment to make it directly: the
 * reason, audited as a bypass. A header, so every call takes it the same way without changing its body.
 */
export const BYPASS_REASON_HEADER = 'x-bypass-reason';
export const BYPASS_REASON_MAX_LENGTH = 500;

/** Why a bypass reason is refused, or null when it may be used. */
export function checkBypassReason(reason: string): string | null {
  if (reason.trim() === '') return `${BYPASS_REASON_HEADER}: must give a reason`;
  if (reason.length > BYPASS_REASON_MAX_LENGTH) {
    return `${BYPASS_REASON_HEADER}: must be at most ${BYPASS_REASON_MAX_LENGTH} characters`;
  }
  return null;
}

// ---- requests ----

export const CHANGE_REQUEST_TITLE_MAX_LENGTH = 120;
export const CHANGE_REQUEST_DESCRIPTION_MAX_LENGTH = 4000;
export const CHANGE_REQUEST_COMMENT_MAX_LENGTH = 4000;
export const CHANGE_REQUEST_LIST_LIMIT = 100;
const MAX_STATUS_FILTERS = CHANGE_REQUEST_STATUSES.length;

const idSchema = z
  .number({ error: 'id must be a change request number' })
  .int({ error: 'id must be a change request number' })
  .min(1, { error: 'id must be a change request number' })
  .max(MAX_STORED_INTEGER, { error: 'id must be a change request number' });
const titleSchema = z
  .string({ error: 'title must be a text' })
  .trim()
  .min(1, { error: 'title must not be empty' })
  .max(CHANGE_REQUEST_TITLE_MAX_LENGTH, {
    error: `title must be at most ${CHANGE_REQUEST_TITLE_MAX_LENGTH} characters`,
  });
const descriptionSchema = z
  .string({ error: 'description must be a text' })
  .max(CHANGE_REQUEST_DESCRIPTION_MAX_LENGTH, {
    error: `description must be at most ${CHANGE_REQUEST_DESCRIPTION_MAX_LENGTH} characters`,
  });
const commentSchema = z.string({ error: 'comment must be a text' }).max(CHANGE_REQUEST_COMMENT_MAX_LENGTH, {
  error: `comment must be at most ${CHANGE_REQUEST_COMMENT_MAX_LENGTH} characters`,
});
const emailFilterSchema = z.string({ error: 'author must be an e-mail' }).trim().max(320, {
  error: 'author must be at most 320 characters',
});

export const changeRequestIdRequestSchema = z.strictObject({ id: idSchema });
export type ChangeRequestIdRequest = z.infer<typeof changeRequestIdRequestSchema>;

/** Open a request in `?configuration=`, or continue the author's open draft there (continueDraft). */
export const openChangeRequestRequestSchema = z.strictObject({
  title: titleSchema.optional(),
  description: descriptionSchema.optional(),
  /** Absent = true: answer the author's draft in this environment when there is one. */
  continueDraft: z.boolean({ error: 'continueDraft must be true or false' }).optional(),
});
export type OpenChangeRequestRequest = z.infer<typeof openChangeRequestRequestSchema>;

export const saveChangeRequestRequestSchema = z.strictObject({
  id: idSchema,
  title: titleSchema,
  description: descriptionSchema,
});
export type SaveChangeRequestRequest = z.infer<typeof saveChangeRequestRequestSchema>;

export const requestReviewRequestSchema = z.strictObject({
  id: idSchema,
  /** Apply at once on the last approval needed (the approver applies it). */
  applyOnApproval: z.boolean({ error: 'applyOnApproval must be true or false' }).optional(),
});
export type RequestReviewRequest = z.infer<typeof requestReviewRequestSchema>;

export const reviewRequestSchema = z.strictObject({ id: idSchema, comment: commentSchema.optional() });
export type ReviewRequest = z.infer<typeof reviewRequestSchema>;

export const commentRequestSchema = z.strictObject({
  id: idSchema,
  comment: commentSchema.trim().min(1, { error: 'comment must not be empty' }),
});
export type CommentRequest = z.infer<typeof commentRequestSchema>;

export const ConflictChoice = { Mine: 'mine', Live: 'live' } as const;
export type ConflictChoice = (typeof ConflictChoice)[keyof typeof ConflictChoice];

export const resolveConflictRequestSchema = z.strictObject({
  id: idSchema,
  group: z
    .string({ error: 'group must be a group name' })
    .max(100, { error: 'group must be at most 100 characters' }),
  itemId: z.union([
    z
      .string({ error: 'itemId must be an item id' })
      .max(200, { error: 'itemId must be at most 200 characters' }),
    z.number({ error: 'itemId must be an item id' }).int({ error: 'itemId must be an item id' }),
  ]),
  choice: z.enum([ConflictChoice.Mine, ConflictChoice.Live], { error: "choice must be 'mine' or 'live'" }),
});
export type ResolveConflictRequest = z.infer<typeof resolveConflictRequestSchema>;

/**
 * Apply now. `diffToken` (optional): the token of the diff the approver looked at; when given and the
 * request, its branch or the environment changed since, the apply is refused (409) instead of applying
 * what was not seen.
 */
export const applyChangeRequestRequestSchema = z.strictObject({
  id: idSchema,
  diffToken: z
    .string({ error: 'diffToken must be a text' })
    .max(128, { error: 'diffToken must be at most 128 characters' })
    .optional(),
});
export type ApplyChangeRequestRequest = z.infer<typeof applyChangeRequestRequestSchema>;

/** How far ahead a request may be scheduled: a year. */
export const MAX_SCHEDULE_AHEAD_MS = 366 * 24 * 60 * 60 * 1000;

export const scheduleChangeRequestRequestSchema = z.strictObject({
  id: idSchema,
  at: z
    .number({ error: 'at must be UTC milliseconds' })
    .int({ error: 'at must be UTC milliseconds' })
    .min(0, { error: 'at must be UTC milliseconds' })
    .max(8_640_000_000_000_000, { error: 'at must be UTC milliseconds' })
    .describe('UTC milliseconds: when the request is applied'),
});
export type ScheduleChangeRequestRequest = z.infer<typeof scheduleChangeRequestRequestSchema>;

/** Why a scheduled time is refused (in the future, at most MAX_SCHEDULE_AHEAD_MS ahead), or null. */
export function checkScheduleTime(at: number, now: number): string | null {
  if (at <= now) return 'at: must be in the future';
  if (at - now > MAX_SCHEDULE_AHEAD_MS) return 'at: must be at most a year ahead';
  return null;
}

export const listChangeRequestsRequestSchema = z
  .strictObject({
    /** Requests of one environment (its parent id); absent = every environment. */
    environment: z
      .string({ error: 'environment must be an environment id' })
      .max(ENVIRONMENT_ID_MAX_LENGTH, { error: 'environment must be an environment id', abort: true })
      .regex(ENVIRONMENT_ID_PATTERN, { error: 'environment must be an environment id' })
      .optional(),
    status: lengthCheckedFirst(
      z.array(changeRequestStatusSchema).max(MAX_STATUS_FILTERS, {
        error: `status must name at most ${MAX_STATUS_FILTERS} statuses`,
      }),
      MAX_STATUS_FILTERS,
      `status must name at most ${MAX_STATUS_FILTERS} statuses`,
    ).optional(),
    author: emailFilterSchema.optional(),
    /** Only requests older (by number) than this: the next page. */
    before: idSchema.optional(),
    limit: z
      .number({ error: 'limit must be a number' })
      .int({ error: 'limit must be a whole number' })
      .min(1, { error: `limit must be 1 to ${CHANGE_REQUEST_LIST_LIMIT}` })
      .max(CHANGE_REQUEST_LIST_LIMIT, { error: `limit must be 1 to ${CHANGE_REQUEST_LIST_LIMIT}` })
      .optional(),
  })
  .prefault({});
export type ListChangeRequestsRequest = z.infer<typeof listChangeRequestsRequestSchema>;

// ---- answers ----

export const changeRequestSummarySchema = z.object({
  id: z.number().int(),
  environment: z.string().describe('The environment it changes (the parent of its branch)'),
  branch: z.string().describe('Its branch: edit it with ?configuration=<branch>'),
  title: z.string(),
  description: z.string(),
  author: z.string(),
  status: changeRequestStatusSchema,
  created: z.number().int().describe('UTC milliseconds'),
  updated: z.number().int().describe('UTC milliseconds'),
  /** When it is to be applied (status scheduled), UTC milliseconds; null otherwise. */
  scheduledAt: z.number().int().nullable(),
  applyOnApproval: z.boolean(),
  approvals: z.array(z.object({ email: z.string(), at: z.number().int() })),
  /** The approvals the environment's policy requires. */
  requiredApprovals: z.number().int(),
  /** Why it failed (status failed); null otherwise. */
  failure: z.string().nullable(),
});
export type ChangeRequestSummary = z.infer<typeof changeRequestSummarySchema>;

export const ChangeRequestEventKind = {
  Status: 'status',
  Comment: 'comment',
  Approval: 'approval',
  ApprovalsReset: 'approvals-reset',
  Resolution: 'resolution',
} as const;
export type ChangeRequestEventKind = (typeof ChangeRequestEventKind)[keyof typeof ChangeRequestEventKind];

/** One line of a request's history: a status change, a comment, an approval, a conflict resolved. */
export const changeRequestEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(
    Object.values(ChangeRequestEventKind) as [ChangeRequestEventKind, ...ChangeRequestEventKind[]],
  ),
  email: z.string(),
  at: z.number().int().describe('UTC milliseconds'),
  /** The status it moved to (kind status); null otherwise. */
  status: changeRequestStatusSchema.nullable(),
  /** The comment (kind comment, or given with a status change: a rejection's reason). */
  text: z.string(),
});
export type ChangeRequestEvent = z.infer<typeof changeRequestEventSchema>;

export const changeRequestDetailsSchema = changeRequestSummarySchema.extend({
  history: z.array(changeRequestEventSchema),
  policy: reviewPolicySchema,
});
export type ChangeRequestDetails = z.infer<typeof changeRequestDetailsSchema>;

export const changeRequestListSchema = z.object({ items: z.array(changeRequestSummarySchema) });
export type ChangeRequestList = z.infer<typeof changeRequestListSchema>;

export const awaitingCountSchema = z.object({
  count: z.number().int().describe('Requests in review the caller may approve and has not approved'),
});

/**
 * An item changed both in the branch and live since the branch was made: both sides (null where
 * that side deleted it, or lacks it), and the base it was made from.
 */
export const changeRequestConflictSchema = z.object({
  group: z.string(),
  id: transferItemIdSchema,
  title: z.string(),
  base: transferItemSchema.nullable(),
  mine: transferItemSchema.nullable(),
  live: transferItemSchema.nullable(),
});
export type ChangeRequestConflict = z.infer<typeof changeRequestConflictSchema>;

/**
 * Per plugin: per A/B-test entry, the share (0..1) of the test's bucket space whose players change case,
 * and whose players get another configuration (impactOfContentChange).
 */
export const changeRequestImpactSchema = z.object({
  pluginId: z.number().int(),
  plugin: z.string(),
  entries: z.array(
    z.object({ abTestId: z.string(), movedCase: z.number(), changedConfiguration: z.number() }),
  ),
  sentence: z.string(),
});
export type ChangeRequestImpact = z.infer<typeof changeRequestImpactSchema>;

export const changeRequestScheduleConflictSchema = z.object({
  plugin: z.string(),
  configuration: z.string(),
  message: z.string(),
});
export type ChangeRequestScheduleConflict = z.infer<typeof changeRequestScheduleConflictSchema>;

/** The request against its environment as it is now. */
export const changeRequestDiffSchema = z.object({
  /** What applying it now does, in the transfer preview's groups (unchanged rows left out). */
  groups: z.record(z.string(), z.array(transferPreviewItemSchema)),
  /** Field by field, what game servers would receive differently (the revision diff's view). */
  fields: describedDiffSchema,
  conflicts: z.array(changeRequestConflictSchema),
  /** What the applied content would lack (a plugin pointing at a configuration deleted live). */
  missing: z.array(z.string()),
  impact: z.array(changeRequestImpactSchema),
  scheduleConflicts: z.array(changeRequestScheduleConflictSchema),
  /** The environment changed since the branch was made (its diff was recomputed on it). */
  isBaseMoved: z.boolean(),
  /** Send with apply: refused when anything changed since this diff. */
  diffToken: z.string(),
});
export type ChangeRequestDiff = z.infer<typeof changeRequestDiffSchema>;

/** A direct change made in a reviewed environment by an admin, with their reason. */
export const bypassEntrySchema = z.object({
  auditId: z.number().int(),
  email: z.string(),
  at: z.number().int().describe('UTC milliseconds'),
  reason: z.string(),
  actions: z.array(z.string()),
});
export const bypassListSchema = z.object({ items: z.array(bypassEntrySchema) });
export type BypassEntry = z.infer<typeof bypassEntrySchema>;
