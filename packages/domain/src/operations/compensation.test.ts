import { describe, expect, it } from 'vitest';
import {
  COMPENSATION_AMOUNT_MAX,
  CONSUMABLE_NAMES,
  DEFAULT_COMPENSATION_AMOUNTS,
  listCompensationConsumables,
  sendConsumableRequestSchema,
} from './compensation.ts';

const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('compensation', () => {
  it('lists every consumable with a default amount of at least 1, in enumeration order', () => {
    const { consumables } = listCompensationConsumables();
    expect(Object.keys(consumables)).toEqual(CONSUMABLE_NAMES);
    expect(Object.keys(consumables)[0]).toBe('Life');
    expect(Object.values(consumables).every((amount) => Number.isInteger(amount) && amount >= 1)).toBe(true);
    expect(consumables).toMatchObject({ Life: 5, Coin: 100, PreGameBooster1: 1, InfiniteLife: 60 });
    expect(Object.keys(DEFAULT_COMPENSATION_AMOUNTS)).toHaveLength(15);
  });
  const valid = { userId: ' player-1 ', item: 'Coin', amount: 100 };
  it('accepts a send and trims the user id', () => {
    expect(sendConsumableRequestSchema.parse(valid)).toEqual({
      userId: 'player-1',
      item: 'Coin',
      amount: 100,
    });
  });
  it('refuses unknown items, amounts below 1 and blank or long user ids, naming the field', () => {
    expect(messagesOf(sendConsumableRequestSchema.safeParse({ ...valid, item: 'Diamond' }))[0]).toMatch(
      /^item "Diamond" is not a consumable; choose one of Life, GatheredLife, Coin/,
    );
    expect(messagesOf(sendConsumableRequestSchema.safeParse({ ...valid, item: 4 }))[0]).toMatch(
      /^item 4 is not/,
    );
    // A value nested 10,000 levels deep or 100 KB long is named by its kind or cut, never serialised.
    let deep: unknown = 'Coin';
    for (let level = 0; level < 10_000; level += 1) deep = { a: deep };
    expect(messagesOf(sendConsumableRequestSchema.safeParse({ ...valid, item: deep }))[0]).toMatch(
      /^item an object is not a consumable/,
    );
    const [huge] = messagesOf(sendConsumableRequestSchema.safeParse({ ...valid, item: 'z'.repeat(100_000) }));
    expect(huge).toMatch(/^item "z{40}…" is not a consumable/);
    expect(huge!.length).toBeLessThan(400);
    expect(messagesOf(sendConsumableRequestSchema.safeParse({ ...valid, amount: 0 }))).toEqual([
      'amount must be at least 1',
    ]);
    expect(messagesOf(sendConsumableRequestSchema.safeParse({ ...valid, amount: 2.5 }))).toEqual([
      'amount must be a whole number',
    ]);
    expect(
      messagesOf(sendConsumableRequestSchema.safeParse({ ...valid, amount: COMPENSATION_AMOUNT_MAX + 1 })),
    ).toEqual(['amount must be at most 1000000']);
    expect(messagesOf(sendConsumableRequestSchema.safeParse({ ...valid, userId: '   ' }))).toEqual([
      'userId must not be empty',
    ]);
    expect(messagesOf(sendConsumableRequestSchema.safeParse({ ...valid, userId: 'x'.repeat(65) }))).toEqual([
      'userId must be at most 64 characters',
    ]);
    expect(sendConsumableRequestSchema.safeParse({ ...valid, userId: 'x'.repeat(64) }).success).toBe(true);
  });
  it('takes an optional idempotency key of 16 to 100 letters, digits, - or _', () => {
    const key = '0123456789abcdef';
    expect(sendConsumableRequestSchema.parse({ ...valid, idempotencyKey: key }).idempotencyKey).toBe(key);
    expect(sendConsumableRequestSchema.parse({ ...valid, idempotencyKey: 'k'.repeat(100) })).toBeTruthy();
    for (const idempotencyKey of ['short', 'k'.repeat(101), `${key} x`, 42]) {
      expect(messagesOf(sendConsumableRequestSchema.safeParse({ ...valid, idempotencyKey }))).toEqual([
        typeof idempotencyKey === 'number'
          ? 'idempotencyKey must be a text'
          : 'idempotencyKey must be 16 to 100 letters, digits, - or _',
      ]);
    }
  });
});
