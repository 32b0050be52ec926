import { describe, expect, it } from 'vitest';
import { defaultActivationSettings } from '../config/activation.schemas.ts';
import { slots as weeklySlots } from '../config/activation.vectors.ts';
import type { ActivationTiming } from '../config/activation-engine.ts';
import { WorldEventActivationType as T } from '../enums.ts';
import { computeConfigurationSlots } from './configuration-timeline.ts';
import { scheduleOverviewRequestSchema } from './schedule.schemas.ts';
import { buildSlotGrid, listSlotTimestamps, slotSpanOf } from './slot-grid.ts';

const ms = (iso: string) => Date.parse(iso);
const H = 3_600;

const timing = (settings: Partial<ActivationTiming>): ActivationTiming => ({
  ...defaultActivationSettings(),
  ...settings,
});

/** The slots (by their start, ISO UTC without seconds) in which the settings run. */
function runningSlots(
  settings: Partial<ActivationTiming>,
  now: string,
  grid: { slotsPerDay?: number; daysBack?: number; daysForward?: number } = {},
): string[] {
  const slotGrid = buildSlotGrid({ slotsPerDay: 8, daysBack: 1, daysForward: 14, ...grid }, ms(now));
  const starts = listSlotTimestamps(slotGrid);
  return computeConfigurationSlots({ kind: 'ar', activation: timing(settings) }, slotGrid).flatMap(
    (isRunning, slot) => (isRunning ? [new Date(starts[slot]!).toISOString().slice(0, 16)] : []),
  );
}

describe('the slot grid', () => {
  it('defaults to 8 slots a day, 1 day back and 14 forward: 120 slots of 3 h from UTC midnight of yesterday', () => {
    const request = scheduleOverviewRequestSchema.parse(undefined);
    expect(request).toEqual({ slotsPerDay: 8, daysBack: 1, daysForward: 14, includeDraft: false });
    const grid = buildSlotGrid(request, ms('2024-03-10T10:30Z'));
    expect(grid).toEqual({
      start: ms('2024-03-09T00:00Z'),
      end: ms('2024-03-24T00:00Z'),
      slotMs: 3 * H * 1000,
      count: 120,
    });
    const starts = listSlotTimestamps(grid);
    expect(starts.slice(0, 3)).toEqual([
      ms('2024-03-09T00:00Z'),
      ms('2024-03-09T03:00Z'),
      ms('2024-03-09T06:00Z'),
    ]);
    expect(starts.at(-1)).toBe(ms('2024-03-23T21:00Z'));
  });

  it('starts at midnight also when now is exactly midnight or the last millisecond of a day', () => {
    const settings = { slotsPerDay: 24, daysBack: 0, daysForward: 1 };
    expect(buildSlotGrid(settings, ms('2024-03-10T00:00Z')).start).toBe(ms('2024-03-10T00:00Z'));
    expect(buildSlotGrid(settings, ms('2024-03-10T23:59:59.999Z')).start).toBe(ms('2024-03-10T00:00Z'));
    expect(buildSlotGrid(settings, ms('2024-03-10T23:59:59.999Z')).count).toBe(24);
  });

  it('refuses sizes and ranges out of bounds, naming the field', () => {
    const messages = (body: unknown) =>
      scheduleOverviewRequestSchema.safeParse(body).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ slotsPerDay: 5 })).toEqual(['Slots per day must be one of 1, 2, 3, 4, 6, 8, 12, 24']);
    expect(messages({ daysBack: 8 })).toEqual(['Days back must be at most 7']);
    expect(messages({ daysForward: 0 })).toEqual(['Days forward must be at least 1']);
    expect(messages({ daysForward: 29 })).toEqual(['Days forward must be at most 28']);
    expect(messages({ at: -1 })).toEqual(['Time must be at least 0']);
    expect(messages({ slotsPerDay: 24, daysBack: 7, daysForward: 28, includeDraft: true, at: 0 })).toEqual(
      [],
    );
  });

  it('maps an interval to the slots it overlaps, half-open on both sides', () => {
    const grid = buildSlotGrid({ slotsPerDay: 8, daysBack: 0, daysForward: 1 }, ms('2024-03-10T00:00Z'));
    const span = (start: string, end: string) => slotSpanOf(grid, { start: ms(start), end: ms(end) });
    expect(span('2024-03-10T00:00Z', '2024-03-10T03:00Z')).toEqual([0, 0]);
    expect(span('2024-03-10T02:59:59.999Z', '2024-03-10T03:00:00.001Z')).toEqual([0, 1]);
    expect(span('2024-03-09T00:00Z', '2024-03-12T00:00Z')).toEqual([0, 7]);
    expect(span('2024-03-09T00:00Z', '2024-03-10T00:00Z')).toBeNull();
    expect(span('2024-03-11T00:00Z', '2024-03-11T01:00Z')).toBeNull();
    expect(span('2024-03-10T05:00Z', '2024-03-10T05:00Z')).toBeNull();
  });
});

describe('slot boundaries (a slot is true when a window overlaps [slotStart, slotEnd))', () => {
  const now = '2024-03-10T10:00Z';

  it('a window ending exactly at a slot start leaves that slot false', () => {
    const slots = runningSlots(
      { type: T.OneShot, start: ms('2024-03-10T00:00Z'), maxEventDuration: 3 * H },
      now,
    );
    expect(slots).toEqual(['2024-03-10T00:00']);
  });

  it('a window filling the last second of a slot marks that slot and not the next', () => {
    const start = ms('2024-03-10T02:59:59Z');
    expect(runningSlots({ type: T.OneShot, start, maxEventDuration: 1 }, now)).toEqual(['2024-03-10T00:00']);
  });

  it('a window shorter than a slot marks the one slot it lies in', () => {
    const slots = runningSlots(
      { type: T.OneShot, start: ms('2024-03-10T04:00Z'), maxEventDuration: 30 * 60 },
      now,
    );
    expect(slots).toEqual(['2024-03-10T03:00']);
  });

  it('a window spanning days marks every slot it crosses, over the midnights', () => {
    const slots = runningSlots(
      { type: T.OneShot, start: ms('2024-03-10T22:00Z'), maxEventDuration: 30 * H },
      now,
    );
    expect(slots).toEqual([
      '2024-03-10T21:00',
      ...['00', '03', '06', '09', '12', '15', '18', '21'].map((hour) => `2024-03-11T${hour}:00`),
      '2024-03-12T00:00',
      '2024-03-12T03:00',
    ]);
  });

  it('a window begun before the grid marks the first slots only', () => {
    const slots = runningSlots(
      { type: T.OneShot, start: ms('2024-03-08T20:00Z'), maxEventDuration: 6 * H },
      now,
    );
    expect(slots).toEqual(['2024-03-09T00:00']);
  });

  it('Schedule slot 0 runs on the first Monday of each fortnight (2024-01-22), not the Monday between', () => {
    const slots = runningSlots({ type: T.Schedule, weeklyOffer: weeklySlots(0) }, '2024-01-10T12:00Z');
    expect(slots).toEqual(['2024-01-22T00:00', '2024-01-22T03:00']);
  });

  it('Schedule slots 27 and 28 join across the week boundary (Sunday evening into Monday night)', () => {
    const slots = runningSlots({ type: T.Schedule, weeklyOffer: weeklySlots(27, 28) }, '2024-01-10T12:00Z', {
      slotsPerDay: 4,
    });
    expect(slots).toEqual(['2024-01-14T18:00', '2024-01-15T00:00']);
  });

  it('Weekly runs from each Monday 00:00 UTC', () => {
    const slots = runningSlots({ type: T.Weekly, maxEventDuration: 24 * H }, now, { slotsPerDay: 1 });
    expect(slots).toEqual(['2024-03-11T00:00', '2024-03-18T00:00']);
  });

  it('a Daily run of 12 h marks the first half of each day, 24 slots a day', () => {
    const slots = runningSlots({ type: T.Daily }, now, { slotsPerDay: 24, daysBack: 0, daysForward: 1 });
    expect(slots).toHaveLength(12);
    expect(slots[0]).toBe('2024-03-10T00:00');
    expect(slots.at(-1)).toBe('2024-03-10T11:00');
  });

  it('a kind without activation (New User Flow) runs over the whole grid', () => {
    const grid = buildSlotGrid({ slotsPerDay: 8, daysBack: 1, daysForward: 14 }, ms(now));
    const activation = timing({ type: T.OneShot, start: ms('2020-01-01T00:00Z'), maxEventDuration: 1 });
    expect(computeConfigurationSlots({ kind: 'plugin/nuf', activation }, grid).every(Boolean)).toBe(true);
    expect(computeConfigurationSlots({ kind: 'ar', activation }, grid).some(Boolean)).toBe(false);
  });
});
