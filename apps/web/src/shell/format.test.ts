import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format.ts';

describe('formatDateTime', () => {
  it('writes YYYY-MM-DD HH:mm in local time', () => {
    expect(formatDateTime(new Date(2024, 0, 2, 3, 4, 59).getTime())).toBe('2024-01-02 03:04');
    expect(formatDateTime(new Date(2031, 11, 31, 23, 59).getTime())).toBe('2031-12-31 23:59');
  });
});
