import { z } from 'zod';
import { boundedArray, lengthCheckedFirst } from '../api/bounded.ts';
import { listPageRequestSchema } from '../api/list-page.ts';
import { AbTestType, PluginId } from '../enums.ts';
import {
  abTestDescriptionSchema,
  abTestIdRefSchema,
  abTestIdSchema,
  caseDescriptionSchema,
} from './abtest-id.ts';
import { segmentConditionSchema, segmentSchema } from './segment.ts';
import { MAX_CASE_COUNT, readPercentEntry, validateWeights, WEIGHT_MESSAGES } from './weights.ts';

// Sticky segmentation (0), Dynamic segmentation (10), Rollout (20).
export const abTestTypeSchema = z.union(
  [
    z.literal(AbTestType.StickySegmentation),
    z.literal(AbTestType.DynamicSegmentation),
    z.literal(AbTestType.Rollout),
  ],
  { error: 'type must be 0 (Sticky segmentation), 10 (Dynamic segmentation) or 20 (Rollout)' },
);
export type AbTestTypeId = z.infer<typeof abTestTypeSchema>;

const caseDescriptionsSchema = boundedArray(caseDescriptionSchema, MAX_CASE_COUNT, {
  error: 'case descriptions must be a list of texts',
  tooMany: `case descriptions can have at most ${MAX_CASE_COUNT} entries`,
});

/**
 * "Numeric weights are converted to strings": a weight arrives as a number or a numeric
 * string (millionths) and is normalised to an integer.
 */
const WEIGHT_NOT_WHOLE = 'each weight must be a whole number of at least 0';
/** A weight as a text: the digits of at most 1,000,000, with room for spaces around them. */
const WEIGHT_TEXT_MAX_LENGTH = 32;
const weightSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .max(WEIGHT_TEXT_MAX_LENGTH, { error: WEIGHT_NOT_WHOLE, abort: true })
        .trim()
        .regex(/^\d+$/, { error: WEIGHT_NOT_WHOLE }),
    ],
    {
      error: `${WEIGHT_NOT_WHOLE} (as a number or a numeric text)`,
    },
  )
  .transform((weight) => Number(weight))
  .pipe(
    z
      .number()
      .int({ error: WEIGHT_NOT_WHOLE })
      .min(0, { error: WEIGHT_NOT_WHOLE })
      .max(Number.MAX_SAFE_INTEGER, { error: 'each weight is too large' }),
  );

/**
 * Non-empty, whole, ≥ 0, total 1,000,000, checked by validateWeights once every weight
 * parsed (the rollout two-case rule needs the AB-test's type: see checkNewVersion).
 */
export const versionWeightsSchema = lengthCheckedFirst(
  z.array(weightSchema, { error: 'weights must be a list' }).pipe(
    z.array(z.number()).superRefine((weights, context) => {
      const result = validateWeights(weights);
      if (!result.ok) context.addIssue({ code: 'custom', message: result.error.message });
    }),
  ),
  MAX_CASE_COUNT,
  WEIGHT_MESSAGES.tooMany,
);

const versionNumberSchema = z
  .number({ error: 'version must be a number' })
  .int({ error: 'version must be a whole number' })
  .min(0, { error: 'version must be at least 0' });

// ---- requests ----

export const validateConditionRequestSchema = z.object({ condition: segmentConditionSchema });
export type ValidateConditionRequest = z.infer<typeof validateConditionRequestSchema>;

export const saveSegmentRequestSchema = z.object({ abTestId: abTestIdRefSchema, segment: segmentSchema });
export type SaveSegmentRequest = z.infer<typeof saveSegmentRequestSchema>;

/** /get, /versions/get, /activate/... and /delete name an AB-test by id. */
export const abTestIdRequestSchema = z.object({ id: abTestIdRefSchema });
export type AbTestIdRequest = z.infer<typeof abTestIdRequestSchema>;

/** /list and /list/usage: the optional paging of a list that can grow (listPageRequestSchema). */
export const abTestListRequestSchema = listPageRequestSchema;
export type AbTestListRequest = z.input<typeof abTestListRequestSchema>;

export const createAbTestRequestSchema = z.object({
  id: abTestIdSchema,
  description: abTestDescriptionSchema.default(''),
  type: abTestTypeSchema,
});
export type CreateAbTestRequest = z.infer<typeof createAbTestRequestSchema>;

/**
 * /save {abTest}: the writable part, in the shape of the AB-test itself so the web can send back the
 * object it loaded. Decision (docs/decisions/0127): description, data.caseDescriptions and
 * data.segment are writable; omitted fields are left alone; everything else (active, type,
 * versions, cases, usedBy, times) is stripped and changes only through its own call.
 */
export const saveAbTestRequestSchema = z.object({
  abTest: z.object(
    {
      id: abTestIdRefSchema,
      description: abTestDescriptionSchema.optional(),
      data: z
        .object({ caseDescriptions: caseDescriptionsSchema.optional(), segment: segmentSchema.optional() })
        .optional(),
    },
    { error: 'abTest must be an object' },
  ),
});
export type SaveAbTestRequest = z.infer<typeof saveAbTestRequestSchema>;

export const saveDescriptionRequestSchema = z.object({
  id: abTestIdRefSchema,
  description: abTestDescriptionSchema,
});
export type SaveDescriptionRequest = z.infer<typeof saveDescriptionRequestSchema>;

export const saveCaseDescriptionsRequestSchema = z.object({
  id: abTestIdRefSchema,
  descriptions: caseDescriptionsSchema,
});
export type SaveCaseDescriptionsRequest = z.infer<typeof saveCaseDescriptionsRequestSchema>;

export const saveVersionRequestSchema = z.object({ id: abTestIdRefSchema, weights: versionWeightsSchema });
/** What the client sends: weights as numbers or numeric texts. */
export type SaveVersionRequestInput = z.input<typeof saveVersionRequestSchema>;
/** What the server gets after parsing: weights as integers. */
export type SaveVersionRequest = z.infer<typeof saveVersionRequestSchema>;

/**
 * Decision (docs/decisions/): `active` (default true) lets the list's switch say what the
 * operator asked for, so switching an active AB-test off is answered "An active AB-test cannot be
 * deactivated" rather than silently ignored.
 */
export const activateTestRequestSchema = z.object({
  id: abTestIdRefSchema,
  active: z.boolean({ error: 'active must be true or false' }).default(true),
});
export type ActivateTestRequest = z.infer<typeof activateTestRequestSchema>;

/**
 * The Create-Version form: the percent texts exactly as shown, one per case. Each must read
 * as a percent (readPercentEntry) and together they must make a valid version; the output is the
 * request, so what the fields show is what is sent.
 */
export const versionPercentsFormSchema = z
  .object({
    id: abTestIdRefSchema,
    percents: z.array(z.string()).superRefine((percents, context) => {
      percents.forEach((text, index) => {
        const entry = readPercentEntry(text);
        if (!entry.ok) context.addIssue({ code: 'custom', path: [index], message: entry.message });
      });
    }),
  })
  .transform(({ id, percents }, context): SaveVersionRequest => {
    const weights = percents.map((text) => {
      const entry = readPercentEntry(text);
      return entry.ok ? entry.weight : Number.NaN;
    });
    const request = saveVersionRequestSchema.safeParse({ id, weights });
    if (request.success) return request.data;
    for (const issue of request.error.issues) context.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  });
export type VersionPercentsForm = z.input<typeof versionPercentsFormSchema>;

/**
 * Re-randomise — a new salt and fresh bucket ranges, so every player is split anew instead
 * of the fewest players moving. Absent or false keeps the salt and moves the fewest players.
 */
const reRandomiseSchema = z.boolean({ error: 'reRandomise must be true or false' }).optional();

export const activateVersionRequestSchema = z.object({
  id: abTestIdRefSchema,
  version: versionNumberSchema,
  reRandomise: reRandomiseSchema,
});
export type ActivateVersionRequest = z.infer<typeof activateVersionRequestSchema>;

// ---- responses ----

const utcMillisSchema = z.number().int().describe('UTC milliseconds');
const casesSchema = z.array(z.number().int().min(0));

export const abTestVersionSchema = z.object({
  version: z.number().int().min(0),
  active: z.boolean(),
  cases: casesSchema,
  created: utcMillisSchema,
  lastModifier: z.string(),
});
export type AbTestVersion = z.infer<typeof abTestVersionSchema>;

export const abTestDataSchema = z.object({
  type: abTestTypeSchema,
  /** The current (highest active) version; -1 means "No version". */
  version: z.number().int().min(-1),
  /** The weights of the current version; empty with no version. */
  cases: casesSchema,
  caseDescriptions: z.array(z.string()),
  versions: z.array(abTestVersionSchema),
  segment: segmentSchema,
});
export type AbTestData = z.infer<typeof abTestDataSchema>;

export const abTestSchema = z.object({
  id: z.string(),
  description: z.string(),
  active: z.boolean(),
  created: utcMillisSchema,
  modified: utcMillisSchema,
  lastModifier: z.string(),
  data: abTestDataSchema,
  /** Plugin ids (PluginId values) whose active configuration or draft uses this AB-test. */
  usedBy: z.array(z.number().int()),
});
export type AbTest = z.infer<typeof abTestSchema>;

/** /list, /list/usage, /list/recent. */
export const abTestListResponseSchema = z.array(abTestSchema);
export type AbTestListResponse = z.infer<typeof abTestListResponseSchema>;

/** /delete: the id of the deleted AB-test. */
export const deleteAbTestResponseSchema = z.object({ id: z.string() });

/** /versions/get: the versions, newest first (sortVersionsNewestFirst). */
export const abTestVersionsResponseSchema = z.array(abTestVersionSchema);
export type AbTestVersionsResponse = z.infer<typeof abTestVersionsResponseSchema>;

/** /segment/validate/condition: the fault mask. */
export const validateConditionResponseSchema = z.number().int().min(0);
/** /segment/save: one mask per condition; all 0 means it was saved. */
export const saveSegmentResponseSchema = z.array(z.number().int().min(0));
export type SaveSegmentResponse = z.infer<typeof saveSegmentResponseSchema>;

const pluginIdSchema = z.number().int().describe(`a PluginId, e.g. ${PluginId.DUEL}`);

/** Usage response: plugins that would be activated alongside, and fatal [pluginId, error] pairs. */
export const abTestUsageResponseSchema = z.object({
  validUsages: z.array(pluginIdSchema),
  fatal: z.array(z.tuple([pluginIdSchema, z.string()])),
});
export type AbTestUsageResponse = z.infer<typeof abTestUsageResponseSchema>;

/**
 * Decision (docs/decisions/): rollout apply is one call, so saving the version and activating it
 * commit together. treatment is the percentage of players in case 1 (0-100).
 */
export const applyRolloutRequestSchema = z.object({
  id: abTestIdRefSchema,
  treatment: z
    .number({ error: 'treatment must be a number' })
    .min(0, { error: 'treatment must be between 0 and 100' })
    .max(100, { error: 'treatment must be between 0 and 100' }),
  reRandomise: reRandomiseSchema,
});
export type ApplyRolloutRequest = z.infer<typeof applyRolloutRequestSchema>;

/**
 * /api/abtest/impact: the players an activation would move, before it is made — of a saved
 * version ({version}), of a rollout apply ({treatment}, as /rollout/apply takes it) or of any weights.
 * Exactly one of them.
 */
export const abTestImpactRequestSchema = z
  .object({
    id: abTestIdRefSchema,
    version: versionNumberSchema.optional(),
    treatment: applyRolloutRequestSchema.shape.treatment.optional(),
    weights: versionWeightsSchema.optional(),
    reRandomise: reRandomiseSchema,
  })
  .refine(
    (request) =>
      [request.version, request.treatment, request.weights].filter((value) => value !== undefined).length ===
      1,
    { error: 'give exactly one of version, treatment or weights' },
  );
export type AbTestImpactRequest = z.infer<typeof abTestImpactRequestSchema>;
export type AbTestImpactRequestInput = z.input<typeof abTestImpactRequestSchema>;
