import { z } from 'zod';
import { abTestSchema, abTestUsageResponseSchema } from '../abtest/abtest.schemas.ts';
import { abTestIdRefSchema } from '../abtest/abtest-id.ts';
import { MAX_CASE_COUNT } from '../abtest/weights.ts';
import { boundedArray, lengthCheckedFirst } from '../api/bounded.ts';
import { CONFIG_ID_MAX_LENGTH } from '../config/config-item.schemas.ts';
import { integerField } from '../operations/fields.ts';
import { pluginIdSchema, pluginListItemSchema } from '../operations/plugin.ts';

// Plugin, Plugin A/B-test entry, A/B-test usage response, Activate draft response; the
// Plugin details calls. Request and answer schemas apart; types inferred from them.

// Decision (docs/decisions/, Plugin details and the draft): a draft holds at most 50 entries.
export const MAX_DRAFT_ENTRIES = 50;
// Decision: a plugin description is trimmed, at most 100 characters (the product's description limit).
export const PLUGIN_DESCRIPTION_MAX_LENGTH = 100;

/** The configuration chosen for one case: a configuration id, or '' when none is chosen (yet). */
export const EMPTY_CONFIGURATION = '';

const revisionSchema = (field: string) => integerField(field, 0);

const caseConfigurationSchema = z
  .string({ error: 'each configuration must be a configuration id or an empty text' })
  .max(CONFIG_ID_MAX_LENGTH, {
    error: `a configuration id must be at most ${CONFIG_ID_MAX_LENGTH} characters`,
  });

/** Plugin A/B-test entry: configuration ids, one per case by case index ('' = none). */
export const pluginEntrySchema = z.object({
  abTestId: abTestIdRefSchema,
  abTestVersion: integerField('abTestVersion', 0),
  configurations: boundedArray(caseConfigurationSchema, MAX_CASE_COUNT, {
    error: 'configurations must be a list of configuration ids',
    tooMany: `an entry has at most ${MAX_CASE_COUNT} configurations`,
  }),
});
export type PluginEntry = z.infer<typeof pluginEntrySchema>;

/** The duplicates of a list, each once, in order of first repetition. */
function repeatedValues(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const value of values) (seen.has(value) ? repeated : seen).add(value);
  return [...repeated];
}

/**
 * The whole draft an autosave sends. a configuration serves one case per entry (choosing it
 * for a case clears it elsewhere), and Decision: an A/B-test appears once per draft.
 */
const DRAFT_TOO_LONG = `a draft has at most ${MAX_DRAFT_ENTRIES} A/B-tests`;
export const draftEntriesSchema = lengthCheckedFirst(
  z
    .array(pluginEntrySchema, { error: 'configurations must be the list of the draft entries' })
    .max(MAX_DRAFT_ENTRIES, { error: DRAFT_TOO_LONG })
    .superRefine((entries, context) => {
      for (const abTestId of repeatedValues(entries.map((entry) => entry.abTestId)))
        context.addIssue({ code: 'custom', message: `AB-test '${abTestId}' is added to the draft twice` });
      entries.forEach((entry, index) => {
        const chosen = entry.configurations.filter((id) => id !== EMPTY_CONFIGURATION);
        for (const configId of repeatedValues(chosen))
          context.addIssue({
            code: 'custom',
            path: [index, 'configurations'],
            message: `Configuration '${configId}' is chosen for more than one case of AB-test '${entry.abTestId}'`,
          });
      });
    }),
  MAX_DRAFT_ENTRIES,
  DRAFT_TOO_LONG,
);

// ---- requests ----

/** /api/plugin/get {pluginId} */
export const pluginIdRequestSchema = z.object({ pluginId: pluginIdSchema });
export type PluginIdRequest = z.infer<typeof pluginIdRequestSchema>;

/** /api/plugin/set/description {pluginId, description} */
export const setPluginDescriptionRequestSchema = z.object({
  pluginId: pluginIdSchema,
  description: z
    .string({ error: 'description must be a text' })
    .trim()
    .max(PLUGIN_DESCRIPTION_MAX_LENGTH, {
      error: `description must be at most ${PLUGIN_DESCRIPTION_MAX_LENGTH} characters`,
    }),
});
export type SetPluginDescriptionRequest = z.infer<typeof setPluginDescriptionRequestSchema>;

/**
 * /api/plugin/draft/abtest {pluginId, configurations}: the whole draft list. Decision:
 * `draftRevision` is the draft revision the edit started from; the save is refused (409) when the
 * draft changed since, so of two concurrent autosaves the one based on an older draft never wins.
 * `baseRevision`, when sent, re-bases the draft on that active set revision (it must be the current
 * one): "reload the draft on top of the current active set" after a stale-draft refusal.
 */
export const saveDraftRequestSchema = z.object({
  pluginId: pluginIdSchema,
  configurations: draftEntriesSchema,
  draftRevision: revisionSchema('draftRevision'),
  baseRevision: revisionSchema('baseRevision').optional(),
});
export type SaveDraftRequest = z.infer<typeof saveDraftRequestSchema>;

/**
 * /api/plugin/draft/activate {pluginId}. Decision: with the draft revision the operator validated;
 * a draft changed since is refused (409), so what is activated is what was validated.
 */
export const activateDraftRequestSchema = z.object({
  pluginId: pluginIdSchema,
  draftRevision: revisionSchema('draftRevision'),
});
export type ActivateDraftRequest = z.infer<typeof activateDraftRequestSchema>;

/** /api/plugin/abtest-usage {pluginId, abTestId, abTestVersion}: validate one entry of the draft. */
export const abTestUsageRequestSchema = z.object({
  pluginId: pluginIdSchema,
  abTestId: abTestIdRefSchema,
  abTestVersion: integerField('abTestVersion', 0),
});
export type AbTestUsageRequest = z.infer<typeof abTestUsageRequestSchema>;

// ---- answers ----

export const pluginDataSchema = z.object({
  /** The active set: what the plugin serves (tab 0, read-only). */
  active: z.array(pluginEntrySchema),
  /** The autosaved draft (tab 1). */
  draft: z.array(pluginEntrySchema),
  /** Increases on every change of the active set (activation, reassignment by the configurations flow). */
  activeRevision: z.number().int(),
  /** Increases on every change of the draft (autosave, activation, reassignment); autosaves send it back. */
  draftRevision: z.number().int(),
  /** The active set revision the draft was based on; below activeRevision means the draft is stale. */
  draftBaseRevision: z.number().int(),
});
export type PluginData = z.infer<typeof pluginDataSchema>;

/**
 * Plugin: id, description, active, created, modified, lastModifier, data.draft and
 * data.active; plus (Decision) the revisions in data, and every A/B-test an entry of either list
 * refers to (by id), for the info cards and the validity rules.
 */
export const pluginDetailsSchema = pluginListItemSchema.extend({
  data: pluginDataSchema,
  abTests: z.array(abTestSchema),
});
export type PluginDetails = z.infer<typeof pluginDetailsSchema>;

/** A/B-test usage response: validUsages (plugin ids), fatal ([plugin id, error]). */
export const pluginAbTestUsageResponseSchema = abTestUsageResponseSchema;

/** Activate draft response: updated (plugin ids), error ([plugin id, message]). */
export const activateDraftResponseSchema = z.object({
  updated: z.array(z.number().int()),
  error: z.array(z.tuple([z.number().int(), z.string()])),
});
export type ActivateDraftResponse = z.infer<typeof activateDraftResponseSchema>;
