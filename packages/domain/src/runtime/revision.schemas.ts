import { z } from 'zod';
import { pageLimitSchema, pageOffsetSchema } from '../api/list-page.ts';
import { ENVIRONMENT_ID_MAX_LENGTH, ENVIRONMENT_ID_PATTERN } from '../environment.constants.ts';
import { MAX_STORED_INTEGER } from '../operations/fields.ts';
import { describedDiffSchema } from './diff.ts';
import { runtimeSnapshotSchema } from './snapshot.ts';

// The operators' view of an environment's published revisions (/api/runtime/revision/*),
// and rollback: republishing an old revision pins the runtime to it until resume
// (docs/decisions/0252).

export const REVISION_PAGE_LIMIT = 100;

/**
 * How many revisions of an environment are kept (RUNTIME_REVISIONS_KEPT): older ones are deleted when
 * a newer one is published, so the history and a rollback reach the last `kept`, at least `min`.
 */
export const RUNTIME_REVISIONS_KEPT = { default: 100, min: 50 } as const;

export const REVISION_MESSAGES = {
  notFound: (environmentId: string, revision: number) =>
    `Revision ${revision} of the runtime of ${environmentId} not found`,
  notKept: (environmentId: string, revision: number, oldest: number) =>
    `Revision ${revision} of the runtime of ${environmentId} is no longer kept: the oldest kept is ${oldest} (RUNTIME_REVISIONS_KEPT)`,
} as const;

const revisionNumberSchema = z
  .number({ error: 'revision must be a number' })
  .int({ error: 'revision must be a whole number' })
  .min(1, { error: 'revision must be at least 1' })
  .max(MAX_STORED_INTEGER, { error: `revision must be at most ${MAX_STORED_INTEGER}` });

/**
 * Unlike a list's optional paging (listPageRequestSchema), the history is always paged: newest first,
 * REVISION_PAGE_LIMIT at a time unless asked for fewer.
 */
export const revisionListRequestSchema = z
  .object({
    offset: pageOffsetSchema.default(0),
    limit: pageLimitSchema(REVISION_PAGE_LIMIT).default(REVISION_PAGE_LIMIT),
  })
  .prefault({});
export type RevisionListRequest = z.input<typeof revisionListRequestSchema>;

export const revisionRequestSchema = z.object({ revision: revisionNumberSchema });
export type RevisionRequest = z.infer<typeof revisionRequestSchema>;

/** A revision as the history lists it (without its content). */
export const runtimeRevisionSummarySchema = z.object({
  revision: z.number().int(),
  hash: z.string(),
  created: z.number().int().describe('UTC milliseconds'),
  createdBy: z.string(),
  /** The audit entries whose changes it published (empty for the first revision of start-up). */
  auditEntryIds: z.array(z.number().int()),
  /** Set on a rollback: the revision whose content it republished. */
  restoredFrom: z.number().int().nullable(),
  /** Those audit entries' action and target, in auditEntryIds' order. */
  causes: z.array(z.object({ id: z.number().int(), action: z.string(), target: z.string() })),
});
export type RuntimeRevisionSummary = z.infer<typeof runtimeRevisionSummarySchema>;

/** While set, console changes are saved and audited but not published, until resume. */
export const runtimePinSchema = z.object({
  /** The revision served while pinned. */
  revision: z.number().int(),
  since: z.number().int().describe('UTC milliseconds'),
  by: z.string(),
});
export type RuntimePin = z.infer<typeof runtimePinSchema>;

export const revisionListResponseSchema = z.object({
  /** Newest first, one page. */
  revisions: z.array(runtimeRevisionSummarySchema),
  /** The latest revision number (what game servers receive); 0 before the first. */
  latest: z.number().int(),
  pinned: runtimePinSchema.nullable(),
  /** Audited changes of what players receive saved since the pin, published by resume. */
  waiting: z.number().int(),
});
export type RevisionListResponse = z.infer<typeof revisionListResponseSchema>;

/** One revision in full: the snapshot game servers received, and why it was published. */
export const runtimeRevisionSchema = runtimeSnapshotSchema.extend({
  auditEntryIds: z.array(z.number().int()),
  restoredFrom: z.number().int().nullable(),
});
export type RuntimeRevision = z.infer<typeof runtimeRevisionSchema>;

export const republishResponseSchema = z.object({
  /** The revision now served: a new one with the old content, or the latest when it already had it. */
  revision: z.number().int(),
  restoredFrom: z.number().int(),
  hash: z.string(),
  /** False when the content was already the one served (nothing new was published). */
  published: z.boolean(),
  pinned: runtimePinSchema,
});
export type RepublishResponse = z.infer<typeof republishResponseSchema>;

export const resumeResponseSchema = z.object({
  /** The revision now served. */
  revision: z.number().int(),
  /** False when the console's state equals the pinned content, or nothing was pinned. */
  published: z.boolean(),
});
export type ResumeResponse = z.infer<typeof resumeResponseSchema>;

// A diff of two revisions, and of two environments' current revisions.

export const revisionDiffRequestSchema = z.object({ from: revisionNumberSchema, to: revisionNumberSchema });
export type RevisionDiffRequest = z.infer<typeof revisionDiffRequestSchema>;

/** What changes from revision `from` to revision `to`. */
export const revisionDiffResponseSchema = describedDiffSchema.extend({
  from: z.number().int(),
  to: z.number().int(),
});
export type RevisionDiffResponse = z.infer<typeof revisionDiffResponseSchema>;

export const environmentCompareRequestSchema = z.object({
  other: z
    .string({ error: 'other must be an environment id' })
    .max(ENVIRONMENT_ID_MAX_LENGTH, {
      error: 'other must be 1-36 characters of letters, digits, - or _',
      abort: true,
    })
    .regex(ENVIRONMENT_ID_PATTERN, { error: 'other must be 1-36 characters of letters, digits, - or _' }),
});
export type EnvironmentCompareRequest = z.infer<typeof environmentCompareRequestSchema>;

/** What changes from this environment's current revision to the other's (0 = nothing published yet). */
export const environmentCompareResponseSchema = describedDiffSchema.extend({
  environment: z.string(),
  revision: z.number().int(),
  other: z.string(),
  otherRevision: z.number().int(),
});
export type EnvironmentCompareResponse = z.infer<typeof environmentCompareResponseSchema>;
