// Pure rules for the release time: 0 means none; otherwise a UTC millisecond
// timestamp on a 900-second step, from now to three months ahead.

// Release time step 900 seconds
export const RELEASE_TIME_STEP_SECONDS = 900;
export const RELEASE_TIME_STEP_MS = RELEASE_TIME_STEP_SECONDS * 1000;
// Window up to 3 months ahead
export const RELEASE_WINDOW_MONTHS = 3;
// NextReleaseTimeMs 0 means none set
export const NO_RELEASE_TIME = 0;

const MINUTE_MS = 60_000;

/**
 * `timeMs` moved by whole calendar months in UTC, keeping the time of day. A day missing in the
 * target month clamps to its last day (Nov 30 + 3 months = Feb 28/29), rather than spilling into
 * the month after as Date.UTC would.
 */
export function addUtcMonths(timeMs: number, months: number): number {
  const date = new Date(timeMs);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDayOfTargetMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(
    year,
    month,
    Math.min(date.getUTCDate(), lastDayOfTargetMonth),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  );
}

/** True when `timeMs` is a whole multiple of 900,000 ms since the epoch. */
export function isOnReleaseStep(timeMs: number): boolean {
  return Number.isSafeInteger(timeMs) && timeMs % RELEASE_TIME_STEP_MS === 0;
}

/** The first and last allowed release instants (both on the step) for the moment `nowMs`. */
export function releaseWindowAt(nowMs: number): { earliestMs: number; latestMs: number } {
  return {
    earliestMs: Math.ceil(nowMs / RELEASE_TIME_STEP_MS) * RELEASE_TIME_STEP_MS,
    latestMs:
      Math.floor(addUtcMonths(nowMs, RELEASE_WINDOW_MONTHS) / RELEASE_TIME_STEP_MS) * RELEASE_TIME_STEP_MS,
  };
}

export type ReleaseTimeProblem = 'off-step' | 'in-the-past' | 'too-far-ahead';

/** Why `timeMs` is not an allowed release time at `nowMs`, or undefined when it is (0 = none is allowed). */
export function checkReleaseTime(timeMs: number, nowMs: number): ReleaseTimeProblem | undefined {
  if (timeMs === NO_RELEASE_TIME) return undefined;
  if (!isOnReleaseStep(timeMs)) return 'off-step';
  if (timeMs < nowMs) return 'in-the-past';
  if (timeMs > addUtcMonths(nowMs, RELEASE_WINDOW_MONTHS)) return 'too-far-ahead';
  return undefined;
}

export const RELEASE_TIME_MESSAGES: Record<ReleaseTimeProblem, string> = {
  'off-step': 'nextReleaseTimeMs must be on a 15-minute step',
  'in-the-past': 'nextReleaseTimeMs must not be in the past',
  'too-far-ahead': 'nextReleaseTimeMs must be at most three months ahead',
};

/** Every allowed release instant at `nowMs`, ascending (about 8,800 entries), for a picker list. */
export function listReleaseTimes(nowMs: number): number[] {
  const { earliestMs, latestMs } = releaseWindowAt(nowMs);
  const times: number[] = [];
  for (let time = earliestMs; time <= latestMs; time += RELEASE_TIME_STEP_MS) times.push(time);
  return times;
}

// ---- datetime-local helpers for the form (datetime-local format YYYY-MM-DDTHH:mm) ----

/** Minutes east of UTC in force at an instant. Injected so tests do not depend on the machine's zone. */
export type UtcOffsetAt = (timeMs: number) => number;

// `0 -` turns getTimezoneOffset's -0 into 0, so UTC prints as +00:00.
export const localUtcOffsetAt: UtcOffsetAt = (timeMs) => 0 - new Date(timeMs).getTimezoneOffset();

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `timeMs` as local wall-clock time `YYYY-MM-DDTHH:mm` (the value of a datetime-local input). */
export function formatDateTimeLocal(timeMs: number, offsetAt: UtcOffsetAt = localUtcOffsetAt): string {
  const wall = new Date(timeMs + offsetAt(timeMs) * MINUTE_MS);
  return (
    `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}` +
    `T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`
  );
}

/** An offset in minutes east of UTC as `UTC+01:00`, `UTC-03:30`, `UTC+00:00`. */
export function formatUtcOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const absolute = Math.abs(offsetMinutes);
  return `UTC${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
}

/** The UTC offset label in force at `timeMs`, e.g. `UTC+02:00` in summer and `UTC+01:00` in winter. */
export function utcOffsetLabelAt(timeMs: number, offsetAt: UtcOffsetAt = localUtcOffsetAt): string {
  return formatUtcOffset(offsetAt(timeMs));
}

const DATE_TIME_LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A datetime-local value (`YYYY-MM-DDTHH:mm`, optional `:ss`) read as local time, as UTC ms.
 * Undefined for malformed text, impossible dates (Feb 30) and wall times skipped by a DST change.
 */
export function parseDateTimeLocal(
  text: string,
  offsetAt: UtcOffsetAt = localUtcOffsetAt,
): number | undefined {
  const match = DATE_TIME_LOCAL_PATTERN.exec(text);
  if (!match) return undefined;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wallAsUtc = Date.UTC(year, month - 1, day, hours, minutes, seconds);
  if (Number.isNaN(wallAsUtc) || seconds > 59) return undefined;
  // The offset depends on the instant we are looking for: take it at a first guess, then once more.
  const guess = wallAsUtc - offsetAt(wallAsUtc) * MINUTE_MS;
  const timeMs = wallAsUtc - offsetAt(guess) * MINUTE_MS;
  return formatDateTimeLocal(timeMs, offsetAt) === text.slice(0, 16) ? timeMs : undefined;
}

/** The input's value for a stored release time: '' for none (0). */
export function formatReleaseTimeInput(timeMs: number, offsetAt: UtcOffsetAt = localUtcOffsetAt): string {
  return timeMs === NO_RELEASE_TIME ? '' : formatDateTimeLocal(timeMs, offsetAt);
}

/** The release time for an input's value: 0 (none) for '', undefined when unreadable. */
export function parseReleaseTimeInput(
  text: string,
  offsetAt: UtcOffsetAt = localUtcOffsetAt,
): number | undefined {
  return text === '' ? NO_RELEASE_TIME : parseDateTimeLocal(text, offsetAt);
}

/**
 * Attributes for `<input type="datetime-local">`. Every real UTC offset is a multiple of 15 minutes,
 * so UTC-aligned steps are also local quarter hours and the browser's step (counted from min) matches.
 */
export function releaseTimeInputAttributes(
  nowMs: number,
  offsetAt: UtcOffsetAt = localUtcOffsetAt,
): { min: string; max: string; step: number } {
  const { earliestMs, latestMs } = releaseWindowAt(nowMs);
  return {
    min: formatDateTimeLocal(earliestMs, offsetAt),
    max: formatDateTimeLocal(latestMs, offsetAt),
    step: RELEASE_TIME_STEP_SECONDS,
  };
}
