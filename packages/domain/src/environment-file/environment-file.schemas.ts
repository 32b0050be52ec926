import { z } from 'zod';
import { NO_VERSION } from '../abtest/abtest.rules.ts';
import { abTestTypeSchema } from '../abtest/abtest.schemas.ts';
import {
  abTestDescriptionSchema,
  abTestIdRefSchema,
  abTestIdSchema,
  caseDescriptionSchema,
} from '../abtest/abtest-id.ts';
import { segmentSchema } from '../abtest/segment.ts';
import { MAX_CASE_COUNT, WEIGHT_TOTAL } from '../abtest/weights.ts';
import { boundedArray, lengthCheckedFirst } from '../api/bounded.ts';
import { activationSettingsSchema } from '../config/activation.schemas.ts';
import { configDataSchema } from '../config/config-data.schemas.ts';
import { configDescriptionSchema, configIdSchema } from '../config/config-item.schemas.ts';
import { CONFIG_KIND_IDS } from '../config/config-kinds.ts';
import { environmentIdSchema } from '../environment.ts';
import { integerField } from '../operations/fields.ts';
import { pluginIdSchema } from '../operations/plugin.ts';
import {
  keyValueTextSchema,
  releaseClientInputSchema,
  releaseContentResponseSchema,
} from '../operations/release.ts';
import { TransferGroupName } from '../operations/transfer.ts';
import {
  MAX_DRAFT_ENTRIES,
  PLUGIN_DESCRIPTION_MAX_LENGTH,
  pluginEntrySchema,
} from '../plugin/plugin-details.schemas.ts';
import { bucketRangeSchema } from '../runtime/snapshot.ts';

// An environment file: an environment's content as one JSON document, written by the export
// (API, CLI, Transfer screen) and read by the import, which is a transfer whose source is the file.
// Its items are the transfer's items ({id, active, title, payload}) of each group, as the groups list
// them, so a file and an environment compare with the transfer's own rules.

/**
 * The format this console writes. Raise it when the shape of a file changes, and add the upgrade
 * from the previous format to environment-file.upgrade.ts (policy: docs/operations.md, "Environment files").
 */
export const ENVIRONMENT_FILE_FORMAT = 1;

/**
 * The transfer groups a file holds, in preview order. NICE config is left out on purpose: its one
 * item is the authentication token, a secret. Player data (grants, progression), runtime keys,
 * connections, sessions and users are no transfer group, so they never reach a file either.
 */
export const ENVIRONMENT_FILE_GROUPS = [
  TransferGroupName.Release,
  TransferGroupName.Plugins,
  TransferGroupName.AbTests,
  TransferGroupName.Configurations,
] as const;
export type EnvironmentFileGroupName = (typeof ENVIRONMENT_FILE_GROUPS)[number];

/** Release info's items: one per section of the Release Info screen, with the preview's title. */
export const RELEASE_SECTION_TITLES = {
  content: 'Content',
  client: 'Client version',
  kv: 'Key-value',
} as const;
export type ReleaseSectionId = keyof typeof RELEASE_SECTION_TITLES;

/** A plugin's name (DUEL, STORE_PRODUCTS, ...): far shorter than this. */
const PLUGIN_TITLE_MAX_LENGTH = 100;

/** Bounds that keep a hostile file from costing much before it is refused. */
export const ENVIRONMENT_FILE_LIMITS = {
  /** Items per group (every plugin is one item; A/B-tests and configurations grow with content). */
  maxItems: 10_000,
  /** Versions per A/B-test. */
  maxVersions: 1_000,
  /** Ranges per case of a version (a reassigned split stays a handful of ranges per case). */
  maxRangesPerCase: 1_000,
  /** Nesting of the whole document (the deepest legitimate file is about a dozen levels). */
  maxDepth: 64,
} as const;

const exactly = <const T extends string>(value: T, field: string) =>
  z.literal(value, { error: `${field} must be '${value}'` });

const releaseItemSchemas = {
  content: z.strictObject({
    id: exactly('content', 'id'),
    active: z.literal(true, { error: 'active must be true' }),
    title: exactly(RELEASE_SECTION_TITLES.content, 'title'),
    payload: z.strictObject(releaseContentResponseSchema.shape),
  }),
  client: z.strictObject({
    id: exactly('client', 'id'),
    active: z.literal(true, { error: 'active must be true' }),
    title: exactly(RELEASE_SECTION_TITLES.client, 'title'),
    payload: z.strictObject({
      remindVersion: releaseClientInputSchema.shape.remindVersion.unwrap(),
      minimumVersion: releaseClientInputSchema.shape.minimumVersion.unwrap(),
    }),
  }),
  kv: z.strictObject({
    id: exactly('kv', 'id'),
    active: z.literal(true, { error: 'active must be true' }),
    title: exactly(RELEASE_SECTION_TITLES.kv, 'title'),
    payload: z.strictObject({ keyValue: keyValueTextSchema }),
  }),
};
const releaseItemSchema = z.discriminatedUnion(
  'id',
  [releaseItemSchemas.content, releaseItemSchemas.client, releaseItemSchemas.kv],
  { error: "id must be 'content', 'client' or 'kv' (a section of Release info)" },
);

/** A plugin entry as the plugin group lists it: abTestVersion is -1 for an A/B-test without a version then. */
const fileEntrySchema = z.strictObject({
  abTestId: abTestIdRefSchema,
  abTestVersion: integerField('abTestVersion', NO_VERSION),
  configurations: pluginEntrySchema.shape.configurations,
});
const entrySetSchema = (set: string) =>
  boundedArray(fileEntrySchema, MAX_DRAFT_ENTRIES, {
    error: `${set} must be a list of A/B-test entries`,
    tooMany: `${set} has at most ${MAX_DRAFT_ENTRIES} entries`,
  });

const pluginItemSchema = z.strictObject({
  id: pluginIdSchema,
  active: z.boolean({ error: 'active must be true or false' }),
  /** The plugin's name (DUEL), which its id decides. */
  title: z
    .string({ error: 'title must be the plugin name' })
    .max(PLUGIN_TITLE_MAX_LENGTH, { error: 'title must be the plugin name' }),
  payload: z.strictObject({
    description: z.string({ error: 'description must be a text' }).max(PLUGIN_DESCRIPTION_MAX_LENGTH, {
      error: `description must be at most ${PLUGIN_DESCRIPTION_MAX_LENGTH} characters`,
    }),
    /** The active set; left out when empty. */
    active: entrySetSchema('active').optional(),
    /** The autosaved draft; left out when empty. */
    draft: entrySetSchema('draft').optional(),
  }),
});

const weightSchema = integerField('weight', 0, WEIGHT_TOTAL);
const abTestVersionSchema = z.strictObject({
  version: integerField('version', 0),
  active: z.boolean({ error: 'active must be true or false' }),
  cases: lengthCheckedFirst(
    z
      .array(weightSchema, { error: 'cases must be a list of weights' })
      .min(1, { error: 'cases must hold at least one weight' })
      .max(MAX_CASE_COUNT, { error: `cases holds at most ${MAX_CASE_COUNT} weights` }),
    MAX_CASE_COUNT,
    `cases holds at most ${MAX_CASE_COUNT} weights`,
  ),
  /** Each case's bucket ranges, fixed at activation; null for a version never activated. */
  ranges: boundedArray(
    boundedArray(bucketRangeSchema, ENVIRONMENT_FILE_LIMITS.maxRangesPerCase, {
      error: 'each case must be a list of [start, end] ranges',
      tooMany: `a case has at most ${ENVIRONMENT_FILE_LIMITS.maxRangesPerCase} ranges`,
    }),
    MAX_CASE_COUNT,
    {
      error: 'ranges must be null or a list of ranges per case',
      tooMany: `ranges holds at most ${MAX_CASE_COUNT} cases`,
    },
  ).nullable(),
});

const abTestItemSchema = z.strictObject({
  id: abTestIdSchema,
  active: z.boolean({ error: 'active must be true or false' }),
  /** The A/B-test's description. */
  title: abTestDescriptionSchema,
  payload: z.strictObject({
    type: abTestTypeSchema,
    /** Hashed with a player id into the player's bucket: the same salt splits players the same way. */
    salt: z
      .string({ error: 'salt must be a text' })
      .min(1, { error: 'salt must not be empty' })
      .max(200, { error: 'salt must be at most 200 characters' }),
    versions: boundedArray(abTestVersionSchema, ENVIRONMENT_FILE_LIMITS.maxVersions, {
      error: 'versions must be a list',
      tooMany: `an A/B-test has at most ${ENVIRONMENT_FILE_LIMITS.maxVersions} versions`,
    }),
    /** The current version's weights (derived from versions; the file must agree). */
    cases: boundedArray(weightSchema, MAX_CASE_COUNT, {
      error: 'cases must be a list of weights',
      tooMany: `cases holds at most ${MAX_CASE_COUNT} weights`,
    }),
    caseDescriptions: boundedArray(caseDescriptionSchema, MAX_CASE_COUNT, {
      error: 'caseDescriptions must be a list of texts',
      tooMany: `caseDescriptions holds at most ${MAX_CASE_COUNT} texts`,
    }),
    segment: segmentSchema,
  }),
});

const configurationItemSchema = z.strictObject({
  id: configIdSchema,
  active: z.boolean({ error: 'active must be true or false' }),
  /** The configuration's description. */
  title: configDescriptionSchema,
  payload: z.strictObject({
    kind: z.enum(CONFIG_KIND_IDS as unknown as [string, ...string[]], {
      error: `kind must be one of ${CONFIG_KIND_IDS.join(', ')}`,
    }),
    activation: activationSettingsSchema,
    data: configDataSchema,
  }),
});

// An object's own message for a value of the wrong type; zod's naming of unknown keys otherwise.
const whenNotAnObject = (message: string) => (issue: { code?: string }) =>
  issue.code === 'invalid_type' ? message : undefined;

const itemsOf = <T extends z.ZodType>(
  item: T,
  group: string,
  max: number = ENVIRONMENT_FILE_LIMITS.maxItems,
  tooMany = `${group} holds at most ${max} items`,
) => boundedArray(item, max, { error: `${group} must be a list of items`, tooMany });

/**
 * The shape of an environment file of the current format, without the checks across items (a plugin
 * entry naming an A/B-test of the file, ...): what the export answers. Unknown fields are refused.
 */
export const environmentFileShapeSchema = z.strictObject(
  {
    /** The format version the file was written in (the console reads it and older ones it can upgrade). */
    format: integerField('format', 1, ENVIRONMENT_FILE_FORMAT),
    /** The environment it was exported from; an import may write it into any other. */
    environment: environmentIdSchema,
    groups: z.strictObject(
      {
        [TransferGroupName.Release]: itemsOf(
          releaseItemSchema,
          TransferGroupName.Release,
          3,
          `${TransferGroupName.Release} holds the sections content, client and kv`,
        ),
        [TransferGroupName.Plugins]: itemsOf(pluginItemSchema, TransferGroupName.Plugins),
        [TransferGroupName.AbTests]: itemsOf(abTestItemSchema, TransferGroupName.AbTests),
        [TransferGroupName.Configurations]: itemsOf(
          configurationItemSchema,
          TransferGroupName.Configurations,
        ),
      },
      {
        error: whenNotAnObject(
          `groups must be an object with the lists ${ENVIRONMENT_FILE_GROUPS.join(', ')}`,
        ),
      },
    ),
  },
  { error: whenNotAnObject('must be an environment file: an object with format, environment and groups') },
);

export type EnvironmentFile = z.infer<typeof environmentFileShapeSchema>;
export type EnvironmentFileGroups = EnvironmentFile['groups'];
export type ReleaseFileItem = z.infer<typeof releaseItemSchema>;
export type PluginFileItem = z.infer<typeof pluginItemSchema>;
export type AbTestFileItem = z.infer<typeof abTestItemSchema>;
export type ConfigurationFileItem = z.infer<typeof configurationItemSchema>;
export type FileEntry = z.infer<typeof fileEntrySchema>;
