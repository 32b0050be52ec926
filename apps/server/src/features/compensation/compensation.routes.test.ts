import { CONSUMABLE_NAMES, DEFAULT_COMPENSATION_AMOUNTS } from '@console/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { listPendingCompensationGrants } from './compensation.store.ts';

describe('user compensation', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login('support@example.com');
  });

  const call = (url: string, body?: unknown, environment = 'dev') =>
    t.post(`${url}?configuration=${environment}`, body, cookie);
  const auditOf = (environment = 'dev') => t.auditEntries(cookie, environment);

  it('lists every consumable with its default amount, in enumeration order', async () => {
    const { consumables } = (await call('/api/compensation/list')).json().payload;
    expect(Object.keys(consumables)).toEqual(CONSUMABLE_NAMES);
    expect(consumables).toEqual(DEFAULT_COMPENSATION_AMOUNTS);
    expect(consumables).toMatchObject({ Life: 5, Coin: 100, InfiniteSocialBooster2: 60 });
  });

  it('stores a grant for the player in that environment until the game server collects it, and audits it', async () => {
    const response = await call('/api/compensation/send/consumable', {
      userId: ' player-1 ',
      item: 'Coin',
      amount: 250,
    });
    expect(response.statusCode).toBe(200);
    const grant = response.json().payload;
    expect(grant).toEqual({
      id: expect.any(Number),
      userId: 'player-1',
      item: 'Coin',
      amount: 250,
      created: expect.any(Number),
    });
    expect(await listPendingCompensationGrants(t.app.db, 'dev', 'player-1')).toEqual([grant]);
    expect(await listPendingCompensationGrants(t.app.db, 'stable', 'player-1')).toEqual([]);
    expect((await auditOf())[0]).toEqual(
      expect.objectContaining({
        action: 'compensation.send',
        target: 'player-1',
        email: 'support@example.com',
        attributes: { grantId: grant.id, item: 'Coin', itemId: 4, amount: 250 },
      }),
    );
  });

  it('keeps every grant sent to the same player', async () => {
    await call('/api/compensation/send/consumable', { userId: 'player-2', item: 'Life', amount: 1 });
    await call('/api/compensation/send/consumable', {
      userId: 'player-2',
      item: 'InfiniteLife',
      amount: 1_000_000,
    });
    const grants = await listPendingCompensationGrants(t.app.db, 'dev', 'player-2');
    expect(grants.map(({ item, amount }) => [item, amount])).toEqual([
      ['Life', 1],
      ['InfiniteLife', 1_000_000],
    ]);
  });

  const valid = { userId: 'player-3', item: 'Life', amount: 5 };
  it.each([
    [{ ...valid, amount: 0 }, 'amount: amount must be at least 1'],
    [{ ...valid, amount: 2.5 }, 'amount: amount must be a whole number'],
    [{ ...valid, amount: 1_000_001 }, 'amount: amount must be at most 1000000'],
    [
      { ...valid, item: 'Gem' },
      `item: item "Gem" is not a consumable; choose one of ${CONSUMABLE_NAMES.join(', ')}`,
    ],
    [{ ...valid, userId: '   ' }, 'userId: userId must not be empty'],
    [{ ...valid, userId: 'u'.repeat(65) }, 'userId: userId must be at most 64 characters'],
  ])('refuses %j with 400 naming the field, storing and auditing nothing', async (body, message) => {
    const before = (await auditOf()).length;
    const response = await call('/api/compensation/send/consumable', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
    expect((await auditOf()).length).toBe(before);
    expect(await listPendingCompensationGrants(t.app.db, 'dev', 'player-3')).toEqual([]);
  });

  it('answers 404 for an unknown environment', async () => {
    const response = await call('/api/compensation/send/consumable', valid, 'nowhere');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Unknown environment nowhere' });
  });
});
