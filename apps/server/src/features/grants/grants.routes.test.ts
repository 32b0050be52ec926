import { RUNTIME_PATHS } from '@console/domain/runtime';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestResponse } from '../../../test/helpers.ts';

describe('game servers collect compensation and read progression (runtime key)', () => {
  let t: TestApp;
  let cookie: string;
  const keys: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    cookie = await t.login('support@example.com');
    for (const environment of ['dev', 'stable']) {
      const created = await t.post(
        `/api/runtime-keys/create?configuration=${environment}`,
        { name: 'gs' },
        cookie,
      );
      keys[environment] = created.json().payload.key;
    }
  });

  const runtime = (path: string, body: unknown, key = keys.dev, query = ''): Promise<TestResponse> =>
    t.request({
      method: 'POST',
      url: `${path}${query}`,
      headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
      payload: JSON.stringify(body),
    });
  const send = async (userId: string, item: string, amount: number, environment = 'dev') => {
    const response = await t.post(
      `/api/compensation/send/consumable?configuration=${environment}`,
      { userId, item, amount },
      cookie,
    );
    expect(response.statusCode).toBe(200);
    return response.json().payload as { id: number; created: number };
  };
  const pending = async (userId: string, key = keys.dev) => {
    const response = await runtime(RUNTIME_PATHS.grantsPending, { userId }, key);
    expect(response.statusCode).toBe(200);
    return response.json().payload as { id: number; item: string; amount: number; created: string }[];
  };
  const ack = async (ids: number[], key = keys.dev) => {
    const response = await runtime(RUNTIME_PATHS.grantsAck, { ids }, key);
    expect(response.statusCode).toBe(200);
    return response.json().payload.collected as number[];
  };

  it('refuses a missing, wrong or revoked key (401), another environment (403), and a session alone', async () => {
    for (const path of [RUNTIME_PATHS.grantsPending, RUNTIME_PATHS.progressionGet]) {
      expect((await runtime(path, { userId: 'p' }, '')).json()).toMatchObject({
        error: 'A runtime key is required: Authorization: Bearer rk_...',
      });
      expect((await runtime(path, { userId: 'p' }, 'rk_wrong')).statusCode).toBe(401);
      const other = await runtime(path, { userId: 'p' }, keys.dev, '?configuration=stable');
      expect(other.statusCode).toBe(403);
      expect(other.json()).toMatchObject({ error: "This runtime key reads environment 'dev', not 'stable'" });
      expect((await runtime(path, { userId: 'p' }, keys.dev, '?configuration=dev')).statusCode).toBe(200);
    }
    expect(
      (await runtime(RUNTIME_PATHS.grantsAck, { ids: [1] }, keys.stable, '?configuration=dev')).statusCode,
    ).toBe(403);
    // an operator's session is not a runtime key
    const withSession = await t.request({
      method: 'POST',
      url: RUNTIME_PATHS.grantsPending,
      headers: { 'content-type': 'application/json', cookie },
      payload: JSON.stringify({ userId: 'p' }),
    });
    expect(withSession.statusCode).toBe(401);
    const revoked = (await t.post('/api/runtime-keys/create', { name: 'old' }, cookie)).json().payload;
    expect((await runtime(RUNTIME_PATHS.grantsPending, { userId: 'p' }, revoked.key)).statusCode).toBe(200);
    await t.post('/api/runtime-keys/revoke', { id: revoked.id }, cookie);
    expect((await runtime(RUNTIME_PATHS.grantsPending, { userId: 'p' }, revoked.key)).statusCode).toBe(401);
  });

  it('answers 400 naming the field for a bad body', async () => {
    expect((await runtime(RUNTIME_PATHS.grantsAck, { ids: [] })).json()).toMatchObject({
      error: 'ids: ids must not be empty',
    });
    expect((await runtime(RUNTIME_PATHS.grantsAck, { ids: ['x'] })).statusCode).toBe(400);
    expect((await runtime(RUNTIME_PATHS.grantsAck, { ids: [-1] })).json()).toMatchObject({
      error: 'ids.0: each of ids must be a whole number from 1 to 2147483647',
    });
    expect((await runtime(RUNTIME_PATHS.grantsAck, { id: [1] })).json()).toMatchObject({
      error: "body: unknown field 'id': the body takes ids",
    });
    expect((await runtime(RUNTIME_PATHS.grantsPending, {})).json()).toMatchObject({
      error: 'userId: userId is required',
    });
    expect((await runtime(RUNTIME_PATHS.grantsPending, { userId: 'p', user: 'p' })).json()).toMatchObject({
      error: "body: unknown field 'user': the body takes userId",
    });
    expect((await runtime(RUNTIME_PATHS.progressionGet, { userID: 'p' })).json()).toMatchObject({
      error: "body: unknown field 'userID': the body takes userId",
    });
    expect((await runtime(RUNTIME_PATHS.progressionGet, { userId: '' })).json()).toMatchObject({
      error: 'userId: userId must not be empty',
    });
  });

  it("lists the player's uncollected grants of the key's environment, oldest first", async () => {
    const coins = await send('picker', 'Coin', 250);
    const lives = await send('picker', 'Life', 3);
    await send('someone-else', 'Coin', 1);
    await send('picker', 'Coin', 9, 'stable');
    expect(await pending('picker')).toEqual([
      { id: coins.id, item: 'Coin', amount: 250, created: new Date(coins.created).toISOString() },
      { id: lives.id, item: 'Life', amount: 3, created: new Date(lives.created).toISOString() },
    ]);
    expect((await pending('picker', keys.stable)).map((grant) => grant.amount)).toEqual([9]);
    expect(await pending('nobody')).toEqual([]);
  });

  it('collects each grant once: a second ack changes nothing, another environment’s ids are never collected', async () => {
    const [first, second, third] = [
      await send('collector', 'Coin', 1),
      await send('collector', 'Coin', 2),
      await send('collector', 'Coin', 3),
    ];
    const elsewhere = await send('collector', 'Coin', 4, 'stable');
    expect(await ack([second!.id, first!.id, first!.id, elsewhere.id])).toEqual([first!.id, second!.id]);
    expect(await ack([first!.id, second!.id])).toEqual([]);
    expect((await pending('collector')).map((grant) => grant.id)).toEqual([third!.id]);
    expect((await pending('collector', keys.stable)).map((grant) => grant.id)).toEqual([elsewhere.id]);
    expect(await ack([elsewhere.id], keys.stable)).toEqual([elsewhere.id]);
    expect(await ack([999_999_999])).toEqual([]);
  });

  it('collects every grant exactly once under many concurrent acks of overlapping id sets', async () => {
    const ids: number[] = [];
    for (let index = 0; index < 40; index += 1) ids.push((await send('racer', 'Coin', index + 1)).id);
    // 24 acks at once, each of a window of 12 ids sliding round the list: every id is asked for 7 or 8 times.
    const windows = Array.from({ length: 24 }, (_, start) =>
      Array.from({ length: 12 }, (_, offset) => ids[(start * 5 + offset) % ids.length]!),
    );
    const answers = await Promise.all(windows.map((window) => ack(window)));
    const collected = answers.flat();
    expect(collected.slice().sort((a, b) => a - b)).toEqual(ids);
    answers.forEach((answer, index) => {
      for (const id of answer) expect(windows[index]).toContain(id);
    });
    expect(await pending('racer')).toEqual([]);
  });

  it("reads the player's progression as an operator set it, or null", async () => {
    const set = await t.post(
      '/api/player/progression',
      { userId: 'climber', level: 12, eoc: 3, streak: 4 },
      cookie,
    );
    expect(set.statusCode).toBe(200);
    const read = await runtime(RUNTIME_PATHS.progressionGet, { userId: 'climber' });
    expect(read.json()).toEqual({ payload: { level: 12, eoc: 3, streak: 4 } });
    expect((await runtime(RUNTIME_PATHS.progressionGet, { userId: 'climber' }, keys.stable)).json()).toEqual({
      payload: null,
    });
  });
});
