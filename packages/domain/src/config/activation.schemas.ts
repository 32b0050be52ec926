import { z } from 'zod';
import { lengthCheckedFirst } from '../api/bounded.ts';
import { WorldEventActivationType } from '../enums.ts';
import { MAX_STORED_INTEGER } from '../operations/fields.ts';
import {
  ACTIVATION_TYPES,
  type ActivationTypeId,
  findActivationType,
  WEEKLY_SLOT_COUNT,
} from './activation-types.ts';
import { secondsField, wholeNumberField } from './config-fields.ts';
import { formatDuration, SECONDS_PER_DAY } from './duration.ts';

// Activation: type, start, end (0 means always active), cooldown (seconds), minLevel
// (default 60), maxEventDuration (default 43200 s), weeklyOffer (56 booleans), scheduleOffset.

export const ACTIVATION_LABELS = {
  type: 'Activation type',
  start: 'Start',
  end: 'End',
  cooldown: 'Cooldown',
  minLevel: 'Minimum level',
  maxEventDuration: 'Max event duration',
  weeklyOffer: 'Weekly schedule',
  scheduleOffset: 'Schedule offset',
} as const;

//
export const DEFAULT_MIN_LEVEL = 60;
export const DEFAULT_MAX_EVENT_DURATION_SECONDS = 43_200;
/** Decision: cooldown and max event duration are at most a year. */
export const MAX_ACTIVATION_DURATION_SECONDS = 365 * SECONDS_PER_DAY;
/** Decision: start and end are UTC milliseconds up to 9999-12-31T23:59:59.999Z. */
export const MAX_ACTIVATION_TIMESTAMP_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/** Decision: a new configuration runs Continuous until the operator picks another type. */
export const DEFAULT_ACTIVATION_TYPE: ActivationTypeId = WorldEventActivationType.Continuous;

const L = ACTIVATION_LABELS;

/** What each field means, with its unit, bounds and default: the OpenAPI document's descriptions. */
const ABOUT = {
  type: `How runs are placed in time (WorldEventActivationType); default ${DEFAULT_ACTIVATION_TYPE} (Continuous)`,
  start: 'When the first run may start, UTC milliseconds; default 0 (from the epoch: at once)',
  end: 'When the last run ends, UTC milliseconds, after start; default 0 (always active)',
  cooldown:
    'Seconds between the end of one run and the next (an offer: its deactivation duration, at most ' +
    'maxEventDuration); 0 to a year, default 0',
  minLevel:
    "The lowest player level this configuration is served to; players below it get the plugin's " +
    `default. Default ${DEFAULT_MIN_LEVEL}: a configuration saved without it gives players under level ` +
    `${DEFAULT_MIN_LEVEL} nothing`,
  maxEventDuration:
    'Seconds one run lasts at most (an offer: the offer duration); 1 s to a year, default ' +
    `${DEFAULT_MAX_EVENT_DURATION_SECONDS} (12 hours)`,
  weeklyOffer:
    `Schedule type: ${WEEKLY_SLOT_COUNT} slots of 6 hours over a fortnight from Monday 00:00 UTC (night, ` +
    'morning, afternoon, evening of each day), true where runs happen, never all; default none',
  scheduleOffset:
    'Seconds the UTC grid of the periodic and schedule types is shifted by; at most one period of the ' +
    'type (a week for schedule and weekly), default 0',
} as const;

export const activationTypeSchema = z.union(
  ACTIVATION_TYPES.map((type) => z.literal(type.id)) as unknown as [
    z.ZodLiteral<ActivationTypeId>,
    ...z.ZodLiteral<ActivationTypeId>[],
  ],
  {
    error: `${L.type} must be one of ${ACTIVATION_TYPES.map((type) => `${type.id} (${type.label})`).join(', ')}`,
  },
);

const timestampField = (label: string) =>
  wholeNumberField(label, 0, MAX_ACTIVATION_TIMESTAMP_MS).describe('UTC milliseconds');

const WEEKLY_OFFER_LENGTH_MESSAGE = `${L.weeklyOffer} must have exactly ${WEEKLY_SLOT_COUNT} slots`;
export const weeklyOfferSchema = lengthCheckedFirst(
  z
    .array(z.boolean({ error: `each slot of the ${L.weeklyOffer} must be true or false` }), {
      error: `${L.weeklyOffer} must be a list of ${WEEKLY_SLOT_COUNT} slots`,
    })
    // a refinement, not .length(): zod runs length checks even on a value that is not a list
    .refine((slots) => slots.length === WEEKLY_SLOT_COUNT, {
      error: WEEKLY_OFFER_LENGTH_MESSAGE,
      abort: true,
    })
    // The weekly schedule refuses to select all 56 slots.
    .refine((slots) => slots.some((selected) => !selected), {
      error: `${L.weeklyOffer} cannot select all ${WEEKLY_SLOT_COUNT} slots`,
    }),
  WEEKLY_SLOT_COUNT,
  WEEKLY_OFFER_LENGTH_MESSAGE,
);

export const DEFAULT_WEEKLY_OFFER: readonly boolean[] = Object.freeze(Array(WEEKLY_SLOT_COUNT).fill(false));

/** The largest schedule offset of any type: a week (schedule and weekly). */
export const MAX_SCHEDULE_OFFSET_SECONDS = 7 * SECONDS_PER_DAY;

/** The largest schedule offset of a type (one period); a week for an unknown type. */
export function maxScheduleOffsetOf(type: number): number {
  return findActivationType(type)?.maxScheduleOffsetSeconds ?? MAX_SCHEDULE_OFFSET_SECONDS;
}

export const activationSettingsSchema = z
  .object(
    {
      type: activationTypeSchema.default(DEFAULT_ACTIVATION_TYPE).describe(ABOUT.type),
      start: timestampField(L.start).default(0).describe(ABOUT.start),
      end: timestampField(L.end).default(0).describe(ABOUT.end),
      cooldown: secondsField(L.cooldown, 0, MAX_ACTIVATION_DURATION_SECONDS)
        .default(0)
        .describe(ABOUT.cooldown),
      minLevel: wholeNumberField(L.minLevel, 1, MAX_STORED_INTEGER)
        .default(DEFAULT_MIN_LEVEL)
        .describe(ABOUT.minLevel),
      maxEventDuration: secondsField(L.maxEventDuration, 1, MAX_ACTIVATION_DURATION_SECONDS)
        .default(DEFAULT_MAX_EVENT_DURATION_SECONDS)
        .describe(ABOUT.maxEventDuration),
      weeklyOffer: weeklyOfferSchema.default(() => [...DEFAULT_WEEKLY_OFFER]).describe(ABOUT.weeklyOffer),
      scheduleOffset: secondsField(L.scheduleOffset, 0, MAX_SCHEDULE_OFFSET_SECONDS)
        .default(0)
        .describe(ABOUT.scheduleOffset),
    },
    { error: 'activation must be an object' },
  )
  .superRefine((activation, context) => {
    // cross-field rules only between fields that passed their own bounds (zod refines anyway)
    const isTimestamp = (ms: number) =>
      Number.isSafeInteger(ms) && ms >= 0 && ms <= MAX_ACTIVATION_TIMESTAMP_MS;
    const hasValidTimes = isTimestamp(activation.start) && isTimestamp(activation.end);
    if (hasValidTimes && activation.end !== 0 && activation.end <= activation.start) {
      context.addIssue({ code: 'custom', path: ['end'], message: `${L.end} must be after ${L.start}` });
    }
    const type = findActivationType(activation.type);
    const offset = activation.scheduleOffset;
    if (type && offset <= MAX_SCHEDULE_OFFSET_SECONDS && offset > type.maxScheduleOffsetSeconds) {
      context.addIssue({
        code: 'custom',
        path: ['scheduleOffset'],
        message: `${L.scheduleOffset} must be at most ${formatDuration(type.maxScheduleOffsetSeconds)} (one period of ${type.label})`,
      });
    }
  });

export type ActivationSettings = z.infer<typeof activationSettingsSchema>;
export type ActivationSettingsInput = z.input<typeof activationSettingsSchema>;

/** The settings of a new configuration: every field at its default. */
export function defaultActivationSettings(): ActivationSettings {
  return activationSettingsSchema.parse({});
}
