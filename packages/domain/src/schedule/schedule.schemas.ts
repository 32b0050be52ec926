import { z } from 'zod';
import { MAX_ACTIVATION_TIMESTAMP_MS } from '../config/activation.schemas.ts';
import { wholeNumberField } from '../config/config-fields.ts';

// The schedule overview: its request, its answer and its slots, served by
// /api/plugin/schedules. The bounds are decisions (docs/decisions/, "Schedule overview").

// 8 slots per day by default, 1 day backward, 14 days forward.
export const DEFAULT_SLOTS_PER_DAY = 8;
export const DEFAULT_DAYS_BACK = 1;
export const DEFAULT_DAYS_FORWARD = 14;

/** Decision: a slot is a whole number of hours (24 h divided by slots per day), 1 h to 24 h. */
export const SLOTS_PER_DAY_CHOICES = [1, 2, 3, 4, 6, 8, 12, 24] as const;
/** Decision: at most a week back and four weeks (two fortnights) forward. */
export const MAX_DAYS_BACK = 7;
export const MAX_DAYS_FORWARD = 28;

export const SCHEDULE_LABELS = {
  slotsPerDay: 'Slots per day',
  daysBack: 'Days back',
  daysForward: 'Days forward',
  includeDraft: 'Include drafts',
  at: 'Time',
} as const;

const L = SCHEDULE_LABELS;

const scheduleOverviewSettingsSchema = z
  .object({
    slotsPerDay: z
      .number({ error: `${L.slotsPerDay} must be a number` })
      .refine((value) => (SLOTS_PER_DAY_CHOICES as readonly number[]).includes(value), {
        error: `${L.slotsPerDay} must be one of ${SLOTS_PER_DAY_CHOICES.join(', ')}`,
      })
      .default(DEFAULT_SLOTS_PER_DAY),
    daysBack: wholeNumberField(L.daysBack, 0, MAX_DAYS_BACK)
      .default(DEFAULT_DAYS_BACK)
      .describe('Days before `at`'),
    daysForward: wholeNumberField(L.daysForward, 1, MAX_DAYS_FORWARD)
      .default(DEFAULT_DAYS_FORWARD)
      .describe('Days after `at`'),
    /** Also the configurations the plugins' drafts reference ("on request, its draft"). */
    includeDraft: z.boolean({ error: `${L.includeDraft} must be true or false` }).default(false),
    /** The instant the overview is computed for (UTC ms); the server's clock when omitted. */
    at: wholeNumberField(L.at, 0, MAX_ACTIVATION_TIMESTAMP_MS)
      .describe('UTC milliseconds; now when absent')
      .optional(),
  })
  .prefault({});

/** The body is optional: absent, null or {} all mean every default. */
export const scheduleOverviewRequestSchema = z.union([
  scheduleOverviewSettingsSchema,
  z.null().transform(() => scheduleOverviewSettingsSchema.parse({})),
]);
export type ScheduleOverviewRequest = z.infer<typeof scheduleOverviewRequestSchema>;
export type ScheduleOverviewRequestInput = z.input<typeof scheduleOverviewRequestSchema>;

export const SCHEDULE_ENTRY_SETS = ['active', 'draft'] as const;
export const scheduleEntrySetSchema = z.enum(SCHEDULE_ENTRY_SETS);
export type ScheduleEntrySet = z.infer<typeof scheduleEntrySetSchema>;

/** One configuration of a plugin on the timeline ({configuration, schedule} plus what the screen needs). */
export const scheduleRowSchema = z.object({
  configuration: z.string().describe('configuration id'),
  schedule: z
    .array(z.boolean())
    .describe('per slot of slotTimestamp: true when one of its activation windows overlaps the slot'),
  description: z.string().describe("'' when the configuration does not exist"),
  kind: z
    .string()
    .nullable()
    .describe("the configuration's kind ('ar', 'event/gr'); null when it does not exist"),
  kindPluginName: z
    .string()
    .nullable()
    .describe(
      'the plugin its kind serves: the {pluginName} of /config/{pluginName}/{id}/edit; null when missing',
    ),
  found: z.boolean().describe('false when the plugin references an id no configuration has'),
  active: z.boolean().describe('the configuration is switched on (false when not found)'),
  sets: z
    .array(scheduleEntrySetSchema)
    .describe('the plugin sets referencing it: active set first, then draft'),
  cases: z.array(z.number().int()).describe('case indexes it serves in those sets, ascending'),
});
export type ScheduleRow = z.infer<typeof scheduleRowSchema>;

export const schedulePluginSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean().describe('the plugin is switched on'),
});
export type SchedulePlugin = z.infer<typeof schedulePluginSchema>;

export const SCHEDULE_CONFLICT_KINDS = ['overlap', 'cooldown', 'max-event-duration', 'never-active'] as const;
export const scheduleConflictKindSchema = z.enum(SCHEDULE_CONFLICT_KINDS);
export type ScheduleConflictKind = z.infer<typeof scheduleConflictKindSchema>;

/** Where the operator fixes a conflict: a configuration's edit screen or a plugin's details. */
export const scheduleFixSchema = z.discriminatedUnion('target', [
  z.object({
    target: z.literal('configuration'),
    configuration: z.string(),
    kindPluginName: z.string().describe('the {pluginName} of /config/{pluginName}/{id}/edit'),
  }),
  z.object({ target: z.literal('plugin'), pluginId: z.number().int() }),
]);
export type ScheduleFix = z.infer<typeof scheduleFixSchema>;

export const scheduleConflictSchema = z.object({
  kind: scheduleConflictKindSchema,
  pluginId: z.number().int(),
  pluginName: z.string(),
  set: scheduleEntrySetSchema.describe('the plugin set in which it happens'),
  configurations: z.array(z.string()).describe('the configurations concerned'),
  cases: z.array(z.number().int()).describe('overlap: the case indexes both serve; otherwise []'),
  slots: z.array(z.number().int()).describe('indexes into slotTimestamp, ascending'),
  message: z.string().describe('what is wrong and what to change'),
  fix: scheduleFixSchema,
});
export type ScheduleConflict = z.infer<typeof scheduleConflictSchema>;

export const scheduleOverviewResponseSchema = z.object({
  now: z
    .number()
    .int()
    .describe(
      'UTC ms the overview was computed for: slots end before it (history), hold it (active) or start after it (future)',
    ),
  slotsPerDay: z.number().int(),
  daysBack: z.number().int(),
  daysForward: z.number().int(),
  includeDraft: z.boolean(),
  slotDurationMs: z.number().int(),
  slotTimestamp: z
    .array(z.number().int())
    .describe('slot start times, UTC ms, ascending; the first at UTC midnight'),
  rangeEnd: z.number().int().describe('end of the last slot (exclusive), UTC ms'),
  plugins: z
    .array(schedulePluginSchema)
    .describe('plugins with at least one referenced configuration, by id'),
  schedules: z
    .record(z.string(), z.array(scheduleRowSchema))
    .describe(
      'plugin name -> its configurations in reference order (active set entries by position, then draft)',
    ),
  conflicts: z.array(scheduleConflictSchema),
});
export type ScheduleOverview = z.infer<typeof scheduleOverviewResponseSchema>;
