import type { ActivationSettings } from './activation.schemas.ts';
import {
  ACTIVATION_EPOCH_MS,
  FORTNIGHT_SECONDS,
  findActivationType,
  SLOT_SECONDS,
  WEEKLY_SLOT_COUNT,
} from './activation-types.ts';

// The activation engine: when a configuration runs. The schedule overview, the plugin
// validation and the game-server runtime all ask these two functions and nothing else. The meaning
// of each type, with a table of vectors, is in docs/decisions/0202.
//
// Everything is UTC milliseconds and plain integer arithmetic (no calendar, no time zone, no
// daylight saving). Runs are computed per period, never by stepping through time.

/** A half-open interval [start, end) of UTC milliseconds in which the configuration runs. */
export interface ActivationWindow {
  readonly start: number;
  readonly end: number;
}

/** What the engine reads; minLevel is who may play, not when, so it is not needed. */
export type ActivationTiming = Pick<
  ActivationSettings,
  'type' | 'start' | 'end' | 'cooldown' | 'maxEventDuration' | 'weeklyOffer' | 'scheduleOffset'
>;

/** More windows than this in one answer is refused: ask for a shorter interval. */
export const MAX_ACTIVATION_WINDOWS = 20_000;

const MS = 1_000;

/** Runs repeat every `periodMs` from `anchorMs`, at these offsets and lengths within each period. */
interface RunPattern {
  readonly anchorMs: number;
  readonly periodMs: number;
  /** Offsets ascending, each in [0, periodMs); every length in (0, periodMs]. */
  readonly runs: readonly { readonly offsetMs: number; readonly lengthMs: number }[];
  /** Continuous: no run before the anchor. */
  readonly firstPeriod: number;
}

/** a mod b in [0, b) for any sign of a (exact on integers). */
const mod = (a: number, b: number) => ((a % b) + b) % b;
/** ⌊a / b⌋, exact on integers (no rounding of a float quotient). */
const floorDiv = (a: number, b: number) => (a - mod(a, b)) / b;

/** The validity range [start, end): end 0 means no end. Empty when end is not after start. */
function validityOf(settings: ActivationTiming): { start: number; end: number } {
  return { start: settings.start, end: settings.end === 0 ? Number.POSITIVE_INFINITY : settings.end };
}

/** The runs of a fortnight grid: each maximal circular run of selected slots, as [slot, count]. */
function selectedSlotRuns(weeklyOffer: readonly boolean[]): [number, number][] {
  const isSelected = (slot: number) => weeklyOffer[slot % WEEKLY_SLOT_COUNT] === true;
  const unselected = Array.from({ length: WEEKLY_SLOT_COUNT }, (_, slot) => slot).find(
    (slot) => !isSelected(slot),
  );
  if (unselected === undefined) return [[0, WEEKLY_SLOT_COUNT]]; // refused by the schema; one run from slot 0
  // walk once around the circle from an unselected slot, so a run wrapping past slot 55 is seen whole
  const runs: [number, number][] = [];
  for (let step = 1; step <= WEEKLY_SLOT_COUNT; step += 1) {
    const slot = unselected + step;
    if (!isSelected(slot)) continue;
    if (isSelected(slot - 1)) runs[runs.length - 1]![1] += 1;
    else runs.push([slot % WEEKLY_SLOT_COUNT, 1]);
  }
  return runs.sort((a, b) => a[0] - b[0]);
}

/**
 * How the settings repeat: 'once' for OneShot (a single run from start), null when they never run.
 * A run lasts min(maxEventDuration, room − cooldown), where room is what its period or slots leave.
 */
function patternOf(settings: ActivationTiming): RunPattern | 'once' | null {
  const type = findActivationType(settings.type);
  const durationMs = settings.maxEventDuration * MS;
  const cooldownMs = settings.cooldown * MS;
  if (!type || !(durationMs > 0)) return null;
  const runLength = (roomMs: number) => Math.min(durationMs, roomMs - cooldownMs);
  const gridAnchorMs = ACTIVATION_EPOCH_MS + settings.scheduleOffset * MS;
  switch (type.cadence) {
    case 'once':
      return 'once';
    case 'continuous':
      return {
        anchorMs: settings.start,
        periodMs: durationMs + cooldownMs,
        runs: [{ offsetMs: 0, lengthMs: durationMs }],
        firstPeriod: 0,
      };
    case 'periodic': {
      const lengthMs = runLength(type.runSeconds! * MS);
      if (lengthMs <= 0) return null;
      return {
        anchorMs: gridAnchorMs,
        periodMs: type.periodSeconds! * MS,
        runs: [{ offsetMs: 0, lengthMs }],
        firstPeriod: Number.NEGATIVE_INFINITY,
      };
    }
    case 'fortnight': {
      const runs = selectedSlotRuns(settings.weeklyOffer)
        .map(([slot, count]) => ({
          offsetMs: slot * SLOT_SECONDS * MS,
          lengthMs: runLength(count * SLOT_SECONDS * MS),
        }))
        .filter((run) => run.lengthMs > 0);
      if (runs.length === 0) return null;
      return {
        anchorMs: gridAnchorMs,
        periodMs: FORTNIGHT_SECONDS * MS,
        runs,
        firstPeriod: Number.NEGATIVE_INFINITY,
      };
    }
  }
}

/**
 * The windows in which the configuration runs that overlap [from, to), ascending. Each window is
 * whole (a run that began before `from` is returned from its start), cut only by the settings'
 * own start and end. Windows never overlap; back-to-back runs give windows that touch
 * (one's end is the next one's start). Throws a RangeError beyond `maxWindows` windows.
 */
export function listActivationWindows(
  settings: ActivationTiming,
  from: number,
  to: number,
  maxWindows: number = MAX_ACTIVATION_WINDOWS,
): ActivationWindow[] {
  const validity = validityOf(settings);
  const low = Math.max(from, validity.start);
  const high = Math.min(to, validity.end);
  if (!(low < high)) return [];
  const pattern = patternOf(settings);
  if (pattern === null) return [];

  const windows: ActivationWindow[] = [];
  const keep = (runStart: number, runEnd: number) => {
    if (!(runStart < high && runEnd > low)) return;
    if (windows.length === maxWindows) {
      throw new RangeError(`More than ${maxWindows} activation windows: ask for a shorter interval`);
    }
    windows.push({ start: Math.max(runStart, validity.start), end: Math.min(runEnd, validity.end) });
  };
  if (pattern === 'once') {
    keep(settings.start, settings.start + settings.maxEventDuration * MS);
    return windows;
  }

  const { anchorMs, periodMs, runs } = pattern;
  if (high === Number.POSITIVE_INFINITY) {
    throw new RangeError('A repeating activation has endless windows: give the interval an end');
  }
  // A run lies within two periods from its own period's start, so the period before `low` is the first to look at.
  const firstPeriod = Math.max(pattern.firstPeriod, floorDiv(low - anchorMs, periodMs) - 1);
  const lastPeriod = floorDiv(high - 1 - anchorMs, periodMs);
  // every period strictly inside the interval contributes all its runs: refuse early, before looping
  if ((lastPeriod - firstPeriod - 2) * runs.length > maxWindows) {
    throw new RangeError(`More than ${maxWindows} activation windows: ask for a shorter interval`);
  }
  for (let period = firstPeriod; period <= lastPeriod; period += 1) {
    const periodStart = anchorMs + period * periodMs;
    for (const run of runs) keep(periodStart + run.offsetMs, periodStart + run.offsetMs + run.lengthMs);
  }
  return windows;
}

/** Whether the configuration runs at the instant `at` (UTC ms): inside one of its windows. */
export function isActiveAt(settings: ActivationTiming, at: number): boolean {
  const validity = validityOf(settings);
  if (!(at >= validity.start && at < validity.end)) return false;
  const pattern = patternOf(settings);
  if (pattern === null) return false;
  if (pattern === 'once') return at < settings.start + settings.maxEventDuration * MS;
  if (at < pattern.anchorMs + pattern.firstPeriod * pattern.periodMs) return false;
  // a run of length ≤ period covers `at` exactly when `at` is less than its length past the run's start
  return pattern.runs.some(
    (run) => mod(at - pattern.anchorMs - run.offsetMs, pattern.periodMs) < run.lengthMs,
  );
}
