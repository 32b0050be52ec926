import { z } from 'zod';
import { segmentSchema } from '../abtest/segment.ts';
import { WEIGHT_TOTAL } from '../abtest/weights.ts';
import { activationSettingsSchema } from '../config/activation.schemas.ts';

// The runtime snapshot of an environment — everything that decides what a player receives,
// published as an immutable, numbered revision in the same transaction as the change that altered it.
// The console builds it (apps/server features/publishing), game servers read it (/runtime/v1/snapshot)
// and resolve players locally with resolvePlayer (./resolve.ts), the one implementation.

/** A player's bucket lies in [0, BUCKET_COUNT); one bucket is one millionth, like a weight unit. */
export const BUCKET_COUNT = WEIGHT_TOTAL;

/** A half-open interval [start, end) of buckets, 0 ≤ start < end ≤ BUCKET_COUNT. */
export const bucketRangeSchema = z.tuple([
  z.number().int().min(0).max(BUCKET_COUNT),
  z.number().int().min(0).max(BUCKET_COUNT),
]);
export type BucketRange = z.infer<typeof bucketRangeSchema>;

/** One case of the A/B-test's current version: its weight and the buckets it owns (their sizes total the weight). */
export const runtimeCaseSchema = z.object({
  weight: z.number().int(),
  ranges: z.array(bucketRangeSchema),
});
export type RuntimeCase = z.infer<typeof runtimeCaseSchema>;

export const runtimeAbTestSchema = z.object({
  id: z.string(),
  /** AbTestType: 0 sticky, 10 dynamic, 20 rollout */
  type: z.number().int(),
  active: z.boolean(),
  /** Hashed with the player id into the bucket; a new salt (re-randomise) re-splits every player. */
  salt: z.string(),
  segment: segmentSchema,
  /** The current version (the highest active one); null when no version is active. */
  version: z.number().int().nullable(),
  /** The current version's cases, by case index; empty when no version is active. */
  cases: z.array(runtimeCaseSchema),
});
export type RuntimeAbTest = z.infer<typeof runtimeAbTestSchema>;

/** An entry of a plugin's active set: configuration ids by case index ('' = none: the plugin's default). */
export const runtimePluginEntrySchema = z.object({
  abTestId: z.string(),
  abTestVersion: z.number().int(),
  configurations: z.array(z.string()),
});
export type RuntimePluginEntry = z.infer<typeof runtimePluginEntrySchema>;

export const runtimePluginSchema = z.object({
  id: z.number().int(),
  /** The PluginId name, e.g. AGILITY_RACE */
  name: z.string(),
  /** Plugin.active: a disabled plugin gives nobody anything. */
  enabled: z.boolean(),
  /** The active set, in order: the first entry that applies to a player decides. */
  entries: z.array(runtimePluginEntrySchema),
});
export type RuntimePlugin = z.infer<typeof runtimePluginSchema>;

/** A configuration referenced by some plugin's active set (others are not published). */
export const runtimeConfigurationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  activation: activationSettingsSchema,
  data: z.record(z.string(), z.unknown()),
});
export type RuntimeConfiguration = z.infer<typeof runtimeConfigurationSchema>;

export const runtimeReleaseSchema = z.object({
  /** UTC milliseconds; 0 = no next content release */
  nextReleaseTime: z.number().int(),
  maxLevel: z.number().int(),
  nextMaxLevel: z.number().int(),
  remindVersion: z.string(),
  minimumVersion: z.string(),
  keyValue: z.string(),
});
export type RuntimeRelease = z.infer<typeof runtimeReleaseSchema>;

/**
 * What players receive, without the revision bookkeeping: its hash decides whether a change published
 * anything. Lists are sorted (plugins by id, A/B-tests and configurations by id) so equal content
 * serialises (stableStringify) and hashes equally.
 */
export const runtimeContentSchema = z.object({
  plugins: z.array(runtimePluginSchema),
  abTests: z.array(runtimeAbTestSchema),
  configurations: z.array(runtimeConfigurationSchema),
  release: runtimeReleaseSchema,
});
export type RuntimeContent = z.infer<typeof runtimeContentSchema>;

/** A published revision, as /runtime/v1/snapshot serves it. */
export const runtimeSnapshotSchema = z.object({
  environment: z.string(),
  /** Per environment, starting at 1, only increasing. */
  revision: z.number().int().min(1),
  /** Names the content (equal for equal contents, else different); compared, never computed, by readers. */
  hash: z.string(),
  /** ISO 8601 */
  publishedAt: z.string(),
  publishedBy: z.string(),
  content: runtimeContentSchema,
});
export type RuntimeSnapshot = z.infer<typeof runtimeSnapshotSchema>;
