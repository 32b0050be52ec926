import type { ActivationWindow } from '../config/activation-engine.ts';
import { SECONDS_PER_DAY } from '../config/duration.ts';

// A slot is 24 h divided by slots per day. Decision (docs/decisions/0236, "Schedule
// overview"): the grid is UTC, its first slot starts at UTC midnight `daysBack` days before the day
// holding `now`, and it ends at UTC midnight `daysForward` days after that day's start (today counts
// as a forward day: 1 back + 14 forward = 15 days = 120 slots of 3 h).

const DAY_MS = SECONDS_PER_DAY * 1_000;

export interface SlotGridSettings {
  readonly slotsPerDay: number;
  readonly daysBack: number;
  readonly daysForward: number;
}

export interface SlotGrid {
  /** Start of slot 0 (UTC ms). */
  readonly start: number;
  /** End of the last slot (exclusive). */
  readonly end: number;
  readonly slotMs: number;
  readonly count: number;
}

export function buildSlotGrid(settings: SlotGridSettings, now: number): SlotGrid {
  const slotMs = DAY_MS / settings.slotsPerDay;
  const today = now - (((now % DAY_MS) + DAY_MS) % DAY_MS);
  const start = today - settings.daysBack * DAY_MS;
  const end = today + settings.daysForward * DAY_MS;
  return { start, end, slotMs, count: (end - start) / slotMs };
}

/** The start of every slot, ascending (the answer's slotTimestamp). */
export function listSlotTimestamps(grid: SlotGrid): number[] {
  return Array.from({ length: grid.count }, (_, slot) => grid.start + slot * grid.slotMs);
}

/** Whether [start, end) overlaps the grid (and is not empty). */
const isInGrid = (grid: SlotGrid, start: number, end: number) =>
  start < grid.end && end > grid.start && start < end;
/** The slot holding `start` (or 0 before the grid). */
const firstSlotOf = (grid: SlotGrid, start: number) =>
  Math.max(0, Math.floor((start - grid.start) / grid.slotMs));
/** The last slot [.., end) reaches: the one before a slot starting exactly at `end`. */
const lastSlotOf = (grid: SlotGrid, end: number) =>
  Math.min(grid.count - 1, Math.ceil((end - grid.start) / grid.slotMs) - 1);

/**
 * The slots [first, last] a half-open interval [start, end) overlaps, clipped to the grid; null when
 * it overlaps none. Slot i is [slotStart, slotEnd); it is overlapped when start < slotEnd and
 * end > slotStart, so an interval ending exactly at a slot's start does not reach that slot.
 */
export function slotSpanOf(grid: SlotGrid, interval: ActivationWindow): [number, number] | null {
  if (!isInGrid(grid, interval.start, interval.end)) return null;
  return [firstSlotOf(grid, interval.start), lastSlotOf(grid, interval.end)];
}

/** Per slot: true when one of the windows overlaps it. */
export function markSlots(grid: SlotGrid, windows: readonly ActivationWindow[]): boolean[] {
  const slots: boolean[] = Array(grid.count).fill(false);
  for (const { start, end } of windows) {
    if (isInGrid(grid, start, end)) slots.fill(true, firstSlotOf(grid, start), lastSlotOf(grid, end) + 1);
  }
  return slots;
}

/**
 * Adds the slots [start, end) overlaps to `slots`, ascending, when the intervals come in ascending
 * order (a slot already last in the list is not added again). The first-seen test of overlaps.
 */
export function appendSlots(grid: SlotGrid, start: number, end: number, slots: number[]): boolean {
  if (!isInGrid(grid, start, end)) return false;
  const last = lastSlotOf(grid, end);
  for (let slot = Math.max(firstSlotOf(grid, start), (slots.at(-1) ?? -1) + 1); slot <= last; slot += 1) {
    slots.push(slot);
  }
  return true;
}
