import { randomUUID } from 'node:crypto';
import {
  CONSUMABLE_NAMES,
  DEFAULT_COMPENSATION_AMOUNTS,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
} from '@console/domain/operations';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { testRuntimeContext } from '../../testing/context.ts';
import { collectGrants, listPendingGrants } from './compensation.service.ts';
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

  it("is collected by a game server's call in its key's environment, through the unit of work, unaudited", async () => {
    const { id } = (
      await call('/api/compensation/send/consumable', { userId: 'player-9', item: 'Life', amount: 2 })
    ).json().payload;
    const audited = (await auditOf()).length;
    const stable = testRuntimeContext(t.app, { environmentId: 'stable' });
    expect(await collectGrants(stable, [id])).toEqual({ collected: [] });
    const dev = testRuntimeContext(t.app);
    expect(await listPendingGrants(dev, 'player-9')).toMatchObject([{ id, item: 'Life', amount: 2 }]);
    expect(await collectGrants(dev, [id, id])).toEqual({ collected: [id] });
    expect(await collectGrants(dev, [id])).toEqual({ collected: [] });
    expect(await listPendingGrants(dev, 'player-9')).toEqual([]);
    // A game server is no operator: its pickup is the grant's `collected`, not an audit entry.
    expect((await auditOf()).length).toBe(audited);
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
    expect(response.json()).toMatchObject({ error: message });
    expect((await auditOf()).length).toBe(before);
    expect(await listPendingCompensationGrants(t.app.db, 'dev', 'player-3')).toEqual([]);
  });

  describe('idempotency key (a retried send answers the first grant)', () => {
    let keyCount = 0;
    // Always 16 characters or more: a base-36 Math.random() is sometimes shorter than ten digits, which made
    // about one key in 135 too short, answered 400 instead of the grant.
    const newKey = () => `key-${++keyCount}-${randomUUID()}`;
    const sendsTo = async (userId: string, environment = 'dev') =>
      (await auditOf(environment)).filter(
        (entry) => entry.action === 'compensation.send' && entry.target === userId,
      );

    it('creates one grant and one audit entry for a send repeated with the same key', async () => {
      const body = { userId: 'player-10', item: 'Coin', amount: 100, idempotencyKey: newKey() };
      const first = await call('/api/compensation/send/consumable', body);
      const again = await call('/api/compensation/send/consumable', body);
      expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
      expect(again.json().payload).toEqual(first.json().payload);
      expect(await listPendingCompensationGrants(t.app.db, 'dev', 'player-10')).toEqual([
        first.json().payload,
      ]);
      expect(await sendsTo('player-10')).toHaveLength(1);
    });

    it('creates one grant when two sends with one key race, and answers both with it', async () => {
      for (let round = 0; round < 5; round += 1) {
        const userId = `player-race-${round}`;
        const body = { userId, item: 'Life', amount: 5, idempotencyKey: newKey() };
        const answers = await Promise.all([
          call('/api/compensation/send/consumable', body),
          call('/api/compensation/send/consumable', body),
        ]);
        expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
        const [a, b] = answers.map((answer) => answer.json().payload);
        expect(b).toEqual(a);
        expect(await listPendingCompensationGrants(t.app.db, 'dev', userId)).toEqual([a]);
        expect(await sendsTo(userId)).toHaveLength(1);
      }
    });

    it('refuses a key sent again with another amount (409), keeping the first grant only', async () => {
      const idempotencyKey = newKey();
      const body = { userId: 'player-11', item: 'Coin', amount: 100, idempotencyKey };
      const first = await call('/api/compensation/send/consumable', body);
      const changed = await call('/api/compensation/send/consumable', { ...body, amount: 1000 });
      expect(changed.statusCode).toBe(409);
      expect(changed.json()).toMatchObject({ error: IDEMPOTENCY_KEY_REUSED_MESSAGE });
      expect(await listPendingCompensationGrants(t.app.db, 'dev', 'player-11')).toEqual([
        first.json().payload,
      ]);
    });

    it('keeps keys per environment, and sends without a key are never merged', async () => {
      const body = { userId: 'player-12', item: 'Coin', amount: 1, idempotencyKey: newKey() };
      expect((await call('/api/compensation/send/consumable', body)).statusCode).toBe(200);
      expect((await call('/api/compensation/send/consumable', body, 'stable')).statusCode).toBe(200);
      expect(await listPendingCompensationGrants(t.app.db, 'stable', 'player-12')).toHaveLength(1);
      const { idempotencyKey: _none, ...withoutKey } = body;
      await call('/api/compensation/send/consumable', withoutKey);
      await call('/api/compensation/send/consumable', withoutKey);
      expect(await listPendingCompensationGrants(t.app.db, 'dev', 'player-12')).toHaveLength(3);
    });

    it('refuses a malformed key with 400 naming the field', async () => {
      const response = await call('/api/compensation/send/consumable', { ...valid, idempotencyKey: 'short' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: 'idempotencyKey: idempotencyKey must be 16 to 100 letters, digits, - or _',
      });
    });
  });

  it('answers 404 for an unknown environment', async () => {
    const response = await call('/api/compensation/send/consumable', valid, 'nowhere');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'Unknown environment nowhere' });
  });
});
