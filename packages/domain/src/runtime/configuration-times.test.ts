import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activationSettingsSchema } from '../config/activation.schemas.ts';
import { isActiveAt, listActivationWindows } from '../config/activation-engine.ts';
import { ACTIVATION_TYPES, WEEKLY_SLOT_COUNT } from '../config/activation-types.ts';
import { WorldEventActivationType as T } from '../enums.ts';
import { ConfigurationSchedule, computeConfigurationTimes } from './configuration-times.ts';

const at = (iso: string) => Date.parse(iso);
const H = 3_600;
const DAY_MS = 86_400_000;

describe('ConfigurationSchedule', () => {
  it('answers the run holding the instant and when it stops serving, or the next start', () => {
    const daily = activationSettingsSchema.parse({
      type: T.Daily,
      maxEventDuration: 2 * H,
      scheduleOffset: 10 * H,
    });
    const schedule = new ConfigurationSchedule(daily);
    expect(schedule.timesAt(at('2024-03-10T11:00:00Z'))).toEqual({
      running: true,
      runningUntil: at('2024-03-10T12:00:00Z'),
      runStart: at('2024-03-10T10:00:00Z'),
      runEnd: at('2024-03-10T12:00:00Z'),
      nextRun: null,
    });
    expect(schedule.timesAt(at('2024-03-10T12:00:00Z'))).toEqual({
      running: false,
      runningUntil: null,
      runStart: null,
      runEnd: null,
      nextRun: at('2024-03-11T10:00:00Z'),
    });
  });

  it('merges touching runs: a Continuous configuration without cooldown serves until its end, or forever', () => {
    const start = at('2024-03-01T00:00:00Z');
    const endless = activationSettingsSchema.parse({ type: T.Continuous, start, maxEventDuration: 12 * H });
    expect(computeConfigurationTimes(endless, at('2024-03-10T11:00:00Z'))).toMatchObject({
      running: true,
      runningUntil: null,
      runStart: at('2024-03-10T00:00:00Z'),
      runEnd: at('2024-03-10T12:00:00Z'),
    });
    const ending = { ...endless, end: at('2024-04-01T06:00:00Z') };
    expect(computeConfigurationTimes(ending, at('2024-03-10T11:00:00Z')).runningUntil).toBe(ending.end);
    const withCooldown = { ...endless, cooldown: H };
    expect(computeConfigurationTimes(withCooldown, start + 1).runningUntil).toBe(start + 12 * H * 1000);
    // a Daily configuration whose runs fill the day never stops either
    const allDay = activationSettingsSchema.parse({ type: T.Daily, maxEventDuration: 30 * H });
    expect(computeConfigurationTimes(allDay, at('2024-03-10T11:00:00Z')).runningUntil).toBeNull();
  });

  it('finds a start however far ahead, and none once the last run is over', () => {
    const once = (start: string) =>
      new ConfigurationSchedule(activationSettingsSchema.parse({ type: T.OneShot, start: at(start) }));
    expect(once('2024-04-01T00:00:00Z').timesAt(at('2024-03-10T00:00:00Z')).nextRun).toBe(
      at('2024-04-01T00:00:00Z'),
    );
    expect(once('2025-05-01T00:00:00Z').timesAt(at('2024-03-10T00:00:00Z')).nextRun).toBe(
      at('2025-05-01T00:00:00Z'),
    );
    expect(once('2024-03-01T00:00:00Z').timesAt(at('2024-03-10T00:00:00Z'))).toEqual({
      running: false,
      runningUntil: null,
      runStart: null,
      runEnd: null,
      nextRun: null,
    });
  });

  it('property: agrees with isActiveAt, with the touching windows and with the first window after `at`', () => {
    const settings = fc
      .record({
        type: fc.constantFrom(...ACTIVATION_TYPES.map((type) => type.id)),
        start: fc.integer({ min: at('2024-01-01T00:00:00Z'), max: at('2024-03-01T00:00:00Z') }),
        length: fc.option(fc.integer({ min: 1, max: 90 * 24 * H * 1000 })),
        cooldown: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 2 * 24 * H })),
        maxEventDuration: fc.oneof(
          fc.integer({ min: 60, max: 10 * 24 * H }),
          fc.constantFrom(300, 600, 900, 1800, 3600, 86_400, 604_800),
        ),
        weeklyOffer: fc.array(fc.boolean(), { minLength: WEEKLY_SLOT_COUNT, maxLength: WEEKLY_SLOT_COUNT }),
        scheduleOffset: fc.integer({ min: 0, max: 300 }),
      })
      .map(({ length, weeklyOffer, ...rest }) => ({
        ...rest,
        end: length === null ? 0 : rest.start + length,
        weeklyOffer: weeklyOffer.every(Boolean) ? weeklyOffer.map((_, i) => i > 0) : weeklyOffer,
        minLevel: 1,
      }));
    fc.assert(
      fc.property(
        settings,
        fc.array(fc.integer({ min: at('2023-12-01T00:00:00Z'), max: at('2024-06-01T00:00:00Z') }), {
          maxLength: 8,
        }),
        (timing, instants) => {
          const schedule = new ConfigurationSchedule(timing);
          for (const instant of instants) {
            const times = schedule.timesAt(instant);
            expect(times).toEqual(computeConfigurationTimes(timing, instant));
            expect(times.running).toBe(isActiveAt(timing, instant));
            if (times.running) {
              const holding = listActivationWindows(timing, instant, instant + 1)[0]!;
              expect([times.runStart, times.runEnd]).toEqual([holding.start, holding.end]);
              // serving without a break from `at` until runningUntil (or, when never, for 3 days)
              const until = Math.min(times.runningUntil ?? Number.POSITIVE_INFINITY, instant + 3 * DAY_MS);
              expect(times.runningUntil ?? until).toBeGreaterThanOrEqual(holding.end);
              if (times.runningUntil !== null) expect(isActiveAt(timing, times.runningUntil)).toBe(false);
              const windows = listActivationWindows(timing, instant, until, 200_000);
              for (let index = 1; index < windows.length; index += 1) {
                expect(windows[index]!.start).toBe(windows[index - 1]!.end);
              }
              expect(windows.at(-1)!.end).toBeGreaterThanOrEqual(until);
            } else {
              // after its start, a pattern's next run lies within two periods (20 days for Continuous here)
              const from = Math.max(instant, timing.start);
              const next = listActivationWindows(timing, instant, from + 40 * DAY_MS, 200_000).find(
                (window) => window.start > instant,
              );
              expect(times.nextRun).toBe(next?.start ?? null);
            }
          }
        },
      ),
      { seed: 10, numRuns: 200 },
    );
  });
});
