import { describe, expect, it } from 'vitest';
import { formatDateTime, formatRecentTime } from './format.ts';

describe('formatDateTime', () => {
  it('writes YYYY-MM-DD HH:mm in local time', () => {
    expect(formatDateTime(new Date(2024, 0, 2, 3, 4, 59).getTime())).toBe('2024-01-02 03:04');
    expect(formatDateTime(new Date(2031, 11, 31, 23, 59).getTime())).toBe('2031-12-31 23:59');
  });
});

describe('formatRecentTime', () => {
  it('writes HH:mm:ss on the same local day, and the date before it otherwise', () => {
    const now = new Date(2026, 10, 25, 23, 59, 59).getTime();
    expect(formatRecentTime(new Date(2026, 10, 25, 0, 3, 10).getTime(), now)).toBe('00:03:10');
    expect(formatRecentTime(new Date(2026, 10, 24, 23, 59, 59).getTime(), now)).toBe('2026-11-24 23:59:59');
  });
});
