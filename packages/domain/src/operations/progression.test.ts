import { describe, expect, it } from 'vitest';
import { setProgressionRequestSchema } from './progression.ts';

const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('progression', () => {
  const valid = { userId: 'player-1', level: 1, eoc: 0, streak: 0 };
  it('accepts the lower and upper edges', () => {
    expect(setProgressionRequestSchema.safeParse(valid).success).toBe(true);
    expect(setProgressionRequestSchema.safeParse({ ...valid, level: 5000, eoc: 12, streak: 4 }).success).toBe(
      true,
    );
  });
  it.each([
    [{ level: 0 }, 'level must be at least 1'],
    [{ eoc: -1 }, 'eoc must be at least 0'],
    [{ streak: -1 }, 'streak must be at least 0'],
    [{ streak: 5 }, 'streak must be at most 4'],
    [{ streak: 1.5 }, 'streak must be a whole number'],
    [{ level: undefined }, 'level must be a number'],
  ])('refuses %j', (change, message) => {
    expect(messagesOf(setProgressionRequestSchema.safeParse({ ...valid, ...change }))).toEqual([message]);
  });
  it('refuses numbers an INTEGER column cannot hold, naming the field', () => {
    const result = setProgressionRequestSchema.safeParse({
      userId: 'p',
      level: 3_000_000_000,
      eoc: 0,
      streak: 0,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('level must be at most 2147483647');
  });
});
