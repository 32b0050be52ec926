import { type ActivationTiming, listActivationWindows } from '../config/activation-engine.ts';
import { FORTNIGHT_SECONDS, findActivationType } from '../config/activation-types.ts';

// Whether a configuration runs at an instant, the run that holds it, until when it keeps serving, and
// when it next starts: answered from the activation engine's own windows (listActivationWindows), so
// the runtime and the schedule overview never disagree on when something runs.
//
// "Until when it serves" is not the end of the run holding the instant: runs that touch (a Continuous
// configuration without cooldown, a Daily one whose runs fill the day) serve without a break, so the
// answer is the end of the chain of touching runs — the configuration's end when the chain reaches it,
// and null (never) when the runs cover a whole period of the pattern and it has no end.

export interface ConfigurationTimes {
  readonly running: boolean;
  /** Running: when it stops serving (touching runs merged; its end when they never stop); null = never. */
  readonly runningUntil: number | null;
  /** Running: the run (activation window) holding the instant, [runStart, runEnd); else null. */
  readonly runStart: number | null;
  readonly runEnd: number | null;
  /** Not running: when its next run starts, however far ahead; null when it never runs again. */
  readonly nextRun: number | null;
}

const MS = 1_000;

/** Every run repeats after this many ms (Infinity for OneShot); null for an unknown type. */
export function activationPeriodMs(timing: ActivationTiming): number | null {
  const type = findActivationType(timing.type);
  if (!type) return null;
  switch (type.cadence) {
    case 'once':
      return Number.POSITIVE_INFINITY;
    case 'continuous':
      return (timing.maxEventDuration + timing.cooldown) * MS;
    case 'periodic':
      return type.periodSeconds! * MS;
    case 'fortnight':
      return FORTNIGHT_SECONDS * MS;
  }
}

const endOf = (timing: ActivationTiming) => (timing.end === 0 ? Number.POSITIVE_INFINITY : timing.end);

/** The start of the first run after `at` (the configuration not running at `at`), however far; or null. */
export function findNextRunStart(timing: ActivationTiming, at: number): number | null {
  const end = endOf(timing);
  const from = Math.max(at, timing.start);
  const period = activationPeriodMs(timing);
  if (period === null || from >= end || !(timing.maxEventDuration > 0)) return null;
  // OneShot: its one run [start, start + duration) either lies ahead or has begun.
  if (period === Number.POSITIVE_INFINITY) return timing.start > at ? timing.start : null;
  // A pattern repeats every period, each run once per period: the next one starts within two periods.
  const windows = listActivationWindows(timing, from, Math.min(end, from + 2 * period));
  return windows.find((window) => window.start > at)?.start ?? null;
}

/** When the chain of touching runs that starts with [runStart, runEnd) stops serving; null = never. */
export function findServingEnd(timing: ActivationTiming, runStart: number, runEnd: number): number | null {
  const end = endOf(timing);
  const period = activationPeriodMs(timing) ?? Number.POSITIVE_INFINITY;
  let until = runEnd;
  for (;;) {
    if (until >= end) return end;
    // Runs covering a whole period without a gap cover every later period too (the pattern repeats).
    if (until - runStart >= period) return end === Number.POSITIVE_INFINITY ? null : end;
    const touching = listActivationWindows(timing, until, until + 1).find(
      (window) => window.start <= until && window.end > until,
    );
    if (!touching) return until;
    until = touching.end;
  }
}

/** What timesAt answers, computed (not remembered). */
export function computeConfigurationTimes(timing: ActivationTiming, at: number): ConfigurationTimes {
  const holding = listActivationWindows(timing, at, at + 1).find(
    (window) => window.start <= at && at < window.end,
  );
  if (holding) {
    return {
      running: true,
      runningUntil: findServingEnd(timing, holding.start, holding.end),
      runStart: holding.start,
      runEnd: holding.end,
      nextRun: null,
    };
  }
  return {
    running: false,
    runningUntil: null,
    runStart: null,
    runEnd: null,
    nextRun: findNextRunStart(timing, at),
  };
}

/**
 * One configuration's times, remembered for the stretch of time they stay the same (the run holding
 * the last instant asked, or the gap until the next run): a game server resolves most players at about
 * the same instant, so nearly every call is two comparisons.
 */
export class ConfigurationSchedule {
  /** The remembered answer holds for every instant in [from, to). */
  private from = 0;
  private to = 0;
  private times: ConfigurationTimes | null = null;

  constructor(private readonly timing: ActivationTiming) {}

  timesAt(at: number): ConfigurationTimes {
    if (at >= this.from && at < this.to && this.times !== null) return this.times;
    const times = computeConfigurationTimes(this.timing, at);
    this.times = times;
    if (times.running) {
      this.from = times.runStart!;
      this.to = times.runEnd!;
    } else {
      // No run starts in (at, nextRun) and none holds `at`, so none holds any instant in between.
      this.from = at;
      this.to = times.nextRun ?? Number.POSITIVE_INFINITY;
    }
    return times;
  }
}
