import { z } from 'zod';
import { segmentFailureSchema } from './segment-match.ts';
import { runtimeConfigurationSchema } from './snapshot.ts';
import { worldEventStatusSchema } from './world-event-status.ts';

// What resolvePlayer answers, per plugin, with the reasons an operator's preview
// shows. POST /runtime/v1/resolve answers it as is; the console's player preview renders it. The
// reasons are data; explain.ts turns them into sentences (kept out of resolvePlayer, which game
// servers call per player: building the sentences cost more than the resolution itself).

/** A player without a level is level 1 (runtime-api.ts resolveRequestSchema). */
export const DEFAULT_PLAYER_LEVEL = 1;
/** How far ahead "next start" of a configuration that does not run is looked for. */
export const NEXT_START_HORIZON_MS = 30 * 24 * 3_600_000;

/** Why an entry of the active set did not decide the player's case. */
export const entrySkipCauseSchema = z.discriminatedUnion('reason', [
  /** The entry names an A/B-test the snapshot does not hold. */
  z.object({ reason: z.literal('abtest-missing') }),
  z.object({ reason: z.literal('abtest-inactive') }),
  z.object({ reason: z.literal('no-active-version') }),
  /** The player is not in the test's segment: the first condition that does not hold. */
  z.object({ reason: z.literal('segment'), failure: segmentFailureSchema }),
  /** No case owns the player's bucket (ranges that do not cover every bucket). */
  z.object({ reason: z.literal('no-case'), bucket: z.number().int() }),
]);
export type EntrySkipCause = z.infer<typeof entrySkipCauseSchema>;

const entryFields = {
  /** The entry's index in the plugin's active set (0 = first). */
  position: z.number().int(),
  abTestId: z.string(),
  /** The version the entry was added with (the configurations are by its case indexes). */
  abTestVersion: z.number().int(),
  /** A sticky assignment of this test to a case that no longer exists, dropped before evaluating. */
  droppedAssignment: z.number().int().nullable(),
};

export const skippedEntrySchema = z.object({ ...entryFields, cause: entrySkipCauseSchema });
export type SkippedEntry = z.infer<typeof skippedEntrySchema>;

export const matchedEntrySchema = z.object({
  ...entryFields,
  /** AbTestType: 0 sticky, 10 dynamic, 20 rollout */
  abTestType: z.number().int(),
  /** The test's current version, whose ranges decide the case. */
  testVersion: z.number().int(),
  caseIndex: z.number().int(),
  /** The player's bucket for this test (for a kept sticky case, shown even though it did not decide). */
  bucket: z.number().int(),
  /** Sticky tests: 'kept' from the assignments passed in, or 'assigned' now; null for other types. */
  sticky: z.enum(['kept', 'assigned']).nullable(),
  /** The case's configuration id; '' = none, the plugin's default (also when the entry has no slot for the case). */
  configurationId: z.string(),
  /** False when the entry, pinned to an older version, has fewer configurations than the case index. */
  hasSlot: z.boolean(),
  /** Whether the snapshot holds that configuration (false for ''). */
  configurationFound: z.boolean(),
  /** Whether it runs at `at` by the activation engine; null without a configuration. */
  running: z.boolean().nullable(),
  /**
   * If it runs: when it stops serving (UTC ms; runs that touch count as one, so a Continuous
   * configuration without cooldown serves until its end); null when it never stops, and for a kind
   * without activation.
   */
  runningUntil: z.number().nullable(),
  /** When it next starts within NEXT_START_HORIZON_MS, if it does not run now; else null. */
  nextStart: z.number().nullable(),
  /** The configuration's minimum level; null without a configuration or for a kind without activation. */
  minLevel: z.number().int().nullable(),
  belowMinLevel: z.boolean(),
});
export type MatchedEntry = z.infer<typeof matchedEntrySchema>;

/**
 * - disabled: the plugin is switched off; the player receives nothing.
 * - no-match: no entry applies (none, or each was skipped): the plugin's default.
 * - default: the case has no configuration (an empty control case, or no slot): the plugin's default.
 * - configuration-missing: the case names a configuration the snapshot lacks: the plugin's default.
 * - not-running: the configuration does not run at `at`: the plugin's default.
 * - below-min-level: it runs, but the player's level is below its minimum: the plugin's default.
 * - configuration: the player receives `configuration`.
 */
export const pluginOutcomeSchema = z.enum([
  'disabled',
  'no-match',
  'default',
  'configuration-missing',
  'not-running',
  'below-min-level',
  'configuration',
]);
export type PluginOutcome = z.infer<typeof pluginOutcomeSchema>;

export const pluginResolutionSchema = z.object({
  pluginId: z.number().int(),
  pluginName: z.string(),
  outcome: pluginOutcomeSchema,
  /** What a game server tells the player about the plugin's event (world-event-status.ts). */
  status: worldEventStatusSchema,
  /** What the player receives; null = the plugin's default (or nothing, when disabled). */
  configuration: runtimeConfigurationSchema.nullable(),
  /** The entries before the matching one (or all, when none matched), each with why it did not apply. */
  skipped: z.array(skippedEntrySchema),
  matched: matchedEntrySchema.nullable(),
});
export type PluginResolution = z.infer<typeof pluginResolutionSchema>;

export const playerResolutionSchema = z.object({
  userId: z.string(),
  level: z.number().int(),
  /** UTC ms the resolution is for. */
  at: z.number(),
  /** Every plugin of the snapshot, by id. */
  plugins: z.array(pluginResolutionSchema),
  /** The sticky assignments to keep and pass back next time (A/B-test id → case index). */
  assignments: z.record(z.string(), z.number().int()),
});
export type PlayerResolution = z.infer<typeof playerResolutionSchema>;

/**
 * What POST /runtime/v1/resolve answers per plugin unless `explain` is asked for: what the player
 * receives and from which case, without the reasons (those are for the operator's preview and for
 * debugging; a thin game server asks per player, and the reasons cost more to send than to find).
 */
export const pluginReceiptSchema = z.object({
  pluginId: z.number().int(),
  pluginName: z.string(),
  outcome: pluginOutcomeSchema,
  /** What a game server tells the player about the plugin's event (world-event-status.ts). */
  status: worldEventStatusSchema,
  configuration: runtimeConfigurationSchema.nullable(),
  /** The A/B-test of the entry that decided the case; null when none did. */
  abTestId: z.string().nullable(),
  caseIndex: z.number().int().nullable(),
  /**
   * While the player receives the configuration: when it stops serving them (UTC ms; touching runs
   * count as one); null when it never stops, and whenever the player receives no configuration.
   */
  runningUntil: z.number().nullable(),
});
export type PluginReceipt = z.infer<typeof pluginReceiptSchema>;

/**
 * What POST /runtime/v1/resolve and the SDK's resolve() answer: `kind` tells a receipt (the default)
 * from an explanation (`explain: true`), so a generated client and the OpenAPI document see one
 * discriminated union rather than two shapes told apart by their fields.
 */
export const playerReceiptSchema = playerResolutionSchema.extend({
  kind: z.literal('receipt'),
  plugins: z.array(pluginReceiptSchema),
});
export type PlayerReceipt = z.infer<typeof playerReceiptSchema>;

/** The whole resolution with the reasons, as answered when `explain` is true. */
export const playerExplanationSchema = playerResolutionSchema.extend({ kind: z.literal('explanation') });
export type PlayerExplanation = z.infer<typeof playerExplanationSchema>;

export const resolveAnswerSchema = z.discriminatedUnion('kind', [
  playerReceiptSchema,
  playerExplanationSchema,
]);
export type ResolveAnswer = z.infer<typeof resolveAnswerSchema>;

/** The plugin's part of a resolution without the reasons (pluginReceiptSchema). */
export function receiptOfPlugin(plugin: PluginResolution): PluginReceipt {
  const { matched } = plugin;
  return {
    pluginId: plugin.pluginId,
    pluginName: plugin.pluginName,
    outcome: plugin.outcome,
    status: plugin.status,
    configuration: plugin.configuration,
    abTestId: matched?.abTestId ?? null,
    caseIndex: matched?.caseIndex ?? null,
    runningUntil: plugin.outcome === 'configuration' ? (matched?.runningUntil ?? null) : null,
  };
}

/** A resolution without the reasons: what POST /runtime/v1/resolve answers unless `explain` is true. */
export function receiptOf(resolution: PlayerResolution): PlayerReceipt {
  return { kind: 'receipt', ...resolution, plugins: resolution.plugins.map(receiptOfPlugin) };
}

/** A resolution with the reasons: what POST /runtime/v1/resolve answers when `explain` is true. */
export function explanationOf(resolution: PlayerResolution): PlayerExplanation {
  return { kind: 'explanation', ...resolution };
}
