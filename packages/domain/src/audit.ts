import { z } from 'zod';
import { abTestTypeSchema } from './abtest/abtest.schemas.ts';
import { segmentConditionSchema, segmentSchema } from './abtest/segment.ts';
import { roleSchema } from './auth.ts';
import { reviewPolicySchema } from './change-request/review-policy.ts';
import { consumableNameSchema } from './operations/compensation.ts';
import { MAX_STORED_INTEGER } from './operations/fields.ts';
import { releaseClientResponseSchema, releaseContentResponseSchema } from './operations/release.ts';
import { TransferMode } from './operations/transfer.ts';

// The audit list shows 100 entries from offset 0.
export const AUDIT_PAGE_LIMIT = 100;
export const AUDIT_FILTER_MAX_LENGTH = 200;

/** Optional filters: entries of one action and/or one target (exact match; omitted or '' = any). */
const auditFilterSchema = z.string().trim().max(AUDIT_FILTER_MAX_LENGTH).optional();

export const auditListRequestSchema = z
  .object({
    // Bounded by the id column (INTEGER): larger numbers would fail in the query, not as bad input.
    offset: z.number().int().min(0).max(MAX_STORED_INTEGER).default(0),
    limit: z.number().int().min(1).max(AUDIT_PAGE_LIMIT).default(AUDIT_PAGE_LIMIT),
    action: auditFilterSchema,
    target: auditFilterSchema,
    /**
     * Only entries older than this id: pages by the last id shown rather than by offset, so a page
     * deep in a long log costs the same as the first (the audit screen pages this way).
     */
    before: z.number().int().min(1).max(MAX_STORED_INTEGER).optional(),
    /**
     * Also the console-wide entries (console roles, removals, sign-ins), which concern every
     * environment: the Audit Log screen asks for them; without, the environment's own entries alone.
     */
    consoleWide: z.boolean().default(false),
  })
  .prefault({});
export type AuditListRequest = z.infer<typeof auditListRequestSchema>;
export type AuditListRequestInput = z.input<typeof auditListRequestSchema>;

/**
 * An entry as listed. `action` stays a text: the log keeps entries written by earlier versions,
 * whose actions need not be in today's union.
 */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** Null for a console-wide entry, listed in every environment's log. */
  environment: z.string().nullable(),
  action: z.string(),
  target: z.string(),
  email: z.string(),
  created: z.number().int().describe('UTC milliseconds'),
  attributes: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

// ---- typed audit events: every action the services write, with its attributes ----

/** How someone signed in: the dev login (local and tests) or the OpenID Connect provider. */
export const SIGN_IN_METHODS = ['dev', 'oidc'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** Every action the console audits, by feature. The audit screen filters by these. */
export const AUDIT_ACTIONS = [
  'environment.create',
  'environment.transfer',
  'release.content.set',
  'release.client.set',
  'release.kv.set',
  'plugin.activate',
  'plugin.deactivate',
  'nice.set',
  'compensation.send',
  'player.progression.set',
  'runtime-key.create',
  'runtime-key.revoke',
  'connection.close',
  'abtest.create',
  'abtest.save',
  'abtest.description.save',
  'abtest.case-descriptions.save',
  'abtest.segment.save',
  'abtest.version.save',
  'abtest.version.activate',
  'abtest.rollout.apply',
  'abtest.activate',
  'abtest.delete',
  'config.create',
  'config.save',
  'config.activate',
  'config.deactivate',
  'config.delete',
  'config.duplicate',
  'config.duplicate.reassign',
  'plugin.entries.reassign',
  'plugin.description.set',
  'plugin.draft.save',
  'plugin.draft.activate',
  'runtime.revision.republish',
  'runtime.revision.resume',
  'user.role.set',
  'user.remove',
  'environment.protect',
  'environment.archive',
  'environment.restore',
  'auth.sign-in',
  // change requests and review policy (docs/product.md, Change requests)
  'review-policy.set',
  'change-request.open',
  'change-request.save',
  'change-request.request-review',
  'change-request.approve',
  'change-request.reject',
  'change-request.resolve',
  'change-request.schedule',
  'change-request.apply',
  'change-request.fail',
  'change-request.close',
  'change-request.comment',
  'change-request.bypass',
  // webhooks: subscriptions (target: the subscription's id)
  'webhook.create',
  'webhook.save',
  'webhook.delete',
  'webhook.rotate',
  'webhook.test',
  'webhook.redeliver',
  'webhook.disable',
  // A/B-test results: metrics, decisions, the SQL data source
  'metric.create',
  'metric.save',
  'metric.archive',
  'abtest.decision.record',
  'experiment.datasource.save',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const transferCountsSchema = z.strictObject({
  create: z.number().int(),
  update: z.number().int(),
  delete: z.number().int(),
  unchanged: z.number().int(),
});
const casesSchema = z.array(z.number().int());
const versionSchema = z.number().int();
/**
 * Why a version was written for the operator by another change: the "Update is not allowed" flow
 * (from, to: the configurations) or a plugin's draft activation (plugin: its name).
 */
const reassignReason = {
  reason: z.enum(['config.duplicate.reassign', 'plugin.draft.activate']).optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  plugin: z.string().optional(),
};
/** A plugin's A/B-test entries (active set or draft) as they were or became. */
const pluginEntriesSchema = z.array(
  z.strictObject({ abTestId: z.string(), abTestVersion: versionSchema, configurations: z.array(z.string()) }),
);
const revisionSchema = z.number().int();
/** Present (true) when the operator asked for a fresh split: a new salt and initial ranges. */
const reRandomised = { reRandomise: z.literal(true).optional() };
const configKind = { kind: z.string() };
const configFields = {
  description: z.string(),
  active: z.boolean(),
  activation: z.unknown(),
  data: z.unknown(),
};

/** A webhook subscription as its audit entries record it. */
const webhookAuditFields = {
  name: z.string(),
  url: z.string().describe("The URL's origin"),
  events: z.array(z.string()),
  format: z.string(),
  enabled: z.boolean(),
};

/**
 * The attributes of each action (what the entry's Extra column shows). Secrets never appear: NICE's
 * token is '[redacted]' or '', runtime keys by name only.
 */
export const AUDIT_ATTRIBUTES = {
  'environment.create': z.strictObject({ description: z.string() }),
  'environment.transfer': z.strictObject({
    from: z.string(),
    mode: z.enum([TransferMode.Overwrite, TransferMode.Merge]),
    counts: transferCountsSchema,
    groups: z.record(z.string(), transferCountsSchema),
    /** The groups the operator chose, when not every group. */
    chosenGroups: z.array(z.string()).optional(),
    /** Items written because a transferred item needed them ("A/B-tests:spring"). */
    carried: z.array(z.string()).optional(),
    /** The plugins chosen (by id), when not every plugin. */
    chosenPlugins: z.array(z.number().int()).optional(),
    /** An import (from 'file'): the file's environment, format as written and checksum. */
    file: z
      .strictObject({ environment: z.string(), format: z.number().int(), sha256: z.string() })
      .optional(),
  }),
  'release.content.set': z.strictObject(releaseContentResponseSchema.shape),
  'release.client.set': z.strictObject(releaseClientResponseSchema.shape),
  'release.kv.set': z.strictObject({ keyValue: z.string() }),
  'plugin.activate': z.strictObject({ pluginId: z.number().int(), active: z.boolean() }),
  'plugin.deactivate': z.strictObject({ pluginId: z.number().int(), active: z.boolean() }),
  'nice.set': z.strictObject({ authToken: z.string(), changed: z.boolean() }),
  'compensation.send': z.strictObject({
    grantId: z.number().int(),
    item: consumableNameSchema,
    itemId: z.number().int(),
    amount: z.number().int(),
  }),
  'player.progression.set': z.strictObject({
    level: z.number().int(),
    eoc: z.number().int(),
    streak: z.number().int(),
  }),
  'runtime-key.create': z.strictObject({ name: z.string() }),
  'runtime-key.revoke': z.strictObject({ name: z.string() }),
  'connection.close': z.strictObject({ principal: z.string(), address: z.string() }),
  'abtest.create': z.strictObject({ description: z.string(), type: abTestTypeSchema }),
  'abtest.save': z.strictObject({
    description: z.string().optional(),
    type: z.number().int().optional(),
    active: z.boolean().optional(),
    caseDescriptions: z.array(z.string()).optional(),
    segment: segmentSchema.optional(),
  }),
  'abtest.description.save': z.strictObject({ before: z.string(), description: z.string() }),
  'abtest.case-descriptions.save': z.strictObject({
    before: z.array(z.string()),
    descriptions: z.array(z.string()),
  }),
  'abtest.segment.save': z.strictObject({
    before: z.array(segmentConditionSchema),
    conditions: z.array(segmentConditionSchema),
  }),
  'abtest.version.save': z.strictObject({ version: versionSchema, cases: casesSchema, ...reassignReason }),
  'abtest.version.activate': z.strictObject({
    version: versionSchema,
    previousVersion: versionSchema,
    cases: casesSchema,
    ...reassignReason,
    ...reRandomised,
  }),
  'abtest.rollout.apply': z.strictObject({
    treatment: z.number(),
    version: versionSchema,
    previousVersion: versionSchema,
    cases: casesSchema,
    ...reRandomised,
  }),
  'abtest.activate': z.strictObject({ version: versionSchema }),
  'abtest.delete': z.strictObject({
    description: z.string(),
    type: abTestTypeSchema,
    versions: z.array(z.strictObject({ version: versionSchema, active: z.boolean(), cases: casesSchema })),
  }),
  'config.create': z.strictObject({ ...configKind, description: z.string(), active: z.boolean() }),
  'config.save': z.strictObject({
    ...configKind,
    before: z.record(z.string(), z.unknown()),
    after: z.record(z.string(), z.unknown()),
  }),
  'config.activate': z.strictObject(configKind),
  'config.deactivate': z.strictObject(configKind),
  'config.delete': z.strictObject({ ...configKind, ...configFields }),
  'config.duplicate': z.strictObject({ ...configKind, from: z.string() }),
  'config.duplicate.reassign': z.strictObject({
    ...configKind,
    from: z.string(),
    description: z.string(),
    abTestVersions: z.record(z.string(), versionSchema),
    plugins: z.array(z.string()),
  }),
  'plugin.entries.reassign': z.strictObject({
    from: z.string(),
    to: z.string(),
    entries: z.array(
      z.strictObject({
        set: z.string(),
        position: z.number().int(),
        abTestId: z.string(),
        fromVersion: versionSchema,
        toVersion: versionSchema,
      }),
    ),
    /** The plugin's revisions after the move. */
    activeRevision: revisionSchema.optional(),
    draftRevision: revisionSchema.optional(),
    /** The draft's base after the move: the new active revision when the draft was current. */
    draftBaseRevision: revisionSchema.optional(),
  }),
  'plugin.description.set': z.strictObject({ before: z.string(), description: z.string() }),
  'plugin.draft.save': z.strictObject({
    draftRevision: revisionSchema,
    baseRevision: revisionSchema,
    before: pluginEntriesSchema,
    entries: pluginEntriesSchema,
  }),
  'plugin.draft.activate': z.strictObject({
    activeRevision: revisionSchema,
    draftRevision: revisionSchema,
    before: pluginEntriesSchema,
    entries: pluginEntriesSchema,
    /** The A/B-test versions this activation made active. */
    versions: z.array(z.strictObject({ abTestId: z.string(), version: versionSchema })),
    /** Set on a plugin activated alongside another: that plugin's name. */
    with: z.string().optional(),
    /** On the plugin whose draft was activated: the plugins activated alongside, and those skipped. */
    alongside: z.array(z.string()).optional(),
    skipped: z.array(z.tuple([z.string(), z.string()])).optional(),
  }),
  /**
   * Rollback: `from`'s content was published again as `revision` (or, when it equals what is
   * served, nothing was published and `revision` is the one served) and the runtime is pinned to it.
   */
  'runtime.revision.republish': z.strictObject({
    revision: revisionSchema,
    from: revisionSchema,
    hash: z.string(),
    published: z.boolean(),
  }),
  /** The pin on `pinned` was lifted and the console's state published as `revision` (if it differed). */
  'runtime.revision.resume': z.strictObject({
    pinned: revisionSchema,
    revision: revisionSchema,
    published: z.boolean(),
    /** The audited changes saved while pinned, published by this resume. */
    waiting: z.number().int(),
  }),
  // A console-wide change (role, removal) is one entry without environment, listed in every
  // environment's log since it changes who may act in each; an environment's own role is that
  // environment's entry.
  'user.role.set': z.strictObject({
    scope: z.enum(['environment', 'console']),
    before: roleSchema.nullable(),
    role: roleSchema.nullable(),
  }),
  'user.remove': z.strictObject({ role: roleSchema, sessionsEnded: z.number().int() }),
  'environment.protect': z.strictObject({ isProtected: z.boolean() }),
  /** The runtime keys (by name) that stopped working with it; restored, they work again. */
  'environment.archive': z.strictObject({ stoppedKeys: z.array(z.string()) }),
  'environment.restore': z.strictObject({ archivedBy: z.string(), restartedKeys: z.array(z.string()) }),
  /** A sign-in (console-wide; target the e-mail): how, and the console-wide role it left them with. */
  'auth.sign-in': z.strictObject({
    method: z.enum(SIGN_IN_METHODS),
    isNewUser: z.boolean(),
    role: roleSchema,
  }),
  // change requests: target is the request's number; the environment is the one it changes
  'review-policy.set': z.strictObject({ before: reviewPolicySchema, policy: reviewPolicySchema }),
  'change-request.open': z.strictObject({ id: z.number().int(), branch: z.string(), title: z.string() }),
  'change-request.save': z.strictObject({ id: z.number().int(), title: z.string(), description: z.string() }),
  'change-request.request-review': z.strictObject({ id: z.number().int(), applyOnApproval: z.boolean() }),
  'change-request.approve': z.strictObject({
    id: z.number().int(),
    approvals: z.number().int(),
    required: z.number().int(),
    comment: z.string().optional(),
  }),
  'change-request.reject': z.strictObject({ id: z.number().int(), comment: z.string().optional() }),
  'change-request.resolve': z.strictObject({
    id: z.number().int(),
    group: z.string(),
    itemId: z.union([z.string(), z.number().int()]),
    choice: z.enum(['mine', 'live']),
  }),
  'change-request.schedule': z.strictObject({ id: z.number().int(), at: z.number().int() }),
  /** The one entry of an apply: who wrote it, who approved it, what it changed. */
  'change-request.apply': z.strictObject({
    id: z.number().int(),
    title: z.string(),
    author: z.string(),
    approvers: z.array(z.string()),
    counts: transferCountsSchema,
    groups: z.record(z.string(), transferCountsSchema),
    /** Applied by the job at its scheduled time (as the approver who scheduled it). */
    isScheduled: z.boolean(),
  }),
  'change-request.fail': z.strictObject({ id: z.number().int(), reason: z.string() }),
  'change-request.close': z.strictObject({ id: z.number().int(), comment: z.string().optional() }),
  'change-request.comment': z.strictObject({ id: z.number().int(), comment: z.string() }),
  /** A content change made directly in a reviewed environment by an admin: the reason and the actions. */
  'change-request.bypass': z.strictObject({ reason: z.string(), actions: z.array(z.string()) }),
  // A subscription's URL appears by its origin only: a Slack incoming-webhook URL is itself a secret.
  'webhook.create': z.strictObject(webhookAuditFields),
  'webhook.save': z.strictObject({
    before: z.strictObject(webhookAuditFields),
    after: z.strictObject(webhookAuditFields),
  }),
  'webhook.delete': z.strictObject(webhookAuditFields),
  'webhook.rotate': z.strictObject({ name: z.string() }),
  'webhook.test': z.strictObject({ name: z.string(), delivery: z.string() }),
  'webhook.redeliver': z.strictObject({ name: z.string(), delivery: z.string() }),
  /** By the console (its deliveries failed for a day). */
  'webhook.disable': z.strictObject({ name: z.string(), reason: z.string() }),
  // A/B-test results (target: the metric id; the A/B-test id; the environment)
  'metric.create': z.strictObject({
    name: z.string(),
    kind: z.string(),
    event: z.string(),
    denominatorEvent: z.string().nullable(),
    conversionWindowDays: z.number().int().nullable(),
    higherIsBetter: z.boolean(),
    guardrail: z.boolean(),
  }),
  'metric.save': z.strictObject({
    before: z.strictObject({ name: z.string(), higherIsBetter: z.boolean(), guardrail: z.boolean() }),
    after: z.strictObject({ name: z.string(), higherIsBetter: z.boolean(), guardrail: z.boolean() }),
  }),
  'metric.archive': z.strictObject({ archived: z.boolean() }),
  /** "Ship case N": the decision's id; its results are kept with it (experiment_decision). */
  'abtest.decision.record': z.strictObject({
    decision: z.number().int(),
    version: versionSchema,
    caseIndex: z.number().int(),
    note: z.string(),
  }),
  /** The URL without its password, and which metrics have a query. */
  'experiment.datasource.save': z.strictObject({
    url: z.string(),
    metrics: z.array(z.string()),
    statementTimeoutMs: z.number().int(),
  }),
} as const satisfies Record<AuditAction, z.ZodType>;

export type AuditAttributes<A extends AuditAction> = z.output<(typeof AUDIT_ATTRIBUTES)[A]>;

/**
 * What a service audits: one action of the union with its attributes, and the thing it acted on
 * (target: the A/B-test id, the plugin name, the user id, the environment, ...).
 */
export type AuditEvent = {
  [A in AuditAction]: { action: A; target: string; attributes: AuditAttributes<A> };
}[AuditAction];

export const isAuditAction = (action: string): action is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(action);

/** Checks a written entry against the union: its action is known and its attributes are its own. */
export function checkAuditEvent(action: string, attributes: unknown): string | null {
  if (!isAuditAction(action)) return `unknown audit action ${action}`;
  const parsed = AUDIT_ATTRIBUTES[action].safeParse(attributes);
  return parsed.success ? null : `${action}: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`;
}

/**
 * What an audited change does to the environment's runtime (what players receive).
 * - 'publish': it writes something the runtime snapshot is built from (or may be: rows that active
 *   entries could reference), so the transaction that audits it publishes a revision when the
 *   snapshot's hash changed (the server's unit of work, db/unit-of-work.ts).
 * - 'none': it never changes the snapshot (operations data, drafts, descriptions, inactive versions).
 * - 'own': it publishes its own revision (rollback and resume).
 */
export type AuditRuntimeEffect = 'publish' | 'none' | 'own';

export const AUDIT_RUNTIME_EFFECTS = {
  'environment.create': 'publish',
  'environment.transfer': 'publish',
  'release.content.set': 'publish',
  'release.client.set': 'publish',
  'release.kv.set': 'publish',
  'plugin.activate': 'publish',
  'plugin.deactivate': 'publish',
  'nice.set': 'none',
  'compensation.send': 'none',
  'player.progression.set': 'none',
  'runtime-key.create': 'none',
  'runtime-key.revoke': 'none',
  'connection.close': 'none',
  'abtest.create': 'publish',
  'abtest.save': 'publish',
  'abtest.description.save': 'none',
  'abtest.case-descriptions.save': 'none',
  'abtest.segment.save': 'publish',
  'abtest.version.save': 'none',
  'abtest.version.activate': 'publish',
  'abtest.rollout.apply': 'publish',
  'abtest.activate': 'publish',
  'abtest.delete': 'publish',
  'config.create': 'publish',
  'config.save': 'publish',
  'config.activate': 'publish',
  'config.deactivate': 'publish',
  'config.delete': 'publish',
  'config.duplicate': 'publish',
  'config.duplicate.reassign': 'publish',
  'plugin.entries.reassign': 'publish',
  'plugin.description.set': 'none',
  'plugin.draft.save': 'none',
  'plugin.draft.activate': 'publish',
  'runtime.revision.republish': 'own',
  'runtime.revision.resume': 'own',
  // Who may act is not what players receive
  'user.role.set': 'none',
  'user.remove': 'none',
  'environment.protect': 'none',
  // What players receive is kept: the keys that read it are refused, then accepted again
  'environment.archive': 'none',
  'environment.restore': 'none',
  'auth.sign-in': 'none',
  // A request's lifecycle changes nothing players receive, but its apply does, as one revision
  'review-policy.set': 'none',
  'change-request.open': 'none',
  'change-request.save': 'none',
  'change-request.request-review': 'none',
  'change-request.approve': 'none',
  'change-request.reject': 'none',
  'change-request.resolve': 'none',
  'change-request.schedule': 'none',
  'change-request.apply': 'publish',
  'change-request.fail': 'none',
  'change-request.close': 'none',
  'change-request.comment': 'none',
  'change-request.bypass': 'none',
  // Where changes are announced is not what players receive
  'webhook.create': 'none',
  'webhook.save': 'none',
  'webhook.delete': 'none',
  'webhook.rotate': 'none',
  'webhook.test': 'none',
  'webhook.redeliver': 'none',
  'webhook.disable': 'none',
  // What is measured is not what players receive
  'metric.create': 'none',
  'metric.save': 'none',
  'metric.archive': 'none',
  'abtest.decision.record': 'none',
  'experiment.datasource.save': 'none',
} as const satisfies Record<AuditAction, AuditRuntimeEffect>;

/** The actions whose transaction publishes a revision (when the snapshot changed). */
export const PUBLISHING_AUDIT_ACTIONS: readonly AuditAction[] = AUDIT_ACTIONS.filter(
  (action) => AUDIT_RUNTIME_EFFECTS[action] === 'publish',
);

/** Whether an audited action publishes a revision; false for actions unknown to this version. */
export const isPublishingAuditAction = (action: string): boolean =>
  isAuditAction(action) && AUDIT_RUNTIME_EFFECTS[action] === 'publish';

// ---- the sealed chain (docs/decisions/0059) ----

/**
 * One finding of the audit log's check: an entry not written by the console's write function
 * (inserted), a sealed entry whose content or seal changed (changed), a sealed entry that is gone
 * (missing, entryId given), or chain positions with no seal left (missing, entryId null: positions
 * firstPosition..lastPosition of the environment's chain, between afterEntry and beforeEntry).
 */
export const auditProblemSchema = z.object({
  kind: z.enum(['inserted', 'changed', 'missing']),
  entryId: z.number().int().nullable(),
  /** The chain: an environment, or null for the console-wide one. */
  environment: z.string().nullable(),
  firstPosition: z.number().int().nullable(),
  lastPosition: z.number().int().nullable(),
  afterEntry: z.number().int().nullable(),
  beforeEntry: z.number().int().nullable(),
});
export type AuditProblem = z.infer<typeof auditProblemSchema>;

/** The findings the check answers at most (a wiped log would otherwise be one finding per entry). */
export const AUDIT_VERIFY_PROBLEM_LIMIT = 100;

export const auditVerifyResponseSchema = z.object({
  isIntact: z.boolean(),
  /** How many entries the log holds (every environment's and the console-wide ones). */
  entries: z.number().int(),
  /** How many findings there are; `problems` holds the first AUDIT_VERIFY_PROBLEM_LIMIT of them. */
  findings: z.number().int(),
  problems: z.array(auditProblemSchema),
});
export type AuditVerifyResponse = z.infer<typeof auditVerifyResponseSchema>;

const chainName = (environment: string | null) =>
  environment === null ? 'the console-wide chain' : `the chain of ${environment}`;

/** A finding in words, as the CLI prints it and the Audit Log screen shows it. */
export function describeAuditProblem(problem: AuditProblem): string {
  const where = chainName(problem.environment);
  if (problem.kind === 'inserted') {
    return `Entry ${problem.entryId} was inserted: it was not written by the console (no seal, ${where})`;
  }
  if (problem.kind === 'changed') {
    return `Entry ${problem.entryId} was changed after it was written (position ${problem.firstPosition} of ${where})`;
  }
  if (problem.entryId !== null) {
    return `Entry ${problem.entryId} is missing (position ${problem.firstPosition} of ${where})`;
  }
  const positions =
    problem.firstPosition === problem.lastPosition
      ? `The entry at position ${problem.firstPosition}`
      : `The entries at positions ${problem.firstPosition}-${problem.lastPosition}`;
  const between = [
    problem.afterEntry === null ? null : `after entry ${problem.afterEntry}`,
    problem.beforeEntry === null ? null : `before entry ${problem.beforeEntry}`,
  ].filter((part) => part !== null);
  const context = between.length > 0 ? `, ${between.join(' and ')}` : '';
  return `${positions} of ${where} ${problem.firstPosition === problem.lastPosition ? 'is' : 'are'} missing${context}`;
}

/** The check's outcome in one line. */
export function describeAuditVerification(result: AuditVerifyResponse): string {
  if (result.isIntact) return `Audit log intact: ${result.entries} entries, every chain unbroken`;
  const count = result.findings;
  const shown = result.problems.length < count ? ` (the first ${result.problems.length} shown)` : '';
  return `Audit log not intact: ${count} ${count === 1 ? 'finding' : 'findings'} in ${result.entries} entries${shown}`;
}
