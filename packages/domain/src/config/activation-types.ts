import { WorldEventActivationType } from '../enums.ts';
import { SECONDS_PER_DAY, SECONDS_PER_HOUR, SECONDS_PER_MINUTE, SECONDS_PER_WEEK } from './duration.ts';

// The activation types and what each means in time.
// The meaning is a decision (docs/decisions/0202); the engine and the schemas
// both read it from here.

export type ActivationTypeName = keyof typeof WorldEventActivationType;
export type ActivationTypeId = (typeof WorldEventActivationType)[ActivationTypeName];

/** How a type places its runs in time. */
export type ActivationCadence =
  /** one run from `start` */
  | 'once'
  /** runs back to back from `start`, each `maxEventDuration` long, `cooldown` apart */
  | 'continuous'
  /** one run per period, at the period's start (UTC grid + offset) */
  | 'periodic'
  /** runs over the selected slots of the 56-slot fortnight (UTC grid + offset) */
  | 'fortnight';

export interface ActivationTypeDefinition {
  readonly id: ActivationTypeId;
  readonly name: ActivationTypeName;
  readonly label: string;
  readonly cadence: ActivationCadence;
  /** periodic: the period; fortnight: 14 days; once/continuous: null. */
  readonly periodSeconds: number | null;
  /** periodic: the part of each period a run may fill (the period, or 5 min of 10 for EveryOther5Min). */
  readonly runSeconds: number | null;
  /** The schedule offset is capped at one period (7 days for schedule and weekly). */
  readonly maxScheduleOffsetSeconds: number;
}

export const FORTNIGHT_DAYS = 14;
export const SLOTS_PER_DAY = 4;
/** 4 slots a day by 14 days. */
export const WEEKLY_SLOT_COUNT = FORTNIGHT_DAYS * SLOTS_PER_DAY;
export const SLOT_SECONDS = SECONDS_PER_DAY / SLOTS_PER_DAY;
export const FORTNIGHT_SECONDS = FORTNIGHT_DAYS * SECONDS_PER_DAY;
/** Night 00:00, morning 06:00, afternoon 12:00, evening 18:00 (UTC). */
export const SLOT_NAMES = ['Night', 'Morning', 'Afternoon', 'Evening'] as const;

/**
 * Decision: the UTC grid every periodic type and the fortnight are aligned to: Monday
 * 1970-01-05T00:00:00.000Z. Fortnights start on it and every 14 days after (e.g. 2024-01-08,
 * 2024-01-22); weeks on every Monday 00:00 UTC; days, hours and minutes on the usual UTC boundaries.
 */
export const ACTIVATION_EPOCH_MS = Date.UTC(1970, 0, 5);

const definition = (
  name: ActivationTypeName,
  label: string,
  cadence: ActivationCadence,
  periodSeconds: number | null,
  maxScheduleOffsetSeconds: number,
  runSeconds: number | null = periodSeconds,
): ActivationTypeDefinition => ({
  id: WorldEventActivationType[name],
  name,
  label,
  cadence,
  periodSeconds,
  runSeconds: cadence === 'periodic' ? runSeconds : null,
  maxScheduleOffsetSeconds,
});

const FIVE_MINUTES = 5 * SECONDS_PER_MINUTE;

// Decision: OneShot and Continuous ignore the offset; it is still bounded (by a week) so a value left
// over from another type stays storable.
export const ACTIVATION_TYPES: readonly ActivationTypeDefinition[] = [
  definition('OneShot', 'One shot', 'once', null, SECONDS_PER_WEEK),
  definition('Continuous', 'Continuous', 'continuous', null, SECONDS_PER_WEEK),
  definition('Schedule', 'Schedule', 'fortnight', FORTNIGHT_SECONDS, SECONDS_PER_WEEK),
  definition('Every5Min', 'Every 5 minutes', 'periodic', FIVE_MINUTES, FIVE_MINUTES),
  definition('Every15Min', 'Every 15 minutes', 'periodic', 3 * FIVE_MINUTES, 3 * FIVE_MINUTES),
  definition('Every30Min', 'Every 30 minutes', 'periodic', 6 * FIVE_MINUTES, 6 * FIVE_MINUTES),
  definition('Hourly', 'Hourly', 'periodic', SECONDS_PER_HOUR, SECONDS_PER_HOUR),
  definition('Daily', 'Daily', 'periodic', SECONDS_PER_DAY, SECONDS_PER_DAY),
  definition('Weekly', 'Weekly', 'periodic', SECONDS_PER_WEEK, SECONDS_PER_WEEK),
  definition(
    'EveryOther5Min',
    'Every other 5 minutes',
    'periodic',
    2 * FIVE_MINUTES,
    2 * FIVE_MINUTES,
    FIVE_MINUTES,
  ),
];

export const ACTIVATION_TYPE_IDS = ACTIVATION_TYPES.map((type) => type.id);

export function findActivationType(id: number): ActivationTypeDefinition | undefined {
  return ACTIVATION_TYPES.find((type) => type.id === id);
}
