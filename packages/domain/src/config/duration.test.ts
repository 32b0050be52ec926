import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DURATION_TEXT_MAX_LENGTH, durationTextSchema, formatDuration, parseDuration } from './duration.ts';

const GRAMMAR_ERROR =
  'Duration must be a number followed by s, m, h, d, sec, min, hour(s) or day(s), like 90m or 2 hours';

describe('parseDuration: valid texts', () => {
  it.each([
    ['90m', 5_400],
    ['2 hours', 7_200],
    ['1d', 86_400],
    ['30 sec', 30],
    ['5 min', 300],
    ['45s', 45],
    ['3h', 10_800],
    ['1 hour', 3_600],
    ['1 hours', 3_600],
    ['1 day', 86_400],
    ['7 days', 604_800],
    ['0s', 0],
    ['0 days', 0],
    ['007m', 420],
    ['1.5h', 5_400],
    ['0.5m', 30],
    ['1.50 hours', 5_400],
    ['0.25d', 21_600],
    ['  90m  ', 5_400],
    ['\t2\thours\n', 7_200],
    ['12   min', 720],
    ['90M', 5_400],
    ['2 HOURS', 7_200],
    ['1D', 86_400],
    ['30 Sec', 30],
  ])('%j is %d seconds', (text, seconds) => {
    expect(parseDuration(text)).toEqual({ ok: true, seconds, capped: false });
  });
});

describe('parseDuration: invalid texts', () => {
  it.each([
    [''],
    ['   '],
    ['90'],
    ['m'],
    ['m90'],
    ['-5m'],
    ['+5m'],
    ['5 minutes'],
    ['5 mins'],
    ['5 secs'],
    ['5 second'],
    ['2 hr'],
    ['1w'],
    ['1h 30m'],
    ['1h30m'],
    ['1,5h'],
    ['.5h'],
    ['5.m'],
    ['1e3s'],
    ['5 m s'],
    ['٣m'],
    ['five minutes'],
  ])('%j is refused with the grammar message', (text) => {
    expect(parseDuration(text)).toEqual({ ok: false, error: GRAMMAR_ERROR });
  });
  it('refuses a fraction of a second', () => {
    expect(parseDuration('1.5s')).toEqual({ ok: false, error: 'Duration must be a whole number of seconds' });
    expect(parseDuration('0.001m')).toEqual({
      ok: false,
      error: 'Duration must be a whole number of seconds',
    });
  });
  it('refuses an over-long text before reading it', () => {
    const text = `${'1'.repeat(DURATION_TEXT_MAX_LENGTH)}s`;
    expect(parseDuration(text)).toEqual({ ok: false, error: 'Duration must be at most 100 characters' });
  });
  it('names the field by its label', () => {
    expect(parseDuration('soon', { label: 'Show offer frequency' })).toEqual({
      ok: false,
      error:
        'Show offer frequency must be a number followed by s, m, h, d, sec, min, hour(s) or day(s), like 90m or 2 hours',
    });
  });
});

describe('parseDuration: caps and huge numbers', () => {
  it('caps at the maximum, inclusive', () => {
    expect(parseDuration('8d', { max: 604_800 })).toEqual({ ok: true, seconds: 604_800, capped: true });
    expect(parseDuration('7d', { max: 604_800 })).toEqual({ ok: true, seconds: 604_800, capped: false });
    expect(parseDuration('168 hours', { max: 604_800 })).toEqual({
      ok: true,
      seconds: 604_800,
      capped: false,
    });
    expect(parseDuration('604801s', { max: 604_800 })).toEqual({ ok: true, seconds: 604_800, capped: true });
    expect(parseDuration('0s', { max: 0 })).toEqual({ ok: true, seconds: 0, capped: false });
    expect(parseDuration('1s', { max: 0 })).toEqual({ ok: true, seconds: 0, capped: true });
  });
  it('caps numbers far beyond the safe integers exactly', () => {
    expect(parseDuration('99999999999999999999999999d', { max: 3_600 })).toEqual({
      ok: true,
      seconds: 3_600,
      capped: true,
    });
  });
  it('a cap does not make an invalid text valid', () => {
    expect(parseDuration('1w', { max: 60 }).ok).toBe(false);
  });
  it('without a cap, accepts up to Number.MAX_SAFE_INTEGER seconds and refuses more', () => {
    expect(parseDuration(`${Number.MAX_SAFE_INTEGER}s`)).toEqual({
      ok: true,
      seconds: Number.MAX_SAFE_INTEGER,
      capped: false,
    });
    expect(parseDuration(`${Number.MAX_SAFE_INTEGER + 1}s`)).toEqual({
      ok: false,
      error: 'Duration is too large',
    });
    expect(parseDuration('99999999999999999999d', { label: 'Cooldown' })).toEqual({
      ok: false,
      error: 'Cooldown is too large',
    });
  });
  it('refuses a cap that is not whole seconds', () => {
    expect(() => parseDuration('1s', { max: -1 })).toThrow(RangeError);
    expect(() => parseDuration('1s', { max: 1.5 })).toThrow(RangeError);
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0s'],
    [1, '1s'],
    [59, '59s'],
    [60, '1m'],
    [90, '90s'],
    [5_400, '90m'],
    [3_600, '1h'],
    [7_200, '2h'],
    [43_200, '12h'],
    [86_400, '1d'],
    [90_000, '25h'],
    [90_061, '90061s'],
    [604_800, '7d'],
    [Number.MAX_SAFE_INTEGER, `${Number.MAX_SAFE_INTEGER}s`],
  ])('%d → %j', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
  it.each([[-1], [1.5], [Number.NaN], [Number.POSITIVE_INFINITY], [Number.MAX_SAFE_INTEGER + 1]])(
    'refuses %d',
    (seconds) => {
      expect(() => formatDuration(seconds)).toThrow(RangeError);
    },
  );
  it('round-trips through parseDuration and is never longer than any unit it could use', () => {
    fc.assert(
      fc.property(fc.nat({ max: Number.MAX_SAFE_INTEGER }), (seconds) => {
        const text = formatDuration(seconds);
        expect(parseDuration(text)).toEqual({ ok: true, seconds, capped: false });
        for (const [unit, size] of [
          ['s', 1],
          ['m', 60],
          ['h', 3_600],
          ['d', 86_400],
        ] as const) {
          if (seconds % size === 0)
            expect(text.length).toBeLessThanOrEqual(`${seconds / size}${unit}`.length);
        }
      }),
    );
  });
  it('parseDuration never throws on any text and answers whole seconds', () => {
    fc.assert(
      fc.property(fc.string(), fc.option(fc.nat(), { nil: undefined }), (text, max) => {
        const result = parseDuration(text, { max });
        if (result.ok) {
          expect(Number.isSafeInteger(result.seconds) && result.seconds >= 0).toBe(true);
          if (max !== undefined) expect(result.seconds).toBeLessThanOrEqual(max);
        }
      }),
    );
  });
});

describe('durationTextSchema', () => {
  const schema = durationTextSchema('Schedule offset', { max: 3_600 });
  it('turns text into seconds, capped', () => {
    expect(schema.parse('30 min')).toBe(1_800);
    expect(schema.parse('2h')).toBe(3_600);
  });
  it('names the field in its messages', () => {
    expect(schema.safeParse('later').error?.issues[0]?.message).toBe(
      'Schedule offset must be a number followed by s, m, h, d, sec, min, hour(s) or day(s), like 90m or 2 hours',
    );
    expect(schema.safeParse(5).error?.issues[0]?.message).toBe('Schedule offset must be a text');
  });
});
