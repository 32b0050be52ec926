import type {
  ScheduleConflict,
  ScheduleConflictKind,
  ScheduleOverview,
  ScheduleRow,
} from '@console/domain/schedule';

// What the timeline shows, from the answer alone: days, slot times and labels, conflict marks. The grid is
// UTC like the activation engine (docs/decisions/, "Schedule overview"), so days and times are UTC too.

const DAY_MS = 86_400_000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** Schedule slots: a slot is history, active or future by the current time (the answer's `now`). */
export type SlotTime = 'history' | 'active' | 'future';

export const slotTimeOf = (start: number, slotMs: number, now: number): SlotTime => {
  if (start + slotMs <= now) return 'history';
  return start <= now ? 'active' : 'future';
};

const SLOT_TIME_WORDS: Record<SlotTime, string> = { history: 'history', active: 'now', future: 'future' };

export const CONFLICT_KIND_LABELS: Record<ScheduleConflictKind, string> = {
  overlap: 'Overlap',
  cooldown: 'Cooldown',
  'max-event-duration': 'Max event duration',
  'never-active': 'Never active',
};

const isoOf = (ms: number) => new Date(ms).toISOString();
export const weekdayOf = (ms: number) => WEEKDAYS[new Date(ms).getUTCDay()]!;
/** `2024-03-10` (UTC). */
export const utcDateOf = (ms: number) => isoOf(ms).slice(0, 10);
/** `2024-03-10 10:30 UTC`. */
export const formatUtcInstant = (ms: number) => `${isoOf(ms).slice(0, 16).replace('T', ' ')} UTC`;
/** `09:00`; a slot ending at midnight ends at `24:00`. */
const slotEndTimeOf = (ms: number) => (ms % DAY_MS === 0 ? '24:00' : isoOf(ms).slice(11, 16));

export interface TimelineDay {
  start: number;
  weekday: string;
  date: string;
  firstSlot: number;
}

/** The grid's days: slot 0 starts at UTC midnight and every day has `slotsPerDay` slots. */
export function listDays({ slotTimestamp, slotsPerDay }: ScheduleOverview): TimelineDay[] {
  const days: TimelineDay[] = [];
  for (let firstSlot = 0; firstSlot < slotTimestamp.length; firstSlot += slotsPerDay) {
    const start = slotTimestamp[firstSlot]!;
    days.push({ start, weekday: weekdayOf(start), date: utcDateOf(start), firstSlot });
  }
  return days;
}

/** `Sun 2024-03-10 09:00-12:00 UTC`. */
export const formatSlot = (start: number, slotMs: number) =>
  `${weekdayOf(start)} ${utcDateOf(start)} ${isoOf(start).slice(11, 16)}-${slotEndTimeOf(start + slotMs)} UTC`;

/** The conflicts of one row, by slot. */
export type SlotConflicts = ReadonlyMap<number, readonly ScheduleConflict[]>;

const rowKeyOf = (pluginName: string, configuration: string) => `${pluginName}\n${configuration}`;

/** Where each conflict is marked: the conflicting slots of every configuration it concerns. */
export function indexConflicts(conflicts: readonly ScheduleConflict[]) {
  const byRow = new Map<string, Map<number, ScheduleConflict[]>>();
  for (const conflict of conflicts) {
    for (const configuration of conflict.configurations) {
      const key = rowKeyOf(conflict.pluginName, configuration);
      const slots = byRow.get(key) ?? new Map<number, ScheduleConflict[]>();
      byRow.set(key, slots);
      for (const slot of conflict.slots) slots.set(slot, [...(slots.get(slot) ?? []), conflict]);
    }
  }
  const none: SlotConflicts = new Map();
  return (pluginName: string, row: ScheduleRow): SlotConflicts =>
    byRow.get(rowKeyOf(pluginName, row.configuration)) ?? none;
}

/** What a conflict is, seen from one of its configurations: `overlap with 'gold-b'`. */
export function describeConflictFor(conflict: ScheduleConflict, configuration: string): string {
  const kind = CONFLICT_KIND_LABELS[conflict.kind].toLowerCase();
  const others = conflict.configurations.filter((id) => id !== configuration);
  return others.length > 0 ? `${kind} with ${others.map((id) => `'${id}'`).join(', ')}` : kind;
}

/**
 * The accessible name (and tooltip) of a slot: when it is, whether the configuration runs in it, and its
 * conflicts. `Sun 2024-03-10 09:00-12:00 UTC (now): active; conflict: overlap with 'gold-b'`.
 */
export function describeSlot(
  start: number,
  slotMs: number,
  time: SlotTime,
  isRunning: boolean,
  configuration: string,
  conflicts: readonly ScheduleConflict[] = [],
): string {
  const state = `${formatSlot(start, slotMs)} (${SLOT_TIME_WORDS[time]}): ${isRunning ? 'active' : 'inactive'}`;
  if (conflicts.length === 0) return state;
  const marks = conflicts.map((conflict) => describeConflictFor(conflict, configuration));
  return `${state}; conflict: ${[...new Set(marks)].join(', ')}`;
}

/** Where `now` lies on the grid, in slots from the first one; null outside it. */
export function slotPositionOf({ now, slotTimestamp, slotDurationMs, rangeEnd }: ScheduleOverview) {
  const start = slotTimestamp[0];
  if (start === undefined || now < start || now >= rangeEnd) return null;
  return (now - start) / slotDurationMs;
}

/** The `/config/{pluginName}/{id}/edit` link of a configuration; null when it does not exist. */
export const configurationEditPath = (kindPluginName: string | null, configuration: string) =>
  kindPluginName === null
    ? null
    : `/config/${encodeURIComponent(kindPluginName)}/${encodeURIComponent(configuration)}/edit`;

/**
 * Where a conflict is fixed: the configuration's edit screen, or the plugin's draft tab (Plugin
 * details: changes go only into the draft, also those that will replace the active set).
 */
export function fixPathOf({ fix }: ScheduleConflict): string {
  if (fix.target === 'configuration') return configurationEditPath(fix.kindPluginName, fix.configuration)!;
  return `/plugin/${fix.pluginId}?tab=1`;
}

/** The first and the last slot in which any configuration of the overview runs; null when none runs. */
export function activeSlotRangeOf({ schedules }: Pick<ScheduleOverview, 'schedules'>) {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const rows of Object.values(schedules)) {
    for (const row of rows) {
      const firstOfRow = row.schedule.indexOf(true);
      if (firstOfRow === -1) continue;
      first = Math.min(first, firstOfRow);
      last = Math.max(last, row.schedule.lastIndexOf(true));
    }
  }
  return first === Number.POSITIVE_INFINITY ? null : { first, last };
}

/** The part of the slot area a scrolled timeline shows: `scrollLeft` px of slots hidden, `width` px shown. */
export interface TimelineView {
  scrollLeft: number;
  width: number;
}

/**
 * The active slots a scrolled timeline hides, so the page can say so: `before`, the first active slot when it
 * lies (even partly) left of the view; `after`, the last one when it lies right of it. A slot counts as shown
 * only when it is wholly in view.
 */
export function activeSlotsOutsideView(
  range: { first: number; last: number } | null,
  view: TimelineView,
  slotWidth: number,
): { before: number | null; after: number | null } {
  if (range === null) return { before: null, after: null };
  // half a pixel of rounding is not a hidden slot
  const isBefore = range.first * slotWidth < view.scrollLeft - 0.5;
  const isAfter = (range.last + 1) * slotWidth > view.scrollLeft + view.width + 0.5;
  return { before: isBefore ? range.first : null, after: isAfter ? range.last : null };
}
