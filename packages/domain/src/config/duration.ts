import { z } from 'zod';

// "Duration input: a number followed by s/m/h/d or sec/min/hour(s)/day(s). Otherwise
// invalid, capped at a maximum if given, and stored as seconds."

export const SECONDS_PER_MINUTE = 60;
export const SECONDS_PER_HOUR = 3_600;
export const SECONDS_PER_DAY = 86_400;
export const SECONDS_PER_WEEK = 604_800;

/** Longer texts are refused before they are looked at (a typed duration is a few characters). */
export const DURATION_TEXT_MAX_LENGTH = 100;

// Decision (docs/decisions/0203): exactly the product's unit words, case-insensitive; no "secs",
// "minutes", "hr" or compound "1h 30m", so every accepted text reads one way only.
const UNIT_SECONDS: Readonly<Record<string, number>> = {
  s: 1,
  sec: 1,
  m: SECONDS_PER_MINUTE,
  min: SECONDS_PER_MINUTE,
  h: SECONDS_PER_HOUR,
  hour: SECONDS_PER_HOUR,
  hours: SECONDS_PER_HOUR,
  d: SECONDS_PER_DAY,
  day: SECONDS_PER_DAY,
  days: SECONDS_PER_DAY,
};

const DURATION_PATTERN = /^(\d+)(?:\.(\d+))?\s*([a-z]+)$/i;

export const DURATION_UNITS_HINT = 's, m, h, d, sec, min, hour(s) or day(s)';

export interface DurationOptions {
  /** The field's label, used to start every message (default "Duration"). */
  readonly label?: string;
  /** The largest number of seconds; a larger text is capped to it. */
  readonly max?: number;
}

export type DurationParseResult =
  | { readonly ok: true; readonly seconds: number; readonly capped: boolean }
  | { readonly ok: false; readonly error: string };

/**
 * Reads a typed duration (`90m`, `2 hours`, `1d`, `30 sec`, `1.5h`) as whole seconds. Surrounding
 * whitespace and whitespace between number and unit are ignored; a fraction is allowed when the
 * result is a whole number of seconds (`0.5m` = 30, `1.5s` is refused). A value above `max` gives
 * `max` with `capped: true`; without `max`, a value above Number.MAX_SAFE_INTEGER is refused.
 * Exact for any number of digits (the arithmetic is on BigInt).
 */
export function parseDuration(text: string, options: DurationOptions = {}): DurationParseResult {
  const label = options.label ?? 'Duration';
  const { max } = options;
  if (max !== undefined && !(Number.isSafeInteger(max) && max >= 0)) {
    throw new RangeError(`max must be a whole number of seconds of at least 0, not ${max}`);
  }
  const invalid = {
    ok: false,
    error: `${label} must be a number followed by ${DURATION_UNITS_HINT}, like 90m or 2 hours`,
  } as const;
  if (text.length > DURATION_TEXT_MAX_LENGTH) {
    return { ok: false, error: `${label} must be at most ${DURATION_TEXT_MAX_LENGTH} characters` };
  }
  const match = DURATION_PATTERN.exec(text.trim());
  if (!match) return invalid;
  const [, whole = '', fraction = '', unit = ''] = match;
  const unitSeconds = UNIT_SECONDS[unit.toLowerCase()];
  if (unitSeconds === undefined) return invalid;

  const scale = 10n ** BigInt(fraction.length);
  const scaled = (BigInt(whole) * scale + BigInt(fraction || '0')) * BigInt(unitSeconds);
  if (scaled % scale !== 0n) {
    return { ok: false, error: `${label} must be a whole number of seconds` };
  }
  const seconds = scaled / scale;
  if (max !== undefined && seconds > BigInt(max)) return { ok: true, seconds: max, capped: true };
  if (seconds > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, error: `${label} is too large` };
  return { ok: true, seconds: Number(seconds), capped: false };
}

const FORMAT_UNITS: readonly (readonly [string, number])[] = [
  ['d', SECONDS_PER_DAY],
  ['h', SECONDS_PER_HOUR],
  ['m', SECONDS_PER_MINUTE],
];

/**
 * The shortest text parseDuration reads back as the same seconds: the largest unit that divides
 * them (`5400` → `90m`, `86400` → `1d`, `90061` → `90061s`, `0` → `0s`).
 */
export function formatDuration(seconds: number): string {
  if (!(Number.isSafeInteger(seconds) && seconds >= 0)) {
    throw new RangeError(`a duration is a whole number of seconds of at least 0, not ${seconds}`);
  }
  if (seconds === 0) return '0s';
  for (const [unit, size] of FORMAT_UNITS) {
    if (seconds % size === 0) return `${seconds / size}${unit}`;
  }
  return `${seconds}s`;
}

/** A form field holding a typed duration: text in, seconds out, messages naming the field. */
export function durationTextSchema(label: string, options: Omit<DurationOptions, 'label'> = {}) {
  return z.string({ error: `${label} must be a text` }).transform((text, context) => {
    const result = parseDuration(text, { ...options, label });
    if (result.ok) return result.seconds;
    context.addIssue({ code: 'custom', message: result.error });
    return z.NEVER;
  });
}
