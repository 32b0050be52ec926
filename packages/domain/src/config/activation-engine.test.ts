import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WorldEventActivationType as T } from '../enums.ts';
import { defaultActivationSettings } from './activation.schemas.ts';
import { ACTIVATION_VECTORS, formatActivationVectorTable, settingsOf } from './activation.vectors.ts';
import {
  type ActivationTiming,
  type ActivationWindow,
  isActiveAt,
  listActivationWindows,
} from './activation-engine.ts';
import { ACTIVATION_TYPE_IDS } from './activation-types.ts';

const ms = (iso: string) => Date.parse(iso);
const DAY_MS = 86_400_000;

/** Whether some window of the settings contains `at`, asked through listActivationWindows. */
const isInSomeWindow = (settings: ActivationTiming, at: number) =>
  listActivationWindows(settings, at, at + 1).some((window) => window.start <= at && at < window.end);

describe.each(ACTIVATION_VECTORS.map((vector, index) => ({ ...vector, number: index + 1 })))(
  'vector $number: $why',
  (vector) => {
    const settings = settingsOf(vector);
    const windows = listActivationWindows(settings, ms(vector.from), ms(vector.to));
    it('lists the windows', () => {
      expect(windows).toEqual(vector.windows.map(([start, end]) => ({ start: ms(start), end: ms(end) })));
    });
    it('answers the instants', () => {
      for (const [at, isActive] of vector.activeAt ?? [])
        expect([at, isActiveAt(settings, ms(at))]).toEqual([at, isActive]);
    });
    it("is active on each window's first and last millisecond, and agrees with the windows just outside", () => {
      for (const window of windows) {
        expect(isActiveAt(settings, window.start)).toBe(true);
        expect(isActiveAt(settings, window.end - 1)).toBe(true);
        for (const outside of [window.start - 1, window.end]) {
          expect(isActiveAt(settings, outside)).toBe(isInSomeWindow(settings, outside));
        }
      }
    });
  },
);

/** Markdown table rows without the column padding a formatter adds. */
const normalizeTables = (markdown: string) =>
  markdown
    .split('\n')
    .map((line) =>
      line.startsWith('|')
        ? line
            .split('|')
            .map((cell) => cell.trim().replace(/^-+$/, '---'))
            .join('|')
        : line,
    )
    .join('\n');

describe('the vector table', () => {
  it('is in its decision record as generated (regenerate with formatActivationVectorTable())', () => {
    const decisions = readFileSync(
      new URL(
        '../../../../docs/decisions/0202-activation-engine-one-engine-for-every-run.md',
        import.meta.url,
      ),
      'utf8',
    );
    expect(normalizeTables(decisions)).toContain(normalizeTables(formatActivationVectorTable()));
  });
});

describe('bounded work', () => {
  const every5Min = { ...defaultActivationSettings(), type: T.Every5Min };
  it('lists 60 days of 5-minute runs', () => {
    const windows = listActivationWindows(
      every5Min,
      ms('2024-01-01T00:00Z'),
      ms('2024-01-01T00:00Z') + 60 * DAY_MS,
    );
    expect(windows).toHaveLength(60 * 288);
  });
  it('refuses more windows than the limit before computing them', () => {
    expect(() => listActivationWindows(every5Min, 0, 100 * 365 * DAY_MS)).toThrow(RangeError);
    expect(() => listActivationWindows(every5Min, 0, 11 * 60_000, 2)).toThrow(
      'More than 2 activation windows: ask for a shorter interval',
    );
    expect(listActivationWindows(every5Min, 0, 10 * 60_000, 2)).toHaveLength(2);
  });
  it('refuses an endless interval for repeating types, not for one shot', () => {
    expect(() => listActivationWindows(every5Min, 0, Number.POSITIVE_INFINITY)).toThrow(RangeError);
    const oneShot = { ...defaultActivationSettings(), type: T.OneShot, start: 1_000 };
    expect(listActivationWindows(oneShot, 0, Number.POSITIVE_INFINITY)).toEqual([
      { start: 1_000, end: 43_201_000 },
    ]);
  });
});

// ---- properties over generated settings ----

const SECONDS_A_DAY = 86_400;
const AROUND_2024 = { min: ms('2023-06-01T00:00Z'), max: ms('2025-06-01T00:00Z') };

const timingArbitrary: fc.Arbitrary<ActivationTiming> = fc.record({
  type: fc.constantFrom(...ACTIVATION_TYPE_IDS),
  start: fc.oneof(fc.constant(0), fc.integer(AROUND_2024)),
  end: fc.oneof(fc.constant(0), fc.integer(AROUND_2024)),
  cooldown: fc.oneof(
    fc.constant(0),
    fc.integer({ min: 0, max: 2 * SECONDS_A_DAY }),
    fc.integer({ min: 0, max: 600 }),
  ),
  // at least a minute, so a few days of Continuous stay under MAX_ACTIVATION_WINDOWS
  maxEventDuration: fc.oneof(
    fc.integer({ min: 60, max: 3 * SECONDS_A_DAY }),
    fc.integer({ min: 60, max: 900 }),
    fc.constant(43_200),
  ),
  weeklyOffer: fc.oneof(
    fc.array(fc.boolean(), { minLength: 56, maxLength: 56 }),
    fc.array(
      fc.oneof({ arbitrary: fc.constant(false), weight: 8 }, { arbitrary: fc.constant(true), weight: 1 }),
      {
        minLength: 56,
        maxLength: 56,
      },
    ),
    fc.constant(Array(56).fill(true)),
  ),
  scheduleOffset: fc.integer({ min: 0, max: 7 * SECONDS_A_DAY }),
});

/** Any instant, or one within two days of a fortnight boundary (where Schedule runs wrap). */
const instantArbitrary = fc.oneof(
  fc.integer(AROUND_2024),
  fc
    .tuple(fc.integer({ min: -20, max: 20 }), fc.integer({ min: -2 * DAY_MS, max: 2 * DAY_MS }))
    .map(([fortnights, delta]) => ms('2024-01-08T00:00Z') + fortnights * 14 * DAY_MS + delta),
);

/** Settings with an interval length that keeps the answer under MAX_ACTIVATION_WINDOWS. */
const timingWithSpan = (minDays: number) =>
  timingArbitrary.chain((settings) => {
    const maxDays = [T.Schedule, T.Weekly].includes(settings.type as never)
      ? 60
      : settings.type === T.Daily
        ? 20
        : 4;
    return fc.tuple(fc.constant(settings), fc.integer({ min: minDays, max: maxDays * DAY_MS }));
  });

function expectWellFormed(windows: ActivationWindow[], settings: ActivationTiming, from: number, to: number) {
  const end = settings.end === 0 ? Number.POSITIVE_INFINITY : settings.end;
  windows.forEach((window, index) => {
    expect(window.start).toBeLessThan(window.end);
    expect(window.start).toBeGreaterThanOrEqual(settings.start);
    expect(window.end).toBeLessThanOrEqual(end);
    expect(window.start < to && window.end > from).toBe(true);
    if (index > 0) expect(windows[index - 1]!.end).toBeLessThanOrEqual(window.start);
  });
}

describe('isActiveAt agrees with listActivationWindows (fast-check)', () => {
  it('at any instant', () => {
    fc.assert(
      fc.property(timingArbitrary, instantArbitrary, (settings, at) => {
        expect(isActiveAt(settings, at)).toBe(isInSomeWindow(settings, at));
      }),
      { numRuns: 2_000 },
    );
  });
  it('on the edges of every window of an interval, and inside it', () => {
    fc.assert(
      fc.property(
        timingWithSpan(1),
        instantArbitrary,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 20 }),
        ([settings, span], from, samples) => {
          const to = from + span;
          const windows = listActivationWindows(settings, from, to);
          expectWellFormed(windows, settings, from, to);
          for (const window of windows) {
            expect(isActiveAt(settings, window.start)).toBe(true);
            expect(isActiveAt(settings, window.end - 1)).toBe(true);
          }
          for (const sample of samples) {
            const at = from + Math.floor(sample * (span - 1));
            const isInside = windows.some((window) => window.start <= at && at < window.end);
            expect(isActiveAt(settings, at)).toBe(isInside);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
  it('splitting the interval does not change the windows', () => {
    fc.assert(
      fc.property(
        timingWithSpan(2),
        instantArbitrary,
        fc.double({ min: 0, max: 1, noNaN: true }),
        ([settings, span], from, cut) => {
          const middle = from + 1 + Math.floor(cut * (span - 1));
          const whole = listActivationWindows(settings, from, from + span);
          const joined = [
            ...listActivationWindows(settings, from, middle),
            ...listActivationWindows(settings, middle, from + span),
          ].filter(
            (window, index, all) =>
              index === 0 || window.start !== all[index - 1]!.start || window.end !== all[index - 1]!.end,
          );
          expect(joined).toEqual(whole);
        },
      ),
      { numRuns: 500 },
    );
  });
  it('minLevel never changes when a configuration runs', () => {
    fc.assert(
      fc.property(
        timingArbitrary,
        instantArbitrary,
        fc.integer({ min: 1, max: 10_000 }),
        (settings, at, minLevel) => {
          expect(isActiveAt({ ...settings, minLevel } as ActivationTiming, at)).toBe(
            isActiveAt(settings, at),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
