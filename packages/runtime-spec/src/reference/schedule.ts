import type { SpecActivation } from '../spec-types.ts';

// Section 4 of v1/README.md, from the document alone: a configuration's runs by type, cut to its
// validity; whether it runs at an instant, until when it serves, and when it next runs.

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ANCHOR = Date.UTC(1970, 0, 5);
const SLOT = 6 * HOUR;
const FORTNIGHT = 14 * DAY;

/** Periodic types: [period, room]. */
const PERIODIC: Record<number, [number, number]> = {
  7: [5 * MINUTE, 5 * MINUTE],
  8: [15 * MINUTE, 15 * MINUTE],
  9: [30 * MINUTE, 30 * MINUTE],
  10: [HOUR, HOUR],
  11: [DAY, DAY],
  12: [7 * DAY, 7 * DAY],
  13: [10 * MINUTE, 5 * MINUTE],
};

interface Span {
  start: number;
  end: number;
}

/** The runs of one period k of a repeating type: offsets from the period's start, and lengths. */
function runsInPeriod(activation: SpecActivation): { period: number; runs: Span[]; anchor: number } | null {
  const duration = activation.maxEventDuration * SECOND;
  const cooldown = activation.cooldown * SECOND;
  const anchor = ANCHOR + activation.scheduleOffset * SECOND;
  const periodic = PERIODIC[activation.type];
  if (periodic) {
    const [period, room] = periodic;
    const length = Math.min(duration, room - cooldown);
    return { period, anchor, runs: length > 0 ? [{ start: 0, end: length }] : [] };
  }
  if (activation.type !== 3) return null;
  const selected = (slot: number) => activation.weeklyOffer[((slot % 56) + 56) % 56] === true;
  const runs: Span[] = [];
  for (let slot = 0; slot < 56; slot += 1) {
    // a maximal run starts at a selected slot whose predecessor (around the circle) is not selected
    if (!selected(slot) || selected(slot - 1)) continue;
    let count = 0;
    while (count < 56 && selected(slot + count)) count += 1;
    const length = Math.min(duration, count * SLOT - cooldown);
    if (length > 0) runs.push({ start: slot * SLOT, end: slot * SLOT + length });
  }
  return { period: FORTNIGHT, anchor, runs };
}

/** Every run overlapping [from, to), before cutting to the validity, ascending. */
function runsOverlapping(activation: SpecActivation, from: number, to: number): Span[] {
  const duration = activation.maxEventDuration * SECOND;
  if (!(duration > 0)) return [];
  if (activation.type === 1) return [{ start: activation.start, end: activation.start + duration }];
  if (activation.type === 2) {
    const step = duration + activation.cooldown * SECOND;
    const found: Span[] = [];
    const first = Math.max(0, Math.floor((from - activation.start - duration) / step));
    for (let k = first; activation.start + k * step < to; k += 1) {
      found.push({ start: activation.start + k * step, end: activation.start + k * step + duration });
    }
    return found;
  }
  const pattern = runsInPeriod(activation);
  if (pattern === null) return [];
  const found: Span[] = [];
  // a run lasts at most two periods past its period's start (a run of slots wraps into the next)
  const first = Math.floor((from - pattern.anchor) / pattern.period) - 2;
  const last = Math.floor((to - pattern.anchor) / pattern.period) + 1;
  for (let k = first; k <= last; k += 1) {
    const base = pattern.anchor + k * pattern.period;
    for (const run of pattern.runs) found.push({ start: base + run.start, end: base + run.end });
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The windows overlapping [from, to): runs cut to [start, end), ascending. */
export function windowsBetween(activation: SpecActivation, from: number, to: number): Span[] {
  const validTo = activation.end === 0 ? Number.POSITIVE_INFINITY : activation.end;
  return runsOverlapping(activation, from, to)
    .map((run) => ({ start: Math.max(run.start, activation.start), end: Math.min(run.end, validTo) }))
    .filter((window) => window.start < window.end && window.start < to && window.end > from);
}

/** The window holding `at`, if any. */
export function windowAt(activation: SpecActivation, at: number): Span | undefined {
  return windowsBetween(activation, at, at + 1).find((window) => window.start <= at && at < window.end);
}

/** How long the pattern takes to repeat; Infinity for OneShot. */
function periodOf(activation: SpecActivation): number {
  if (activation.type === 1) return Number.POSITIVE_INFINITY;
  if (activation.type === 2) return (activation.maxEventDuration + activation.cooldown) * SECOND;
  return runsInPeriod(activation)?.period ?? Number.POSITIVE_INFINITY;
}

/** The first instant at or after `at` (running then) at which it does not run; null when none. */
export function servingUntil(activation: SpecActivation, at: number): number | null {
  const validTo = activation.end === 0 ? Number.POSITIVE_INFINITY : activation.end;
  const period = periodOf(activation);
  // Without a gap over one whole period after `at`, there is none later either (the runs repeat).
  const horizon =
    period === Number.POSITIVE_INFINITY ? at + activation.maxEventDuration * SECOND + 1 : at + period + 1;
  let covered = at;
  for (const window of windowsBetween(activation, at, Math.min(horizon, validTo))) {
    if (window.start > covered) return covered;
    covered = Math.max(covered, window.end);
  }
  if (covered >= validTo) return validTo;
  if (period !== Number.POSITIVE_INFINITY && covered >= at + period) {
    return validTo === Number.POSITIVE_INFINITY ? null : validTo;
  }
  return covered;
}

/** The start of the first window starting after `at`; null when none does. */
export function nextRunAfter(activation: SpecActivation, at: number): number | null {
  if (activation.type === 1) {
    const window = windowsBetween(activation, activation.start, activation.start + 1)[0];
    return window && window.start > at ? window.start : null;
  }
  const validTo = activation.end === 0 ? Number.POSITIVE_INFINITY : activation.end;
  const from = Math.max(at, activation.start);
  const period = periodOf(activation);
  if (from >= validTo || period === Number.POSITIVE_INFINITY) return null;
  const later = windowsBetween(activation, from, Math.min(validTo, from + 2 * period + 1)).find(
    (window) => window.start > at,
  );
  return later?.start ?? null;
}
