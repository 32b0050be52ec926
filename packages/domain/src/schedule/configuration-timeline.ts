import { MAX_ACTIVATION_DURATION_SECONDS } from '../config/activation.schemas.ts';
import {
  type ActivationTiming,
  type ActivationWindow,
  listActivationWindows,
} from '../config/activation-engine.ts';
import { findActivationType } from '../config/activation-types.ts';
import { findConfigKind } from '../config/config-kinds.ts';
import { formatDuration } from '../config/duration.ts';
import { markSlots, type SlotGrid, slotSpanOf } from './slot-grid.ts';

// One configuration on the slot grid: its windows (from the activation engine, nothing else), its
// slots, and the two conflicts a configuration has on its own (docs/decisions/0240, "Schedule
// overview"): runs that break its cooldown and selected weekly slots longer than its max event
// duration. Both compare the engine's windows with the engine's windows for relaxed settings.

const MS = 1_000;

/** What the overview reads of a stored configuration. */
export interface ScheduleConfiguration {
  readonly id: string;
  readonly kind: string;
  readonly description: string;
  /** Switched on. */
  readonly active: boolean;
  readonly activation: ActivationTiming;
}

/** A problem of the configuration itself: the slots concerned and the message naming the fix. */
export interface TimelineProblem {
  readonly slots: number[];
  readonly message: string;
}

export interface ConfigurationTimeline {
  /**
   * The engine's windows overlapping the grid as [start0, end0, start1, end1, ...], ascending and
   * never overlapping: compact, because the overview keeps every configuration's until the end.
   */
  readonly bounds: Float64Array;
  readonly slots: boolean[];
  readonly cooldown: TimelineProblem | null;
  readonly maxEventDuration: TimelineProblem | null;
}

/** `2024-03-10 06:00` (UTC). */
export const formatUtc = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

const durationOf = (ms: number) => formatDuration(Math.round(ms / MS));

/** Adds the slots an interval overlaps to `into`. */
function addSlots(grid: SlotGrid, interval: ActivationWindow, into: Set<number>): void {
  const span = slotSpanOf(grid, interval);
  if (!span) return;
  for (let slot = span[0]; slot <= span[1]; slot += 1) into.add(slot);
}

const sortedSlots = (slots: Set<number>) => [...slots].sort((a, b) => a - b);

/**
 * Decision: kinds without activation (plugin/nuf, "id and description only") are not
 * scheduled: they run over the whole grid whenever they are served.
 */
export function isScheduled(configuration: Pick<ScheduleConfiguration, 'kind'>): boolean {
  return findConfigKind(configuration.kind)?.hasActivation ?? true;
}

/** The windows of the configuration overlapping the grid. */
export function listConfigurationWindows(
  configuration: Pick<ScheduleConfiguration, 'kind' | 'activation'>,
  grid: SlotGrid,
): ActivationWindow[] {
  if (!isScheduled(configuration)) return [{ start: grid.start, end: grid.end }];
  return listActivationWindows(configuration.activation, grid.start, grid.end);
}

/** Per slot of the grid: true when the configuration runs at any instant of [slotStart, slotEnd). */
export function computeConfigurationSlots(
  configuration: Pick<ScheduleConfiguration, 'kind' | 'activation'>,
  grid: SlotGrid,
): boolean[] {
  return markSlots(grid, listConfigurationWindows(configuration, grid));
}

/**
 * (b) Runs as the max event duration asks (the engine without the cooldown) that leave less than
 * the cooldown before the next run: the engine then cuts them short or drops them. OneShot and
 * Continuous never do (Continuous waits exactly the cooldown between runs).
 */
function findCooldownProblem(
  configuration: ScheduleConfiguration,
  windows: readonly ActivationWindow[],
  grid: SlotGrid,
): TimelineProblem | null {
  const { activation } = configuration;
  const type = findActivationType(activation.type);
  if (activation.cooldown === 0 || !type || type.cadence === 'once' || type.cadence === 'continuous')
    return null;
  const cooldownMs = activation.cooldown * MS;
  // one period past the grid, so the run after the last one in the grid is seen
  const asked = listActivationWindows(
    { ...activation, cooldown: 0 },
    grid.start,
    grid.end + (type.periodSeconds ?? 0) * MS,
  );
  const actualEndByStart = new Map(windows.map((window) => [window.start, window.end]));
  const slots = new Set<number>();
  let spacingMs = Number.POSITIVE_INFINITY;
  let isDropped = false;
  let shortestMs = Number.POSITIVE_INFINITY;
  for (let index = 0; index + 1 < asked.length; index += 1) {
    const run = asked[index]!;
    const next = asked[index + 1]!;
    if (next.start - run.end >= cooldownMs || slotSpanOf(grid, run) === null) continue;
    const actualEnd = actualEndByStart.get(run.start);
    if (actualEnd === undefined) isDropped = true;
    else shortestMs = Math.min(shortestMs, actualEnd - run.start);
    addSlots(grid, { start: actualEnd ?? run.start, end: run.end }, slots);
    spacingMs = Math.min(spacingMs, next.start - run.start);
  }
  if (spacingMs === Number.POSITIVE_INFINITY || slots.size === 0) return null;
  const what = `'${configuration.id}' (${type.label}, max event duration ${formatDuration(activation.maxEventDuration)})`;
  const effect = isDropped
    ? 'so some of its runs are dropped'
    : `so its runs are cut to ${durationOf(shortestMs)}`;
  const fitMs = spacingMs - cooldownMs;
  const fix =
    fitMs > 0
      ? `set its max event duration to at most ${durationOf(fitMs)} or lower its cooldown`
      : `lower its cooldown below ${durationOf(spacingMs)}`;
  return {
    slots: sortedSlots(slots),
    message: `${what} leaves less than its cooldown of ${formatDuration(activation.cooldown)} between runs ${durationOf(spacingMs)} apart, ${effect}: ${fix}`,
  };
}

/**
 * (c) Schedule (weekly slots) only: a run of selected slots, less the cooldown, longer than the max
 * event duration, so the event stops before the slots end. The other types have no window of their
 * own: the max event duration is what sets their length.
 */
function findMaxEventDurationProblem(
  configuration: ScheduleConfiguration,
  windows: readonly ActivationWindow[],
  grid: SlotGrid,
): TimelineProblem | null {
  const { activation } = configuration;
  if (findActivationType(activation.type)?.cadence !== 'fortnight') return null;
  const uncut = listActivationWindows(
    { ...activation, maxEventDuration: MAX_ACTIVATION_DURATION_SECONDS },
    grid.start,
    grid.end,
  );
  const actualEndByStart = new Map(windows.map((window) => [window.start, window.end]));
  const slots = new Set<number>();
  let example: { run: ActivationWindow; end: number } | null = null;
  for (const run of uncut) {
    const end = actualEndByStart.get(run.start);
    if (end === undefined || end >= run.end) continue;
    addSlots(grid, { start: end, end: run.end }, slots);
    example ??= { run, end };
  }
  if (!example || slots.size === 0) return null;
  const { run, end } = example;
  return {
    slots: sortedSlots(slots),
    message:
      `'${configuration.id}' has selected weekly slots making a run of ${durationOf(run.end - run.start)}` +
      `${activation.cooldown > 0 ? ' after its cooldown' : ''} ` +
      `(${formatUtc(run.start)} to ${formatUtc(run.end)} UTC), longer than its max event duration of ` +
      `${formatDuration(activation.maxEventDuration)}, so the event stops at ${formatUtc(end)}: ` +
      `raise its max event duration to ${durationOf(run.end - run.start)} or select fewer slots`,
  };
}

/** The configuration on the grid, with its own problems. */
export function computeConfigurationTimeline(
  configuration: ScheduleConfiguration,
  grid: SlotGrid,
): ConfigurationTimeline {
  const windows = listConfigurationWindows(configuration, grid);
  const scheduled = isScheduled(configuration);
  const bounds = new Float64Array(windows.length * 2);
  windows.forEach((window, index) => {
    bounds[2 * index] = window.start;
    bounds[2 * index + 1] = window.end;
  });
  return {
    bounds,
    slots: markSlots(grid, windows),
    cooldown: scheduled ? findCooldownProblem(configuration, windows, grid) : null,
    maxEventDuration: scheduled ? findMaxEventDurationProblem(configuration, windows, grid) : null,
  };
}
