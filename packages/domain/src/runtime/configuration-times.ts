import { type ActivationTiming, isActiveAt, listActivationWindows } from '../config/activation-engine.ts';
import { NEXT_START_HORIZON_MS } from './resolution.schemas.ts';

// Whether a configuration runs at an instant, until when, and when it next starts — answered from
// the activation engine's own windows (listActivationWindows), fetched once per UTC day and kept
// beside the snapshot, so a resolution costs a binary search instead of re-deriving the schedule.

const DAY_MS = 86_400_000;
/** The windows kept per day: those overlapping [day start, day start + 2 days). */
const NEAR_MS = 2 * DAY_MS;
/** Days kept per configuration; a preview jumping around in time should not grow memory without end. */
const MAX_DAYS_KEPT = 16;
/** Where to look for a start past the near windows: growing steps, so frequent types stay cheap. */
const LATER_STEPS_MS = [DAY_MS, 7 * DAY_MS, NEAR_MS + NEXT_START_HORIZON_MS];

export interface ConfigurationTimes {
  readonly running: boolean;
  readonly runningUntil: number | null;
  readonly nextStart: number | null;
}

interface DayWindows {
  /** start0, end0, start1, end1, ... ascending; windows never overlap. */
  readonly bounds: Float64Array;
  /** The first start at or after day start + NEAR_MS within the horizon (undefined: not looked for yet). */
  later: number | null | undefined;
}

export class ConfigurationSchedule {
  private readonly days = new Map<number, DayWindows>();

  constructor(private readonly timing: ActivationTiming) {}

  /** Runs at `at`? Until when, or when next (within NEXT_START_HORIZON_MS)? */
  timesAt(at: number): ConfigurationTimes {
    const dayStart = Math.floor(at / DAY_MS) * DAY_MS;
    const day = this.windowsOf(dayStart);
    if (day === null) {
      // the engine refused (too many windows): answer from isActiveAt alone
      return { running: isActiveAt(this.timing, at), runningUntil: null, nextStart: null };
    }
    const { bounds } = day;
    // the first window ending after `at`
    let low = 0;
    let high = bounds.length / 2;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (bounds[middle * 2 + 1]! > at) high = middle;
      else low = middle + 1;
    }
    if (low < bounds.length / 2) {
      const start = bounds[low * 2]!;
      if (start <= at) return { running: true, runningUntil: bounds[low * 2 + 1]!, nextStart: null };
      return { running: false, runningUntil: null, nextStart: start };
    }
    const later = this.laterStartOf(dayStart, day);
    return {
      running: false,
      runningUntil: null,
      nextStart: later !== null && later < at + NEXT_START_HORIZON_MS ? later : null,
    };
  }

  private windowsOf(dayStart: number): DayWindows | null {
    const known = this.days.get(dayStart);
    if (known) return known;
    let windows: { start: number; end: number }[];
    try {
      windows = listActivationWindows(this.timing, dayStart, dayStart + NEAR_MS);
    } catch {
      return null;
    }
    const bounds = new Float64Array(windows.length * 2);
    windows.forEach((window, i) => {
      bounds[i * 2] = window.start;
      bounds[i * 2 + 1] = window.end;
    });
    if (this.days.size >= MAX_DAYS_KEPT) this.days.clear();
    const day: DayWindows = { bounds, later: undefined };
    this.days.set(dayStart, day);
    return day;
  }

  private laterStartOf(dayStart: number, day: DayWindows): number | null {
    if (day.later !== undefined) return day.later;
    const from = dayStart + NEAR_MS;
    day.later = null;
    try {
      for (const step of LATER_STEPS_MS) {
        const found = listActivationWindows(this.timing, from, from + step).find(
          (window) => window.start >= from,
        );
        if (found) {
          day.later = found.start;
          break;
        }
      }
    } catch {
      day.later = null;
    }
    return day.later;
  }
}
