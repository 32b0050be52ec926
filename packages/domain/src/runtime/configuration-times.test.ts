import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activationSettingsSchema } from '../config/activation.schemas.ts';
import { isActiveAt, listActivationWindows } from '../config/activation-engine.ts';
import { ACTIVATION_TYPES, WEEKLY_SLOT_COUNT } from '../config/activation-types.ts';
import { WorldEventActivationType as T } from '../enums.ts';
import { ConfigurationSchedule } from './configuration-times.ts';
import { NEXT_START_HORIZON_MS } from './resolution.schemas.ts';

const at = (iso: string) => Date.parse(iso);
const H = 3_600;

describe('ConfigurationSchedule', () => {
  it('answers running until the window end, or the next start', () => {
    const daily = activationSettingsSchema.parse({
      type: T.Daily,
      maxEventDuration: 2 * H,
      scheduleOffset: 10 * H,
    });
    const schedule = new ConfigurationSchedule(daily);
    expect(schedule.timesAt(at('2024-03-10T11:00:00Z'))).toEqual({
      running: true,
      runningUntil: at('2024-03-10T12:00:00Z'),
      nextStart: null,
    });
    expect(schedule.timesAt(at('2024-03-10T12:00:00Z'))).toEqual({
      running: false,
      runningUntil: null,
      nextStart: at('2024-03-11T10:00:00Z'),
    });
  });

  it('finds a start weeks ahead and none past the 30-day horizon', () => {
    const once = (start: string) =>
      new ConfigurationSchedule(activationSettingsSchema.parse({ type: T.OneShot, start: at(start) }));
    expect(once('2024-04-01T00:00:00Z').timesAt(at('2024-03-10T00:00:00Z')).nextStart).toBe(
      at('2024-04-01T00:00:00Z'),
    );
    expect(once('2024-05-01T00:00:00Z').timesAt(at('2024-03-10T00:00:00Z')).nextStart).toBeNull();
    expect(once('2024-03-01T00:00:00Z').timesAt(at('2024-03-10T00:00:00Z'))).toEqual({
      running: false,
      runningUntil: null,
      nextStart: null,
    });
  });

  it('property: agrees with isActiveAt and with the first window after `at` within the horizon', () => {
    const settings = fc
      .record({
        type: fc.constantFrom(...ACTIVATION_TYPES.map((type) => type.id)),
        start: fc.integer({ min: at('2024-01-01T00:00:00Z'), max: at('2024-03-01T00:00:00Z') }),
        length: fc.option(fc.integer({ min: 1, max: 90 * 24 * H * 1000 })),
        cooldown: fc.integer({ min: 0, max: 2 * 24 * H }),
        maxEventDuration: fc.integer({ min: 60, max: 10 * 24 * H }),
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
            expect(times.running).toBe(isActiveAt(timing, instant));
            if (times.running) {
              expect(times.runningUntil).toBe(listActivationWindows(timing, instant, instant + 1)[0]!.end);
            } else {
              const next = listActivationWindows(timing, instant, instant + NEXT_START_HORIZON_MS).find(
                (window) => window.start > instant,
              );
              expect(times.nextStart).toBe(next?.start ?? null);
            }
          }
        },
      ),
      { seed: 10, numRuns: 300 },
    );
  });
});
