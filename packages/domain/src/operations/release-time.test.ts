import { describe, expect, it } from 'vitest';
import {
  addUtcMonths,
  checkReleaseTime,
  formatDateTimeLocal,
  formatReleaseTimeInput,
  formatUtcOffset,
  isOnReleaseStep,
  listReleaseTimes,
  localUtcOffsetAt,
  parseDateTimeLocal,
  parseReleaseTimeInput,
  RELEASE_TIME_STEP_MS,
  releaseTimeInputAttributes,
  releaseWindowAt,
  type UtcOffsetAt,
  utcOffsetLabelAt,
} from './release-time.ts';

const STEP = RELEASE_TIME_STEP_MS;
const plusOneHour: UtcOffsetAt = () => 60;
const newfoundland: UtcOffsetAt = () => -150;
// Berlin-like: UTC+1, UTC+2 from 2025-03-30 01:00 UTC (local 02:00 jumps to 03:00).
const SUMMER_STARTS = Date.UTC(2025, 2, 30, 1, 0);
const berlin: UtcOffsetAt = (timeMs) => (timeMs >= SUMMER_STARTS ? 120 : 60);

describe('addUtcMonths', () => {
  it('keeps the day and time of day', () => {
    expect(addUtcMonths(Date.UTC(2025, 0, 10, 12, 7, 30, 5), 3)).toBe(Date.UTC(2025, 3, 10, 12, 7, 30, 5));
  });
  it('clamps to the last day of a shorter target month', () => {
    expect(addUtcMonths(Date.UTC(2024, 10, 30, 9), 3)).toBe(Date.UTC(2025, 1, 28, 9));
    expect(addUtcMonths(Date.UTC(2023, 10, 30, 9), 3)).toBe(Date.UTC(2024, 1, 29, 9));
    expect(addUtcMonths(Date.UTC(2025, 0, 31), 3)).toBe(Date.UTC(2025, 3, 30));
  });
  it('crosses the year end', () => {
    expect(addUtcMonths(Date.UTC(2025, 10, 15), 3)).toBe(Date.UTC(2026, 1, 15));
  });
});

describe('checkReleaseTime', () => {
  const now = Date.UTC(2025, 0, 10, 12, 0); // on a step

  it('accepts 0 (none) whatever the time', () => {
    expect(checkReleaseTime(0, now)).toBeUndefined();
  });
  it('accepts now itself and exactly three calendar months ahead', () => {
    expect(checkReleaseTime(now, now)).toBeUndefined();
    expect(checkReleaseTime(Date.UTC(2025, 3, 10, 12, 0), now)).toBeUndefined();
  });
  it('refuses one step past three months and one step before now', () => {
    expect(checkReleaseTime(Date.UTC(2025, 3, 10, 12, 0) + STEP, now)).toBe('too-far-ahead');
    expect(checkReleaseTime(now - STEP, now)).toBe('in-the-past');
  });
  it('refuses times off the 15-minute step', () => {
    expect(checkReleaseTime(now + 1, now)).toBe('off-step');
    expect(checkReleaseTime(now + 5 * 60_000, now)).toBe('off-step');
    expect(checkReleaseTime(now + 0.5, now)).toBe('off-step');
    expect(checkReleaseTime(Number.NaN, now)).toBe('off-step');
  });
  it('measures the past against the exact moment, not the step', () => {
    const between = now + 7 * 60_000;
    expect(checkReleaseTime(now, between)).toBe('in-the-past');
    expect(checkReleaseTime(now + STEP, between)).toBeUndefined();
  });
  it('counts months by the calendar: 92 days ahead in winter, 89 from the end of November', () => {
    const endOfNovember = Date.UTC(2024, 10, 30, 0, 0);
    expect(checkReleaseTime(Date.UTC(2025, 1, 28, 0, 0), endOfNovember)).toBeUndefined();
    expect(checkReleaseTime(Date.UTC(2025, 1, 28, 0, 15), endOfNovember)).toBe('too-far-ahead');
  });
});

describe('isOnReleaseStep', () => {
  it('is true for multiples of 900,000 ms since the epoch', () => {
    expect(isOnReleaseStep(0)).toBe(true);
    expect(isOnReleaseStep(Date.UTC(2025, 5, 1, 10, 45))).toBe(true);
    expect(isOnReleaseStep(Date.UTC(2025, 5, 1, 10, 50))).toBe(false);
  });
});

describe('releaseWindowAt and listReleaseTimes', () => {
  const now = Date.UTC(2025, 0, 10, 12, 7, 30);
  it('starts at the next step and ends at the last step within three months', () => {
    expect(releaseWindowAt(now)).toEqual({
      earliestMs: Date.UTC(2025, 0, 10, 12, 15),
      latestMs: Date.UTC(2025, 3, 10, 12, 0),
    });
  });
  it('lists every step of the window, each allowed', () => {
    const times = listReleaseTimes(now);
    const { earliestMs, latestMs } = releaseWindowAt(now);
    expect(times[0]).toBe(earliestMs);
    expect(times.at(-1)).toBe(latestMs);
    expect(times).toHaveLength((latestMs - earliestMs) / STEP + 1);
    expect(times.every((time) => checkReleaseTime(time, now) === undefined)).toBe(true);
  });
});

describe('datetime-local helpers', () => {
  const instant = Date.UTC(2025, 0, 10, 12, 0);

  it('formats local wall time as YYYY-MM-DDTHH:mm', () => {
    expect(formatDateTimeLocal(instant, plusOneHour)).toBe('2025-01-10T13:00');
    expect(formatDateTimeLocal(instant, newfoundland)).toBe('2025-01-10T09:30');
    expect(formatDateTimeLocal(Date.UTC(2025, 11, 31, 23, 45), plusOneHour)).toBe('2026-01-01T00:45');
  });
  it('formats UTC offsets with sign, hours and minutes', () => {
    expect(formatUtcOffset(60)).toBe('UTC+01:00');
    expect(formatUtcOffset(0)).toBe('UTC+00:00');
    expect(formatUtcOffset(-150)).toBe('UTC-02:30');
    expect(formatUtcOffset(345)).toBe('UTC+05:45');
    expect(formatUtcOffset(-600)).toBe('UTC-10:00');
  });
  it('labels the offset in force at the instant, following daylight saving time', () => {
    expect(utcOffsetLabelAt(Date.UTC(2025, 0, 10), berlin)).toBe('UTC+01:00');
    expect(utcOffsetLabelAt(Date.UTC(2025, 6, 10), berlin)).toBe('UTC+02:00');
  });
  it('never gives a negative zero offset for the machine zone', () => {
    expect(Object.is(localUtcOffsetAt(instant), -0)).toBe(false);
  });
  it('parses local wall time back to UTC ms', () => {
    expect(parseDateTimeLocal('2025-01-10T13:00', plusOneHour)).toBe(instant);
    expect(parseDateTimeLocal('2025-01-10T09:30', newfoundland)).toBe(instant);
    expect(parseDateTimeLocal('2025-01-10T13:00:00', plusOneHour)).toBe(instant);
  });
  it('parses around a daylight saving change and refuses wall times that do not exist', () => {
    expect(parseDateTimeLocal('2025-03-30T01:45', berlin)).toBe(Date.UTC(2025, 2, 30, 0, 45));
    expect(parseDateTimeLocal('2025-03-30T03:00', berlin)).toBe(Date.UTC(2025, 2, 30, 1, 0));
    expect(parseDateTimeLocal('2025-03-30T02:30', berlin)).toBeUndefined();
  });
  it('refuses malformed texts and impossible dates', () => {
    for (const text of [
      '',
      '2025-01-10',
      '2025-01-10 13:00',
      '2025-1-10T13:00',
      '2025-02-30T10:00',
      '2025-01-10T24:00',
    ]) {
      expect(parseDateTimeLocal(text, plusOneHour), text).toBeUndefined();
    }
  });
  it('round-trips every listed release time', () => {
    for (const time of listReleaseTimes(Date.UTC(2025, 2, 1)).filter((_, index) => index % 97 === 0)) {
      expect(parseDateTimeLocal(formatDateTimeLocal(time, berlin), berlin)).toBe(time);
    }
  });
  it('maps none (0) to an empty input and back', () => {
    expect(formatReleaseTimeInput(0, plusOneHour)).toBe('');
    expect(parseReleaseTimeInput('', plusOneHour)).toBe(0);
    expect(parseReleaseTimeInput('2025-01-10T13:00', plusOneHour)).toBe(instant);
    expect(parseReleaseTimeInput('soon', plusOneHour)).toBeUndefined();
  });
  it('gives the input min, max and step (seconds) in local time', () => {
    expect(releaseTimeInputAttributes(Date.UTC(2025, 0, 10, 12, 7, 30), plusOneHour)).toEqual({
      min: '2025-01-10T13:15',
      max: '2025-04-10T13:00',
      step: 900,
    });
  });
});
