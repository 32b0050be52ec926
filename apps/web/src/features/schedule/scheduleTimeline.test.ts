import { describe, expect, it } from 'vitest';
import { activeSlotRangeOf, activeSlotsOutsideView } from './scheduleTimeline.ts';

const row = (schedule: boolean[]) => ({ schedule });
const on = (count: number, ...slots: number[]) =>
  Array.from({ length: count }, (_, slot) => slots.includes(slot));

describe('active slots outside a scrolled timeline', () => {
  it('finds the first and last slot any configuration runs in, over every plugin', () => {
    const schedules = {
      GOLD_RUSH: [row(on(10, 3, 4)), row(on(10))],
      DUEL: [row(on(10, 1, 7))],
    } as never;
    expect(activeSlotRangeOf({ schedules })).toEqual({ first: 1, last: 7 });
    expect(activeSlotRangeOf({ schedules: { DUEL: [row(on(10))] } as never })).toBe(null);
    expect(activeSlotRangeOf({ schedules: {} })).toBe(null);
  });

  // slots of 12 px; the view shows 120 px (10 slots) of the slot area
  const vectors = [
    {
      why: 'all in view',
      range: { first: 0, last: 9 },
      scrollLeft: 0,
      expected: { before: null, after: null },
    },
    {
      why: 'the last one right of it',
      range: { first: 0, last: 10 },
      scrollLeft: 0,
      expected: { before: null, after: 10 },
    },
    {
      why: 'a slot half in view is hidden',
      range: { first: 2, last: 12 },
      scrollLeft: 30,
      expected: { before: 2, after: 12 },
    },
    {
      why: 'scrolled to the end',
      range: { first: 0, last: 19 },
      scrollLeft: 120,
      expected: { before: 0, after: null },
    },
    {
      why: 'sub-pixel rounding',
      range: { first: 1, last: 10 },
      scrollLeft: 12.4,
      expected: { before: null, after: null },
    },
    { why: 'none runs', range: null, scrollLeft: 50, expected: { before: null, after: null } },
  ];
  it.each(vectors)('$why', ({ range, scrollLeft, expected }) => {
    expect(activeSlotsOutsideView(range, { scrollLeft, width: 120 }, 12)).toEqual(expected);
  });
});
